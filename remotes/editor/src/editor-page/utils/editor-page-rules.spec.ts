import { formFieldsOf, toMemoryInput } from './memory-input.util';
import { canAutoSave, validateMemoryForm } from './memory-validation.util';
import { removedImages } from './removed-images.util';
import { addTags, suggestTags } from './tag-rules.util';
import { fileNameOf, isThumbnailCandidate, thumbnailOptions } from './thumbnail-options.util';

describe('tags (spec section 5)', () => {
  it('trims, ignores blanks and never adds a tag twice', () => {
    expect(addTags(['sea'], '  sun  ')).toEqual(['sea', 'sun']);
    expect(addTags(['sea'], '   ')).toEqual(['sea']);
    expect(addTags(['sea'], ' sea ')).toEqual(['sea']);
  });

  it('splits on commas, as a pasted "a, b" is two tags', () => {
    expect(addTags([], 'sea, sun,,sea')).toEqual(['sea', 'sun']);
  });

  it('suggests at most five existing tags containing the text in any case, leaving out the chosen ones', () => {
    const existing = ['Beach', 'beach-day', 'SEA', 'Seaside', 'research', 'seal', 'sea-food', 'mountain'];

    expect(suggestTags(existing, ['SEA'], 'sea')).toEqual(['Seaside', 'research', 'seal', 'sea-food']);
    expect(suggestTags(existing, [], 'EA')).toEqual(['Beach', 'beach-day', 'SEA', 'Seaside', 'research']);
    expect(suggestTags(existing, [], '  ')).toEqual([]);
  });
});

describe('memory save rules (spec section 5)', () => {
  it('names every missing field with its message', () => {
    expect(validateMemoryForm({ title: ' ', text: '\n', date: '' })).toEqual({
      title: 'Title is required',
      text: 'Content is required',
      date: 'Date is required',
    });
    expect(validateMemoryForm({ title: 'Trip', text: 'We went.', date: '2026-05-01' })).toEqual({});
  });

  it('auto-saves only with a title and some content', () => {
    expect(canAutoSave({ title: 'Trip', text: 'x' })).toBe(true);
    expect(canAutoSave({ title: '  ', text: 'x' })).toBe(false);
    expect(canAutoSave({ title: 'Trip', text: ' ' })).toBe(false);
  });

  it('sends the date bare, the title trimmed, the mood and the thumbnail only while the content still shows it', () => {
    const input = toMemoryInput({
      fields: { title: ' Trip ', date: '2026-05-01', tags: ['sea'], thumbnailUrl: '/api/files/a.png', mood: 4 },
      content: { type: 'doc', content: [] },
      html: '<p></p>',
      images: ['/api/files/b.png'],
      isDraft: true,
      sharedWith: ['u2'],
    });

    expect(input).toEqual({
      title: 'Trip',
      date: '2026-05-01',
      contentJson: '{"type":"doc","content":[]}',
      contentHtml: '<p></p>',
      tags: ['sea'],
      isDraft: true,
      thumbnailUrl: '',
      sharedWith: ['u2'],
      mood: 4,
    });
  });

  it('starts a new memory today and a loaded one on its stored calendar date', () => {
    expect(formFieldsOf(null, new Date(2026, 0, 9, 23, 30)).date).toBe('2026-01-09');
    const memory = { title: 'Trip', date: '2026-05-01T12:00:00', tags: ['sea'], thumbnailUrl: '', mood: 4 };
    expect(formFieldsOf(memory as Parameters<typeof formFieldsOf>[0])).toEqual({
      title: 'Trip',
      date: '2026-05-01',
      tags: ['sea'],
      thumbnailUrl: '',
      mood: 4,
    });
  });
});

describe('thumbnail options (spec section 5 and 9)', () => {
  it("offers http(s) images and the app's own file URLs, never data: or blob: sources", () => {
    expect(isThumbnailCandidate('https://example.com/a.png')).toBe(true);
    expect(isThumbnailCandidate('/api/files/users/u1/a.png')).toBe(true);
    expect(isThumbnailCandidate('data:image/png;base64,AAAA')).toBe(false);
    expect(isThumbnailCandidate('blob:http://x/1')).toBe(false);
    expect(isThumbnailCandidate('//cdn.example.com/a.png')).toBe(false);
  });

  it('labels each with the first 30 characters of its decoded file name', () => {
    expect(fileNameOf('https://example.com/photos/My%20Trip.png?x=1')).toBe('My Trip.png');
    expect(
      thumbnailOptions(['data:image/png;base64,AA', '/api/files/users/u1/0123456789abcdefghijklmnopqrstuvwxyz.png']),
    ).toEqual([
      { src: '/api/files/users/u1/0123456789abcdefghijklmnopqrstuvwxyz.png', label: '0123456789abcdefghijklmnopqrst' },
    ]);
  });
});

describe('removed images (kept for the browser session)', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers what left the content, forgets what came back and what was cleaned up', () => {
    removedImages.track(['/a.png', '/b.png'], ['/b.png']);
    removedImages.track(['/b.png'], []);
    expect(removedImages.pending([])).toEqual(['/a.png', '/b.png']);

    removedImages.track([], ['/b.png']);
    expect(removedImages.pending(['/b.png'])).toEqual(['/a.png']);

    removedImages.forget(['/a.png']);
    expect(removedImages.pending([])).toEqual([]);
  });
});
