import BorderColorIcon from '@mui/icons-material/BorderColor';
import CodeIcon from '@mui/icons-material/Code';
import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatColorFillIcon from '@mui/icons-material/FormatColorFill';
import FormatColorTextIcon from '@mui/icons-material/FormatColorText';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import RedoIcon from '@mui/icons-material/Redo';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import TableChartIcon from '@mui/icons-material/TableChart';
import UndoIcon from '@mui/icons-material/Undo';
import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useState } from 'react';
import { ColorPickerButton } from '../color/ColorPickerButton';
import { ImageUploadButton } from '../upload/ImageUploadButton';
import type { ImageUploads } from '../upload/useImageUploads';
import { FontFamilySelect } from './FontFamilySelect';
import { selectToolbarState } from './toolbar-state';
import { preloadTooltip } from './LazyTooltip';
import { ToolbarButton } from './ToolbarButton';

// The link dialog (MUI's Dialog, Modal and text field) is fetched when the Link button is first hovered, focused or
// pressed.
const LinkDialog = lazyPart(() => import('../link/LinkDialog').then(({ LinkDialog }) => LinkDialog));

export interface EditorToolbarProps {
  editor: Editor;
  /** The editor's uploads, which "Upload Image" starts; null where a document holds no images (a template). */
  uploads: ImageUploads | null;
}

const Separator = () => <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 0.5 }} />;

const HeadingLabel = ({ level }: { level: 1 | 2 | 3 }) => (
  <Box component="span" sx={{ fontWeight: 700, fontSize: 14, lineHeight: 1, px: 0.25 }}>
    H{level}
  </Box>
);

/** Spec section 9: the inserted table is 3x3 with a header row. */
const TABLE = { rows: 3, cols: 3, withHeaderRow: true } as const;

/**
 * The formatting toolbar of spec section 2. It wraps onto more lines on narrow screens; every control is a named
 * button in the tab order, toggles announce their pressed state.
 */
export function EditorToolbar({ editor, uploads }: EditorToolbarProps) {
  const state = useEditorState({ editor, selector: selectToolbarState });
  const [linkDialog, setLinkDialog] = useState<{ url: string } | null>(null);
  const run = () => editor.chain().focus();

  const confirmLink = (href: string) => {
    setLinkDialog(null);
    if (editor.state.selection.empty && !editor.isActive('link')) {
      run()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
      return;
    }
    run().extendMarkRange('link').setLink({ href }).run();
  };

  return (
    <Box
      role="toolbar"
      aria-label="Formatting"
      // The buttons' tooltips are fetched when the toolbar is first pointed at or focused.
      onPointerEnter={preloadTooltip}
      onFocus={preloadTooltip}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        position: 'relative',
      }}
    >
      <ToolbarButton label="Undo" disabled={!state.canUndo} onClick={() => run().undo().run()}>
        <UndoIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Redo" disabled={!state.canRedo} onClick={() => run().redo().run()}>
        <RedoIcon fontSize="small" />
      </ToolbarButton>
      <Separator />
      <ToolbarButton label="Bold" pressed={state.bold} onClick={() => run().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Italic" pressed={state.italic} onClick={() => run().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Strikethrough" pressed={state.strike} onClick={() => run().toggleStrike().run()}>
        <StrikethroughSIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Highlight" pressed={state.highlight} onClick={() => run().toggleHighlight().run()}>
        <BorderColorIcon fontSize="small" />
      </ToolbarButton>
      <Separator />
      {([1, 2, 3] as const).map((level) => (
        <ToolbarButton
          key={level}
          label={`Heading ${level}`}
          pressed={state[`heading${level}`]}
          onClick={() => run().toggleHeading({ level }).run()}
        >
          <HeadingLabel level={level} />
        </ToolbarButton>
      ))}
      <Separator />
      <ToolbarButton label="Bullet List" pressed={state.bulletList} onClick={() => run().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Numbered List" pressed={state.orderedList} onClick={() => run().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </ToolbarButton>
      <Separator />
      {uploads && <ImageUploadButton uploads={uploads} />}
      <ToolbarButton
        label="Link"
        pressed={state.link}
        hasPopup="dialog"
        expanded={linkDialog !== null}
        onIntent={LinkDialog.preload}
        onClick={() => setLinkDialog({ url: state.linkHref })}
      >
        <InsertLinkIcon fontSize="small" />
      </ToolbarButton>
      <Separator />
      <ToolbarButton label="Align Left" pressed={state.alignLeft} onClick={() => run().setTextAlign('left').run()}>
        <FormatAlignLeftIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton
        label="Align Center"
        pressed={state.alignCenter}
        onClick={() => run().setTextAlign('center').run()}
      >
        <FormatAlignCenterIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Align Right" pressed={state.alignRight} onClick={() => run().setTextAlign('right').run()}>
        <FormatAlignRightIcon fontSize="small" />
      </ToolbarButton>
      <Separator />
      <ToolbarButton label="Quote" pressed={state.blockquote} onClick={() => run().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Code Block" pressed={state.codeBlock} onClick={() => run().toggleCodeBlock().run()}>
        <CodeIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Insert Table" onClick={() => run().insertTable(TABLE).run()}>
        <TableChartIcon fontSize="small" />
      </ToolbarButton>
      <ToolbarButton label="Horizontal Rule" onClick={() => run().setHorizontalRule().run()}>
        <HorizontalRuleIcon fontSize="small" />
      </ToolbarButton>
      <Separator />
      <ColorPickerButton
        title="Text Color"
        icon={<FormatColorTextIcon fontSize="small" />}
        value={state.textColor}
        defaultName="Default"
        onPick={(color) => run().setColor(color).run()}
        resetLabel="Reset to Black"
        onReset={() => run().unsetColor().run()}
      />
      <ColorPickerButton
        title="Background Color"
        icon={<FormatColorFillIcon fontSize="small" />}
        value={state.backgroundColor}
        defaultName="None"
        onPick={(color) => run().setHighlight({ color }).run()}
        resetLabel="No Background"
        onReset={() => run().unsetHighlight().run()}
      />
      <FontFamilySelect editor={editor} value={state.fontFamily} />
      {linkDialog && (
        <LazyPartBoundary>
          <LinkDialog
            open
            initialUrl={linkDialog.url}
            onCancel={() => {
              setLinkDialog(null);
              editor.commands.focus();
            }}
            onConfirm={confirmLink}
            onRemove={
              state.link
                ? () => {
                    setLinkDialog(null);
                    run().extendMarkRange('link').unsetLink().run();
                  }
                : undefined
            }
          />
        </LazyPartBoundary>
      )}
    </Box>
  );
}
