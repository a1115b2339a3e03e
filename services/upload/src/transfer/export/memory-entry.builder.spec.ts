import { parse as parseYaml } from 'yaml';
import type { Memory } from '@memories/contracts';
import { buildMemoryEntry } from './memory-entry.builder';

const OWNER = '11111111-2222-4333-8444-555555555555';
const photo = `/api/files/users/${OWNER}/0f0e0d0c-0b0a-4909-8807-060504030201.png`;
const foreign = 'https://example.com/elsewhere.png';

function memory(overrides: Partial<Memory> = {}): Memory {
  const document = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Reef' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Blue ' },
          { type: 'text', text: 'water', marks: [{ type: 'italic' }] },
        ],
      },
      { type: 'image', attrs: { src: photo, alt: 'fish' } },
      { type: 'image', attrs: { src: foreign, alt: 'far' } },
    ],
  };
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    title: 'Day at the reef',
    date: '2024-05-01T12:00:00',
    contentHtml: `<h2>Reef</h2><p>Blue <em>water</em></p><img src="${photo}" alt="fish"><img src="${foreign}" alt="far">`,
    contentJson: JSON.stringify(document),
    tags: ['sea', 'trip'],
    isDraft: false,
    thumbnailUrl: photo,
    sharedWith: ['u-1'],
    userEmail: 'me@example.com',
    ownerId: OWNER,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-02T10:00:00.000Z',
    viewCount: 2,
    likeCount: 0,
    commentCount: 0,
    wordCount: 3,
    readingTime: 1,
    version: 3,
    mood: null,
    journalId: '66666666-7777-4888-9999-000000000000',
    ...overrides,
  };
}

describe('a memory in the export archive', () => {
  it('points its own images into the archive everywhere it had their URL, and leaves other images as they were', () => {
    const entry = buildMemoryEntry(memory(), {
      markdownFile: 'memories/2024-05-01-day-at-the-reef.md',
      recipients: ['friend@example.com'],
      markdownToRoot: '../',
      placeImage: (_key, position) => ({ path: `images/2024-05-01-day-at-the-reef/${position}.png`, isNew: true }),
    });
    const archived = 'images/2024-05-01-day-at-the-reef/1.png';
    expect(entry.newImages).toEqual([{ key: photo.replace('/api/files/', ''), path: archived }]);
    expect(entry.exported.thumbnailUrl).toBe(archived);
    expect(entry.exported.contentHtml).toContain(`src="${archived}"`);
    expect(entry.exported.contentHtml).toContain(`src="${foreign}"`);
    expect(JSON.stringify(entry.exported.contentJson)).toContain(archived);
    expect(entry.exported).toMatchObject({
      sharedWith: ['friend@example.com'],
      markdownFile: 'memories/2024-05-01-day-at-the-reef.md',
      viewCount: 2,
    });
  });

  it('writes Markdown with YAML front matter and the body from the document, images as relative links', () => {
    const { markdown, exported } = buildMemoryEntry(memory({ mood: 5 }), {
      markdownFile: 'memories/x.md',
      recipients: [],
      markdownToRoot: '../',
      placeImage: () => ({ path: 'images/x/1.png', isNew: true }),
    });
    const [, front, body] = markdown.split('---\n');
    expect(parseYaml(front)).toEqual({
      title: 'Day at the reef',
      date: '2024-05-01T12:00:00',
      tags: ['sea', 'trip'],
      draft: false,
      mood: 5,
      created: '2024-05-01T10:00:00.000Z',
      updated: '2024-05-02T10:00:00.000Z',
    });
    expect(exported.mood).toBe(5);
    expect(body).toContain('## Reef');
    expect(body).toContain('Blue *water*');
    expect(body).toContain('![fish](../images/x/1.png)');
  });
});
