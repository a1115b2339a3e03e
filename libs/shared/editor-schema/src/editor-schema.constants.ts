/**
 * Product constants that the editor (client), the viewer and the memory service must agree on. They live with the
 * schema so that a limit is changed in one place only.
 */

/** Link schemes a memory may use (spec section 5, "Link modal"). Anything else is refused or dropped. */
export const ALLOWED_LINK_SCHEMES = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
] as const;

/** Image sources must be fetched over the web; `data:` (base64) images are never allowed (spec section 5). */
export const ALLOWED_IMAGE_SCHEMES = ['http', 'https'] as const;

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** Image alignment chosen with the image's align controls (spec section 2, "Images in content"). */
export const IMAGE_ALIGNMENTS = ['left', 'center', 'right'] as const;

/** Heading levels the schema accepts; the toolbar offers 1-3, pasted or older content may carry 4-6. */
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** The font families of the toolbar's picker (spec section 2), in the order shown. */
export const FONT_FAMILIES = [
  'Inter',
  'Jost',
  'Georgia',
  'Times New Roman',
  'Arial',
  'Helvetica',
  'Courier New',
  'monospace',
] as const;

/** Undo history (spec section 9). */
export const UNDO_HISTORY_DEPTH = 100;
export const UNDO_NEW_GROUP_DELAY_MS = 500;

/** Tables (spec section 9). */
export const TABLE_CELL_MIN_WIDTH_PX = 25;
export const TABLE_RESIZE_HANDLE_WIDTH_PX = 5;

/** Largest image width a document may carry: the resize maximum of spec section 9 is 800 px. */
export const MAX_IMAGE_WIDTH_PX = 800;

/** Memory title limit, checked by the gateway and the memory service. */
export const MAX_TITLE_LENGTH = 200;

/**
 * Largest accepted `contentJson`, measured as UTF-8 bytes of its JSON text. 2 MiB holds roughly 150,000 words of
 * formatted text (images are references, never inline data), far beyond any journal entry, while keeping one
 * request's parse and normalisation cost bounded.
 */
export const MAX_CONTENT_JSON_BYTES = 2 * 1024 * 1024;

/**
 * Reading speed used for `readingTime`: 200 words per minute is the commonly quoted average for reading
 * non-technical prose on a screen (studies put adults at roughly 200-250), so estimates err on the generous side.
 */
export const WORDS_PER_MINUTE = 200;

/** Longest link or image URL kept: longer values are refused rather than truncated into something else. */
export const MAX_URL_LENGTH = 2048;

/** Deepest nesting of document nodes accepted (lists in quotes in tables...); deeper input is refused. */
export const MAX_DOCUMENT_DEPTH = 64;
