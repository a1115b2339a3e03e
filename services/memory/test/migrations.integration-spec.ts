import { randomUUID } from 'node:crypto';
import { getMemorySchema } from '@memories/editor-schema';
import { deriveMemoryContent } from '@memories/editor-schema/server';
import { describeMigrationSafety, type SqlRunner } from '@memories/server-testing';
import { MEMORY_MIGRATIONS } from '../src/database/memory.migrations';

type Node = {
  type: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  text?: string;
  content?: Node[];
};

const text = (value: string, marks?: Node['marks']): Node => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: Node[]): Node => ({ type: 'paragraph', content });
const cell = (type: 'tableHeader' | 'tableCell', value: string): Node => ({
  type,
  attrs: { colwidth: [120] },
  content: [paragraph(text(value))],
});

/** A journal entry that uses every node and mark of the editor schema, with the attributes each can carry. */
function everyNodeDocument(image: string): Node {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1, textAlign: 'center' }, content: [text('Summer at the lake')] },
      { type: 'heading', attrs: { level: 2 }, content: [text('Morning')] },
      paragraph(
        text('We woke early, '),
        text('very', [{ type: 'bold' }]),
        text(' early, ', [{ type: 'italic' }]),
        text('too early', [{ type: 'strike' }]),
        text(' and saw ', [{ type: 'highlight', attrs: { color: '#fff59d' } }]),
        text('herons', [
          {
            type: 'link',
            attrs: { href: 'https://example.com/herons', target: '_blank', rel: 'noopener noreferrer nofollow' },
          },
        ]),
        { type: 'hardBreak' },
        text('on the far shore.', [{ type: 'textStyle', attrs: { color: '#1a2b3c', fontFamily: 'Georgia' } }]),
      ),
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph(text('bread'))] },
          { type: 'listItem', content: [paragraph(text('cheese'))] },
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 3 },
        content: [{ type: 'listItem', content: [paragraph(text('row across'))] }],
      },
      { type: 'blockquote', content: [paragraph(text('“The water was glass.”'))] },
      { type: 'codeBlock', attrs: { language: 'text' }, content: [text('07:10 sunrise\n07:45 herons')] },
      { type: 'horizontalRule' },
      { type: 'image', attrs: { src: image, alt: 'The boat', title: 'Our boat', width: 320, align: 'center' } },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('tableHeader', 'Time'), cell('tableHeader', 'Bird')] },
          { type: 'tableRow', content: [cell('tableCell', '07:45'), cell('tableCell', 'Heron')] },
        ],
      },
      { type: 'paragraph', attrs: { textAlign: 'right' }, content: [text('— written that evening, 山田')] },
    ],
  };
}

function typesIn(node: Node, found = new Set<string>()): Set<string> {
  found.add(node.type);
  for (const mark of node.marks ?? []) found.add(mark.type);
  for (const child of node.content ?? []) typesIn(child, found);
  return found;
}

/** Memories of three owners (drafts and published, tags, thumbnails, images, every editor node), and shares. */
async function seed(db: SqlRunner): Promise<void> {
  const owners = [randomUUID(), randomUUID(), randomUUID()];
  const ids: string[] = [];
  for (const [index, owner] of owners.entries()) {
    const image = `/api/files/users/${owner}/${randomUUID()}.png`;
    const documents = [
      everyNodeDocument(image),
      { type: 'doc', content: [paragraph(text(`Short note ${index}`))] },
      { type: 'doc', content: [] },
    ];
    for (const [position, document] of documents.entries()) {
      const content = deriveMemoryContent(document, { fileUrlPrefix: '/api/files/' });
      const [{ id }] = (await db.query(
        `INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text, tags, is_draft,
           thumbnail_url, image_sources, word_count, reading_time, view_count, like_count, comment_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now() - $17::interval, now() - $18::interval)
         RETURNING id`,
        [
          owner,
          `owner${index}@example.com`,
          ['Summer at the lake', `Note ${index}`, 'Untitled thoughts'][position],
          `2024-0${position + 1}-1${index} 12:00:00`,
          JSON.stringify(content.contentJson),
          content.contentHtml,
          content.plainText,
          [['lake', 'summer', 'birds'], ['note'], []][position],
          position === 1,
          content.imageSources[0] ?? '',
          content.imageSources,
          content.wordCount,
          content.readingTime,
          index * 7,
          index,
          0,
          `${index + position} days`,
          `${position} hours`,
        ],
      )) as Array<{ id: string }>;
      ids.push(id);
    }
  }
  await db.query(
    `INSERT INTO memory.memory_shares (memory_id, user_id) VALUES ($1, $4), ($1, $5), ($2, $6), ($3, $4)`,
    [ids[0], ids[3], ids[7], owners[1], owners[2], owners[0]],
  );
}

describe('the data set of the memory migration suite', () => {
  it('uses every node and mark of the editor schema', () => {
    const schema = getMemorySchema();
    const used = typesIn(
      deriveMemoryContent(everyNodeDocument('/api/files/users/u/x.png'), { fileUrlPrefix: '/api/files/' })
        .contentJson as Node,
    );
    expect([...Object.keys(schema.nodes), ...Object.keys(schema.marks)].filter((type) => !used.has(type))).toEqual([]);
  });
});

describeMigrationSafety({
  schema: 'memory',
  migrations: MEMORY_MIGRATIONS,
  firstRelease: 'CountMemoriesPerOwner1732400000000',
  seed,
});
