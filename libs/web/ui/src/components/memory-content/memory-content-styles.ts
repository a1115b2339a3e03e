import type { SxProps, Theme } from '@mui/material/styles';

/** A plain sx style object (not an array or a function), so callers can spread it or put it in an sx array. */
export type SxStyleObject = Exclude<SxProps<Theme>, ReadonlyArray<unknown> | ((theme: Theme) => unknown)>;

/** Spec section 9, "Small image threshold": images narrower than this use the small layout. */
export const SMALL_IMAGE_THRESHOLD_PX = 300;

/**
 * The attribute that switches an image (or the editor's image node view) to the small layout. CSS cannot compare
 * the number in `width="250"` with 300, so the code that knows the width sets this attribute (see
 * `markSmallImages` for rendered HTML; the editor's node view sets it itself).
 */
export const SMALL_IMAGE_ATTRIBUTE = 'data-image-size';
export const SMALL_IMAGE_VALUE = 'small';

/** The same selector MUI's `theme.applyStyles('dark', …)` produces for the `dark` class on the document root. */
const DARK = '*:where(.dark) &';

const SMALL = `[${SMALL_IMAGE_ATTRIBUTE}="${SMALL_IMAGE_VALUE}"]`;

/**
 * Black text chosen in the colour picker would vanish on the dark background; in dark mode it follows the theme's
 * text colour instead. The editor writes `color: #000000`, the server `color:#000000`.
 */
const BLACK_TEXT = ['#000000', '#000', 'black', 'rgb(0, 0, 0)']
  .flatMap((value) => [`& span[style*="color:${value}"]`, `& span[style*="color: ${value}"]`])
  .join(', ');

/**
 * How memory content looks, everywhere it is shown: the viewer's sanitised HTML and the editor's ProseMirror area
 * (`sx={[memoryContentStyles, { minHeight: 400 }]}`), so a memory reads the same while written and when read.
 * Covers everything the schema (libs/shared/editor-schema) can produce, in light and dark mode.
 */
export const memoryContentStyles: SxStyleObject = {
  typography: 'body1',
  color: 'text.primary',
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
  // Contains the floated small images (they never hang into what follows the content) and lets a table wider than
  // a phone scroll inside the content instead of widening the page.
  display: 'flow-root',
  overflowX: 'auto',
  '& > :first-child': { mt: 0 },
  // Blocks with a border, background or markers sit beside a floated small image instead of running under it.
  '& blockquote, & pre, & ul, & ol': { display: 'flow-root' },
  '& p': { my: 1 },
  '& h1, & h2, & h3, & h4, & h5, & h6': { lineHeight: 1.3, fontWeight: 700, mt: 3, mb: 1 },
  '& h1': { fontSize: { xs: '1.75rem', md: '2rem' } },
  '& h2': { fontSize: { xs: '1.45rem', md: '1.6rem' } },
  '& h3': { fontSize: { xs: '1.2rem', md: '1.3rem' } },
  '& h4, & h5, & h6': { fontSize: '1.05rem' },
  '& ul, & ol': { pl: 3, my: 1 },
  '& li > p': { my: 0.25 },
  '& blockquote': {
    borderLeft: 4,
    borderColor: 'divider',
    pl: 2,
    ml: 0,
    my: 2,
    color: 'text.secondary',
    fontStyle: 'italic',
  },
  '& pre': {
    bgcolor: 'grey.100',
    color: 'grey.900',
    p: 2,
    my: 2,
    borderRadius: 1,
    fontFamily: '"Courier New", ui-monospace, monospace',
    fontSize: '0.9rem',
    lineHeight: 1.5,
    [DARK]: { bgcolor: 'grey.900', color: 'grey.100' },
  },
  // Long lines wrap rather than scroll: a scrolling block would need to be focusable for keyboard users, and
  // the sanitised HTML cannot carry a tabindex.
  '& pre code': { fontFamily: 'inherit', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3, clear: 'both' },
  '& a': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '2px' },
  // Highlight colours are light tints; Tiptap writes `color: inherit`, which in dark mode would put light text on
  // them. Dark text reads on every tint, in both modes.
  '& mark': { bgcolor: '#fef08a', color: '#111827 !important', borderRadius: '2px', px: '1px' },
  // A palette path cannot carry !important in sx, hence the CSS variable (the inline colour needs !important).
  [BLACK_TEXT]: { [DARK]: { color: 'var(--mui-palette-text-primary) !important' } },
  '& table': {
    borderCollapse: 'collapse',
    tableLayout: 'fixed',
    width: '100%',
    my: 2,
  },
  '& th, & td': {
    border: 1,
    borderColor: 'divider',
    p: 1,
    minWidth: 25,
    verticalAlign: 'top',
    position: 'relative',
    boxSizing: 'border-box',
  },
  '& th': { bgcolor: 'action.hover', fontWeight: 600, textAlign: 'left' },
  '& th > p, & td > p': { my: 0 },
  // Editor-only pieces of Tiptap's table: the scroll wrapper, the column resize handle and selected cells.
  '& .tableWrapper': { overflowX: 'auto', my: 2 },
  '& .tableWrapper table': { my: 0 },
  '& .column-resize-handle': {
    position: 'absolute',
    right: -2,
    top: 0,
    bottom: 0,
    width: 4,
    bgcolor: 'primary.main',
    pointerEvents: 'none',
  },
  '&.resize-cursor': { cursor: 'col-resize' },
  '& .selectedCell::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    bgcolor: 'primary.main',
    opacity: 0.15,
    pointerEvents: 'none',
  },
  // Images: full width by default (their own row, at their width attribute or natural size, never wider than the
  // content), aligned by `data-align`.
  '& img': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1, my: 2, mx: 0 },
  '& img[data-align="center"]': { mx: 'auto' },
  '& img[data-align="right"]': { ml: 'auto', mr: 0 },
  // Small images (spec section 4): float left beside the text, at most half the width. The alignment still wins
  // where it says otherwise: right floats right, center stays a centred block.
  [`& ${SMALL}`]: { float: 'left', maxWidth: '50%', mt: 0.5, mb: 1, mr: 2, ml: 0 },
  [`& ${SMALL}[data-align="right"]`]: { float: 'right', mr: 0, ml: 2 },
  [`& ${SMALL}[data-align="center"]`]: { float: 'none', mx: 'auto', my: 2 },
};
