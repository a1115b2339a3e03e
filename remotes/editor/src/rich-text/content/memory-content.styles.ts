import type { ImageAlignment } from '@memories/editor-schema';
import type { SxProps, Theme } from '@mui/material/styles';
import { isSmallImage } from '../image/image-size.util';

/**
 * The look of memory content in the editing area. Placeholder until the shared memory-content styles of
 * libs/web/ui land (engineer F), so that the editor and the viewer render content identically.
 */
export const memoryContentSx = {
  typography: 'body1',
  lineHeight: 1.7,
  wordBreak: 'break-word',
  '& p': { my: 1 },
  '& a': { color: 'primary.main' },
  '& mark': { borderRadius: '2px', px: '2px' },
  '& table': { borderCollapse: 'collapse', width: '100%', my: 2, tableLayout: 'fixed' },
  '& th, & td': { border: 1, borderColor: 'divider', p: 1, minWidth: 25, verticalAlign: 'top', position: 'relative' },
  '& th': { bgcolor: 'action.hover', fontWeight: 600 },
  '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  '& pre': { bgcolor: 'action.hover', p: 2, borderRadius: 1, overflowX: 'auto', fontFamily: 'monospace' },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 2 },
  '& .column-resize-handle': { position: 'absolute', right: -2, top: 0, bottom: 0, width: 4, bgcolor: 'primary.light', pointerEvents: 'none' },
  '& .selectedCell': { bgcolor: 'action.selected' },
  '&::after': { content: '""', display: 'table', clear: 'both' },
} satisfies SxProps<Theme>;

/**
 * Where an image sits: aligned left, centred or right on its own line; under 300 px wide the small layout (beside
 * the text, at most half the column) on the side it is aligned to.
 */
export function imageLayoutSx(width: number | null, align: ImageAlignment | null): SxProps<Theme> {
  if (isSmallImage(width)) {
    const right = align === 'right';
    return { float: right ? 'right' : 'left', maxWidth: '50%', mr: right ? 0 : 2, ml: right ? 2 : 0, my: 1 };
  }
  return { display: 'block', clear: 'both', my: 1.5, textAlign: align ?? 'left' };
}
