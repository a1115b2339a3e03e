import { listImageSources } from './list-image-sources.util';
import { getMemorySchema } from './memory-schema';
import { normalizeDocument } from './normalize-document';
import type { MemoryDocument } from './document.types';
import { countWords, extractPlainText, readingTimeMinutes } from './plain-text.util';

const text = (value: string, marks?: unknown[]) =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => normalizeDocument({ type: 'doc', content });

describe('extractPlainText', () => {
  it('puts every block on its own line, a hard break as a line break, and leaves images out', () => {
    const memory = doc(
      { type: 'heading', attrs: { level: 1 }, content: [text('Trip')] },
      paragraph(text('Day '), text('one', [{ type: 'bold' }]), { type: 'hardBreak' }, text('sunny')),
      { type: 'image', attrs: { src: '/api/files/a.png', alt: 'beach' } },
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph(text('swim'))] },
          { type: 'listItem', content: [paragraph(text('read'))] },
        ],
      },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', content: [paragraph(text('a'))] },
              { type: 'tableCell', content: [paragraph(text('b'))] },
            ],
          },
        ],
      },
    );
    expect(extractPlainText(memory)).toBe('Trip\nDay one\nsunny\nswim\nread\na\nb');
  });

  it('is empty for an empty document', () => {
    expect(extractPlainText(doc())).toBe('');
  });

  it('reads from the JSON exactly what ProseMirror’s textBetween reads from the node, for every kind of node', () => {
    const memory = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Harbour '), text('days', [{ type: 'italic' }])] },
      paragraph(),
      paragraph(text('a'), { type: 'hardBreak' }, { type: 'hardBreak' }, text('b')),
      { type: 'blockquote', content: [paragraph(text('quoted')), paragraph(text('twice'))] },
      { type: 'codeBlock', content: [text('const x = 1;\nx += 1;')] },
      { type: 'horizontalRule' },
      { type: 'image', attrs: { src: '/api/files/a.png', alt: 'beach' } },
      {
        type: 'orderedList',
        content: [
          {
            type: 'listItem',
            content: [
              paragraph(text('one')),
              { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('nested'))] }] },
            ],
          },
        ],
      },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [{ type: 'tableHeader', content: [paragraph(text('h'))] }] },
          { type: 'tableRow', content: [{ type: 'tableCell', content: [paragraph()] }] },
        ],
      },
      paragraph(text('end')),
    );
    const node = getMemorySchema().nodeFromJSON(memory);
    const expected = node.textBetween(0, node.content.size, '\n', (leaf) =>
      leaf.type.name === 'hardBreak' ? '\n' : '',
    );

    expect(extractPlainText(memory)).toBe(expected);
    expect(extractPlainText(node)).toBe(expected);
  });

  it('reads JSON no server normalised warily: unknown nodes and malformed parts carry no text', () => {
    const sealedAsWritten = {
      type: 'doc',
      content: [
        paragraph(text('kept')),
        { type: 'constructor', content: [text('hidden')] },
        { type: 'paragraph', content: { not: 'a list' } },
        { type: 'paragraph', content: [{ type: 'text', text: 42 }, null, text('also kept')] },
      ],
    } as unknown as MemoryDocument;

    expect(extractPlainText(sealedAsWritten)).toBe('kept\n\nalso kept');
  });
});

describe('countWords', () => {
  it.each<[string, number]>([
    ['', 0],
    ['   \n\t ', 0],
    ['Hello world', 2],
    ['Hello,   world!  How are you?', 5],
    ["don't stop", 2],
    ['It costs 12.50 dollars', 4],
    ['— … !!! ???', 0],
    ['Ünïcödé wörds çà', 3],
    ['line\nbreaks\nsplit', 3],
    ['a well-known fact', 3],
    ['emoji 🎉 are not words', 4],
  ])('counts %j as %i words', (value, words) => {
    expect(countWords(value)).toBe(words);
  });

  it('counts each Chinese or Japanese character as a word, as word processors do', () => {
    expect(countWords('我们今天去公园')).toBe(7);
    expect(countWords('I ❤ 東京 and ひらがな')).toBe(8);
  });

  it('counts a text of the largest size content may have', () => {
    const text = 'word '.repeat(400_000);
    expect(countWords(text)).toBe(400_000);
    expect(countWords(text.replace(/ /g, '\n'))).toBe(400_000);
  });
});

describe('readingTimeMinutes', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 1],
    [199, 1],
    [200, 1],
    [201, 2],
    [1000, 5],
    [1001, 6],
  ])('takes %i words as %i minutes at 200 words a minute', (words, minutes) => {
    expect(readingTimeMinutes(words)).toBe(minutes);
  });

  it('takes nonsense counts as no reading time', () => {
    expect([
      readingTimeMinutes(-5),
      readingTimeMinutes(Number.NaN),
      readingTimeMinutes(Number.POSITIVE_INFINITY),
    ]).toEqual([0, 0, 0]);
  });
});

describe('listImageSources', () => {
  it('lists every image source once, in reading order, nested ones included', () => {
    const memory = doc(
      { type: 'image', attrs: { src: '/api/files/b.png' } },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [{ type: 'tableCell', content: [{ type: 'image', attrs: { src: '/api/files/a.png' } }] }],
          },
        ],
      },
      { type: 'image', attrs: { src: '/api/files/b.png' } },
    );
    expect(listImageSources(memory)).toEqual(['/api/files/b.png', '/api/files/a.png']);
  });

  it('is empty without images', () => {
    expect(listImageSources(doc(paragraph(text('x'))))).toEqual([]);
  });
});
