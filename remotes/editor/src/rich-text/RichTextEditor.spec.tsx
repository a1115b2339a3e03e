import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { RichTextEditor } from './RichTextEditor';
import type { RichTextEditorHandle, RichTextEditorProps } from './rich-text-editor.types';

const doc = (...content: object[]) => ({ type: 'doc', content });
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const image = (src: string, width?: number) => ({ type: 'image', attrs: { src, width: width ?? null } });

function renderEditor(props: Partial<RichTextEditorProps> = {}) {
  const handle = createRef<RichTextEditorHandle>();
  const callbacks = { onChange: jest.fn(), onImagesChange: jest.fn(), onError: jest.fn() };
  render(
    <RichTextEditor
      ref={handle}
      initialContent={doc(paragraph('Hello world'))}
      ariaLabel="Content"
      {...callbacks}
      {...props}
    />,
  );
  return { handle: handle as { current: RichTextEditorHandle }, ...callbacks };
}

// jsdom has no layout: a toolbar command's focus scrolls the selection into view a frame later, measuring a Range.
// The link and colour tests wait for their lazily loaded popups, so such a frame can run while they do.
beforeAll(() => {
  const noBox = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => noBox as DOMRect;
});

const selectAll = (handle: { current: RichTextEditorHandle }) => act(() => handle.current.focus());
/** What the editor draws a moment after a change (image views, the toolbar's tooltips once loaded), within act. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve)));

describe('RichTextEditor', () => {
  it('names the editing area and every toolbar control, toggles announcing their state', () => {
    renderEditor({ errorText: 'Content is required' });

    const area = screen.getByRole('textbox', { name: 'Content' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Content is required');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of [
      'Bold',
      'Italic',
      'Strikethrough',
      'Highlight',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bullet List',
      'Numbered List',
      'Align Left',
      'Align Center',
      'Align Right',
      'Quote',
      'Code Block',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-pressed');
    }
    for (const name of ['Upload Image', 'Link', 'Insert Table', 'Horizontal Rule', 'Text Color', 'Background Color']) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(toolbar).getByRole('combobox', { name: 'Font Family' })).toBeInTheDocument();
    expect(screen.getByTestId('image-upload-input')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('image-upload-input')).toHaveAttribute('multiple');
  });

  it('opens with the memory loaded as it was: not a change, not undoable, the caret at the start, headings shown in the toolbar', () => {
    const heading = { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'A summer' }] };
    const { handle, onChange } = renderEditor({ initialContent: doc(heading, paragraph('By the lake')) });

    expect(handle.current.getText()).toBe('A summer\n\nBy the lake');
    expect(onChange).not.toHaveBeenCalled();
    // The caret is in the heading at the start, so the toolbar shows Heading 1 pressed.
    expect(screen.getByRole('button', { name: 'Heading 1' })).toHaveAttribute('aria-pressed', 'true');

    const area = screen.getByRole('textbox', { name: 'Content' });
    act(() => area.focus());
    fireEvent.keyDown(area, { key: 'z', ctrlKey: true });
    expect(handle.current.getText()).toBe('A summer\n\nBy the lake');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers exactly the eight font families of the spec besides the default', () => {
    renderEditor();

    const options = within(screen.getByRole('combobox', { name: 'Font Family' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Default font',
      'Inter',
      'Jost',
      'Georgia',
      'Times New Roman',
      'Arial',
      'Helvetica',
      'Courier New',
      'monospace',
    ]);
  });

  it('applies a format to the selection, reports the change without the document, and shows the pressed state', () => {
    const { handle, onChange } = renderEditor();
    selectAll(handle);
    act(() => {
      handle.current.setContent(doc(paragraph('Hello world')));
    });
    expect(onChange).not.toHaveBeenCalled();

    // Select the whole paragraph, then press Bold.
    act(() => {
      screen.getByRole('textbox', { name: 'Content' }).focus();
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Content' }), { key: 'a', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));

    expect(handle.current.getHTML()).toContain('<strong>');
    expect(onChange).toHaveBeenCalledWith();
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('inserts a 3x3 table with a header row', () => {
    const { handle } = renderEditor();
    selectAll(handle);

    fireEvent.click(screen.getByRole('button', { name: 'Insert Table' }));

    const html = handle.current.getHTML();
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html.match(/<th[ >]/g)).toHaveLength(3);
    expect(html.match(/<td[ >]/g)).toHaveLength(6);
  });

  it('reports the image sources in order, each once, and removes every image with a source', async () => {
    const { handle, onImagesChange } = renderEditor({
      initialContent: doc(
        image('/api/files/a.png', 320),
        paragraph('between'),
        image('/api/files/b.png'),
        image('/api/files/a.png'),
      ),
    });
    expect(onImagesChange).toHaveBeenLastCalledWith(['/api/files/a.png', '/api/files/b.png']);

    act(() => handle.current.removeImage('/api/files/a.png'));

    expect(onImagesChange).toHaveBeenLastCalledWith(['/api/files/b.png']);
    expect(handle.current.getJSON().content?.filter((node) => node.type === 'image')).toHaveLength(1);
    expect(handle.current.getText()).toContain('between');
    await settled();
  });

  it('refuses a link with a scheme the spec does not allow, and adds an allowed one', async () => {
    const { handle } = renderEditor();
    selectAll(handle);

    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert Link' });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Link' }));

    expect(within(dialog).getByText(/^Links must start with http:/)).toBeInTheDocument();
    expect(handle.current.getHTML()).not.toContain('href');

    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://example.com/trip' } });
    fireEvent.submit(within(dialog).getByLabelText('URL'));

    expect(handle.current.getHTML()).toContain('href="https://example.com/trip"');
  });

  it('accepts only # and six hex digits in the colour hex input', async () => {
    const { handle } = renderEditor();
    selectAll(handle);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Content' }), { key: 'a', ctrlKey: true });

    fireEvent.click(screen.getByRole('button', { name: 'Text Color' }));
    const picker = await screen.findByRole('dialog', { name: 'Text Color' });
    for (const group of ['Basic', 'Grays', 'Reds', 'Blues', 'Greens', 'Yellows'])
      expect(within(picker).getByRole('group', { name: group })).toBeInTheDocument();
    fireEvent.change(within(picker).getByLabelText('Hex'), { target: { value: '#12345' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Apply' }));

    expect(within(picker).getByText('Enter # followed by six hex digits, e.g. #1a2b3c.')).toBeInTheDocument();
    expect(handle.current.getHTML()).not.toContain('color');

    fireEvent.change(within(picker).getByLabelText('Hex'), { target: { value: '#1A2B3C' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Apply' }));

    expect(JSON.stringify(handle.current.getJSON())).toContain('"color":"#1a2b3c"');
    expect(within(picker).getByTestId('current-color')).toHaveTextContent('#1a2b3c');

    fireEvent.click(within(picker).getByRole('button', { name: 'Reset to Black' }));
    expect(handle.current.getHTML()).not.toContain('color');
    fireEvent.click(within(picker).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Text Color' })).not.toBeInTheDocument();
    await settled();
  });

  it('refuses files that are not images with the upload failure text', () => {
    const { onError } = renderEditor();

    fireEvent.change(screen.getByTestId('image-upload-input'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });

    expect(onError).toHaveBeenCalledWith('Failed to upload notes.txt: Only image files can be uploaded');
  });

  it("shows an image's controls on touch and hides them 3 s later", () => {
    jest.useFakeTimers();
    try {
      renderEditor({ initialContent: doc(paragraph('Before'), image('/api/files/a.png', 400)) });
      // React node views mount on the next frame.
      act(() => jest.advanceTimersByTime(50));
      const frame = document.querySelector('.memory-image__frame');
      expect(frame).not.toHaveAttribute('data-controls-visible');

      fireEvent.touchStart(document.querySelector('.memory-image') as Element);
      expect(frame).toHaveAttribute('data-controls-visible', 'true');
      expect(screen.getByRole('group', { name: 'Image alignment' })).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(2_900));
      expect(frame).toHaveAttribute('data-controls-visible', 'true');
      act(() => jest.advanceTimersByTime(200));
      expect(frame).not.toHaveAttribute('data-controls-visible');
    } finally {
      jest.useRealTimers();
    }
  });
});
