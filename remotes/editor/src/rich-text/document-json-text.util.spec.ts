import { getSchema } from '@tiptap/core';
import { createExtensions } from '@memories/editor-schema';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { createDocumentJsonText, joinDocumentJson, type DocumentJsonText } from './document-json-text.util';

const schema = getSchema(createExtensions());

const textOf = (documentJsonText: DocumentJsonText, doc: Parameters<DocumentJsonText['parts']>[0]) => {
  const { head, blocks } = documentJsonText.parts(doc);
  return joinDocumentJson(head, blocks);
};

const paragraphs = (count: number) => ({
  type: 'doc',
  content: Array.from({ length: count }, (_, index) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Paragraph ${index + 1}` }],
  })),
});

describe('createDocumentJsonText', () => {
  it('writes what JSON.stringify of the document writes, after every kind of change', () => {
    const documentJsonText = createDocumentJsonText();
    let state = EditorState.create({ doc: schema.nodeFromJSON(paragraphs(50)) });
    expect(textOf(documentJsonText, state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    const middle = state.doc.child(0).nodeSize * 25 - 2;
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, middle)).insertText(' and more'));
    expect(textOf(documentJsonText, state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    state = state.apply(state.tr.addMark(1, 5, schema.marks['bold'].create()).split(3));
    expect(textOf(documentJsonText, state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    state = state.apply(state.tr.delete(1, state.doc.content.size - 1));
    expect(textOf(documentJsonText, state.doc)).toBe(JSON.stringify(state.doc.toJSON()));

    const table = schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [{ type: 'tableCell', content: [{ type: 'paragraph', attrs: { textAlign: 'center' } }] }],
            },
          ],
        },
      ],
    });
    expect(textOf(documentJsonText, table)).toBe(JSON.stringify(table.toJSON()));
  });

  it('serialises again only the blocks a transaction changed', () => {
    const documentJsonText = createDocumentJsonText();
    let state = EditorState.create({ doc: schema.nodeFromJSON(paragraphs(100)) });
    textOf(documentJsonText, state.doc);
    const toJSON = jest.spyOn(Object.getPrototypeOf(state.doc), 'toJSON');

    state = state.apply(state.tr.insertText('!', 3));
    textOf(documentJsonText, state.doc);

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
    expect(textOf(documentJsonText, doc)).toBe(JSON.stringify(doc.toJSON()));
    expect(toJSON).toHaveBeenCalledTimes(1 + 10 * 2);
    toJSON.mockRestore();
  });
});
