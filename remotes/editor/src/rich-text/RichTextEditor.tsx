import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { memoryContentStyles } from '@memories/web-ui';
import { createExtensions } from '@memories/editor-schema';
import { EditorContent, useEditor } from '@tiptap/react';
import { forwardRef, useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createDocumentJsonText } from './document-json-text.util';
import {
  documentImageSources,
  removeImagesWithSource,
  sameSources,
  transactionMayChangeImages,
} from './image/document-images.util';
import { EditableImage } from './image/editable-image.extension';
import { loadInitialDocument } from './load-initial-document.util';
import type { RichTextEditorHandle, RichTextEditorProps } from './rich-text-editor.types';
import { EditorToolbar } from './toolbar/EditorToolbar';
import { useImageUploads } from './upload/useImageUploads';

/** Spec section 9. */
export const EDITOR_MIN_HEIGHT_PX = 400;

/**
 * The memory's rich-text editor: the schema's one extension list (with the React image view), the toolbar, and a
 * handle for the page. Following Tiptap's performance guidance, a transaction renders no React: only the toolbar
 * re-renders, and only when its selected state changes; the page hears `onChange` without the document.
 */
export const RichTextEditor = forwardRef<RichTextEditorHandle, RichTextEditorProps>(function RichTextEditor(
  {
    initialContent,
    ariaLabel,
    errorText,
    onChange,
    onImagesChange,
    onError,
    onUploadingChange,
    images = true,
    storeImage,
  },
  ref,
) {
  const errorId = useId();
  const callbacks = useRef({ onChange, onImagesChange });
  useEffect(() => {
    callbacks.current = { onChange, onImagesChange };
  });
  const sources = useRef<string[] | null>(null);
  const silent = useRef(false);

  // Created once and kept: useEditor compares its options on every render, and new extension objects would make it
  // reconfigure the editor each time the page renders. The document is read once, on mount.
  const [extensions] = useState(() => createExtensions({ image: EditableImage }));
  const [content] = useState(() => initialContent);
  const [documentJsonText] = useState(createDocumentJsonText);
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        ...(errorText ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    }),
    [ariaLabel, errorText, errorId],
  );

  const editor = useEditor({
    extensions,
    // Created empty; the document follows once EditorContent has mounted (see loadInitialDocument).
    content: '',
    shouldRerenderOnTransaction: false,
    immediatelyRender: true,
    editorProps,
    onUpdate: ({ editor: updated, transaction }) => {
      if (!sources.current || transactionMayChangeImages(transaction)) {
        const next = documentImageSources(updated.state.doc);
        if (!sources.current || !sameSources(sources.current, next)) {
          sources.current = next;
          callbacks.current.onImagesChange(next);
        }
      }
      if (!silent.current) callbacks.current.onChange();
    },
  });

  // EditorContent (a child) has mounted when this layout effect runs; the document is in before the first paint.
  useLayoutEffect(() => {
    if (content) loadInitialDocument(editor, content);
  }, [editor, content]);

  // Tiptap announces creation a tick later; the page should know the images of the loaded document at once.
  useEffect(() => {
    sources.current = documentImageSources(editor.state.doc);
    callbacks.current.onImagesChange(sources.current);
  }, [editor]);

  // Here rather than in the toolbar's button: the page also uploads through it (photos shared to the app).
  const uploads = useImageUploads(editor, onError, onUploadingChange, storeImage);

  useImperativeHandle(
    ref,
    () => ({
      getJSON: () => editor.getJSON(),
      getJSONParts: () => documentJsonText.parts(editor.state.doc),
      prepareJSONParts: (hasTime) => documentJsonText.prepare(editor.state.doc, hasTime),
      getHTML: () => editor.getHTML(),
      getText: () => editor.getText(),
      removeImage: (src) => removeImagesWithSource(editor, src),
      setContent: (content) => {
        silent.current = true;
        try {
          editor.commands.setContent(content, { emitUpdate: true });
        } finally {
          silent.current = false;
        }
      },
      insertHeading: (text) => {
        editor
          .chain()
          .focus()
          .insertContent([
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text }] },
            { type: 'paragraph' },
          ])
          .run();
      },
      uploadImages: (files) => uploads.upload(files),
      focus: () => {
        editor.commands.focus();
      },
    }),
    [editor, documentJsonText, uploads],
  );

  return (
    <Box>
      <Box
        sx={{
          border: 1,
          borderColor: errorText ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '&:focus-within': {
            borderColor: errorText ? 'error.main' : 'primary.main',
            boxShadow: (theme) => `0 0 0 1px ${theme.palette[errorText ? 'error' : 'primary'].main}`,
          },
        }}
      >
        <EditorToolbar editor={editor} uploads={images ? uploads : null} />
        <Box
          // No `content-visibility: auto` on the paragraphs: Chromium watches every such element with an
          // intersection observer, and in a 10,000-paragraph memory computing those intersections after each
          // keystroke cost more (about 22 ms a frame) than the layout and paint it saved (docs/performance.md).
          sx={{
            '& .ProseMirror': {
              minHeight: EDITOR_MIN_HEIGHT_PX,
              px: 2,
              py: 1.5,
              outline: 'none',
              boxSizing: 'border-box',
            },
          }}
        >
          {/* The shared content styles sit on ProseMirror's own element, so content looks as it does in the viewer. */}
          <Box sx={[memoryContentStyles, { overflowX: 'visible' }]}>
            <EditorContent editor={editor} data-testid="rich-text-content" />
          </Box>
        </Box>
      </Box>
      {errorText && (
        <FormHelperText id={errorId} error>
          {errorText}
        </FormHelperText>
      )}
    </Box>
  );
});
