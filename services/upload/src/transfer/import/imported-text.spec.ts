import type { ImportedMemoryInput } from '@memories/contracts';
import { cleanImportedMemory, cleanIssue } from './imported-text';

const item = (
  memory: Partial<ImportedMemoryInput['memory']>,
  sourceKey = 'markdown:notes/a.md',
): ImportedMemoryInput => ({
  sourceKey,
  memory: {
    title: 'Title',
    date: '2022-01-02T10:00:00',
    contentJson: { type: 'doc', content: [] },
    tags: [],
    ...memory,
  },
});

describe('text of imported memories', () => {
  it('removes control characters and replaces half surrogate pairs in every string, at any depth, keys too', () => {
    const cleaned = cleanImportedMemory(
      item(
        {
          title: 'Night\u0000 bus \ud83d',
          tags: ['bell\u0007', 'tea'],
          contentJson: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                attrs: { 'class\u0001': 'x\u001b' },
                content: [{ type: 'text', text: 'An escape\u001b[0m and \udc00 here.' }],
              },
            ],
          },
        },
        'markdown:notes/tea\u0001.md',
      ),
    );
    expect(cleaned).toEqual(
      item(
        {
          title: 'Night bus \ufffd',
          tags: ['bell', 'tea'],
          contentJson: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                attrs: { class: 'x' },
                content: [{ type: 'text', text: 'An escape[0m and \ufffd here.' }],
              },
            ],
          },
        },
        'markdown:notes/tea.md',
      ),
    );
  });

  it('keeps what a person means: tabs, line breaks, whole emoji and every other script', () => {
    const text = 'Line one\n\tLine two\r\n😀 Ünïcödé 日本語';
    const cleaned = cleanImportedMemory(
      item({ title: text, contentJson: { type: 'doc', content: [{ type: 'text', text }] } }),
    );
    expect(cleaned.memory.title).toBe(text);
    expect(cleaned.memory.contentJson).toEqual({ type: 'doc', content: [{ type: 'text', text }] });
  });

  it('gives a title that was only invisible characters the date, so the memory can still be saved', () => {
    expect(cleanImportedMemory(item({ title: '\u0000\u0007 ' })).memory.title).toBe('Memory of 2022-01-02');
  });

  it('makes the notes of the report storable', () => {
    expect(cleanIssue({ entry: 'a\u0000.md', message: 'Its date "x\u0000" is not a date.' })).toEqual({
      entry: 'a.md',
      message: 'Its date "x" is not a date.',
    });
  });
});
