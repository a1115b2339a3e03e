import { getSchema } from '@tiptap/core';
import { createExtensions } from '@memories/editor-schema';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { createDocumentJsonText } from './document-json-text.util';

const schema = getSchema(createExtensions());

const paragraphs = (count: number) => ({
  type: 'doc',
  content: Array.from({ length: count }, (_, index) => ({ type: 'paragraph', content: [{ type: 'text', text: `Paragraph ${index + 1}` }] })),
});

describe('createDocumentJsonText', () => {
  it('writes what JSON.stringify of the document writes, after every kind of change', () => {
    const documentJsonText = createDocumentJsonText();
    let state = EditorState.create({ doc: schema.nodeFromJSON(paragraphs(50)) });
    expect(documentJsonText.text(state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    const middle = state.doc.child(0).nodeSize * 25 - 2;
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, middle)).insertText(' and more'));
    expect(documentJsonText.text(state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    state = state.apply(state.tr.addMark(1, 5, schema.marks['bold'].create()).split(3));
    expect(documentJsonText.text(state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    state = state.apply(state.tr.delete(1, state.doc.content.size - 1));
    expect(documentJsonText.text(state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    const table = schema.nodeFromJSON({
      type: 'doc',
      content: [{ type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph', attrs: { textAlign: 'center' } }] }] }] }],
    });
    expect(documentJsonText.text(table)).toBe(JSON.stringify(table.toJSON()));
  });

  it('serialises again only the blocks a transaction changed', () => {
    const documentJsonText = createDocumentJsonText();
    let state = EditorState.create({ doc: schema.nodeFromJSON(paragraphs(100)) });
    documentJsonText.text(state.doc);
    const toJSON = jest.spyOn(Object.getPrototypeOf(state.doc), 'toJSON');

    state = state.apply(state.tr.insertText('!', 3));
    documentJsonText.text(state.doc);

    // The paragraph typed in (and its text node); none of the other 99.
    expect(toJSON).toHaveBeenCalledTimes(2);
    toJSON.mockRestore();
  });

  it('serialises ahead in slices, then writes without serialising any block again', () => {
    const documentJsonText = createDocumentJsonText();
    const doc = schema.nodeFromJSON(paragraphs(10));
    let slice = 0;

    expect(documentJsonText.prepare(doc, () => ++slice <= 4)).toBe(false);
    expect(documentJsonText.prepare(doc, () => true)).toBe(true);
    const toJSON = jest.spyOn(Object.getPrototypeOf(doc), 'toJSON');
    expect(documentJsonText.text(doc)).toBe(JSON.stringify(doc.toJSON()));
    expect(toJSON).toHaveBeenCalledTimes(1 + 10 * 2);
    toJSON.mockRestore();
  });
});
