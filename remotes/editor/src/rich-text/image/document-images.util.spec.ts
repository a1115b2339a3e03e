import { createExtensions } from '@memories/editor-schema';
import { getSchema } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import { transactionMayChangeImages } from './document-images.util';

const schema = getSchema(createExtensions());
const state = EditorState.create({
  doc: schema.nodeFromJSON({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] },
      { type: 'image', attrs: { src: '/api/files/a.png' } },
      { type: 'paragraph', content: [{ type: 'text', text: 'world' }] },
    ],
  }),
});
// Positions: paragraph 0-7, image 7-8, paragraph 8-15.
const IMAGE_POS = 7;

describe('transactionMayChangeImages', () => {
  it('answers no for typing and deleting text away from images', () => {
    expect(transactionMayChangeImages(state.tr.insertText('!', 6))).toBe(false);
    expect(transactionMayChangeImages(state.tr.delete(1, 3))).toBe(false);
  });

  it('answers yes when a step removes, inserts or changes an image', () => {
    expect(transactionMayChangeImages(state.tr.delete(IMAGE_POS, IMAGE_POS + 1))).toBe(true);
    expect(transactionMayChangeImages(state.tr.delete(3, 12))).toBe(true);
    expect(
      transactionMayChangeImages(state.tr.insert(1, schema.nodes['image'].create({ src: '/api/files/b.png' }))),
    ).toBe(true);
    expect(transactionMayChangeImages(state.tr.setNodeMarkup(IMAGE_POS, undefined, { src: '/api/files/c.png' }))).toBe(
      true,
    );
  });
});
