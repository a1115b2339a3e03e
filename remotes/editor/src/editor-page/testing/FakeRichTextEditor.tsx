import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

import type { RichTextEditorHandle, RichTextEditorProps } from '../../rich-text';
import type { EditorDocument } from '../utils/editor-document';

// A stand-in for the Tiptap editor in jsdom page tests: a textarea whose lines are paragraphs, honouring the
// contract of ../rich-text (onChange without the document, images reported when their list changes, the handle).

const IMAGE_LINE = /^!\[\]\((.+)\)$/;

function toDocument(text: string): EditorDocument {
  return {
    type: 'doc',
    content: text.split('\n').map((line) => {
      const image = IMAGE_LINE.exec(line);
      if (image) return { type: 'image', attrs: { src: image[1] } };
      return line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' };
    }),
  };
}

function toText(doc: EditorDocument | null): string {
  return (doc?.content ?? [])
    .map((node) =>
      node.type === 'image'
        ? `![](${String(node.attrs?.['src'])})`
        : (node.content ?? []).map((child) => child.text ?? '').join(''),
    )
    .join('\n');
}

const imagesOf = (text: string) => [...new Set(text.split('\n').flatMap((line) => IMAGE_LINE.exec(line)?.[1] ?? []))];

export const RichTextEditor = forwardRef<RichTextEditorHandle, RichTextEditorProps>(function FakeRichTextEditor(
  { initialContent, ariaLabel, errorText, onChange, onImagesChange },
  ref,
) {
  const [text, setText] = useState(() => toText(initialContent));
  const textarea = useRef<HTMLTextAreaElement>(null);
  const reported = useRef<string[] | null>(null);
  const report = (next: string) => {
    const sources = imagesOf(next);
    if (reported.current === null || sources.join('\n') !== reported.current.join('\n')) onImagesChange(sources);
    reported.current = sources;
  };
  useEffect(() => {
    if (reported.current === null) report(text);
  });

  useImperativeHandle(ref, () => ({
    getJSON: () => toDocument(text),
    getJSONParts: () => ({
      head: JSON.stringify({ type: 'doc' }),
      blocks: (toDocument(text).content ?? []).map((block) => JSON.stringify(block)),
    }),
    prepareJSONParts: () => true,
    getHTML: () =>
      toDocument(text)
        .content?.map((node) =>
          node.type === 'image'
            ? `<img src="${String(node.attrs?.['src'])}">`
            : `<p>${toText({ type: 'doc', content: [node] })}</p>`,
        )
        .join('') ?? '',
    getText: () =>
      text
        .split('\n')
        .filter((line) => !IMAGE_LINE.test(line))
        .join('\n'),
    removeImage: (src) => {
      const next = text
        .split('\n')
        .filter((line) => IMAGE_LINE.exec(line)?.[1] !== src)
        .join('\n');
      setText(next);
      report(next);
      onChange();
    },
    setContent: (content) => {
      const next = toText(content);
      setText(next);
      report(next);
    },
    insertHeading: (heading) => {
      const next = text ? `${heading}\n${text}` : heading;
      setText(next);
      report(next);
      onChange();
    },
    // Page tests do not upload: the real editor's uploads are proven in the browser.
    uploadImages: () => Promise.resolve([]),
    focus: () => textarea.current?.focus(),
  }));

  return (
    <>
      <textarea
        ref={textarea}
        data-testid="rich-text-content"
        aria-label={ariaLabel}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          report(event.target.value);
          onChange();
        }}
      />
      {errorText && <p>{errorText}</p>}
    </>
  );
});
