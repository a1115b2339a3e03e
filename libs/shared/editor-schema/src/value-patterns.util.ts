/**
 * The only attribute values content may carry where a free string would be dangerous. The normaliser (JSON) and the
 * HTML sanitiser both use these patterns, so the two can never disagree. None of the CSS patterns admits `url(`,
 * `expression(`, `;`, `\` escapes or comments.
 */
export const SAFE_CSS_COLOR = new RegExp(
  [
    '^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$',
    '^(?:rgb|hsl)a?\\(\\s*-?[0-9.]+(?:%|deg)?(?:\\s*[,\\s/]\\s*-?[0-9.]+%?){2,3}\\s*\\)$',
    // Named colours and keywords (`red`, `transparent`, `inherit`): letters only, so never a function.
    '^[a-z]{3,20}$',
  ].join('|'),
  'i',
);

const FONT_NAME = `(?:"[a-z0-9 -]{1,50}"|'[a-z0-9 -]{1,50}'|[a-z0-9 -]{1,50})`;
/** A comma-separated list of family names, each bare or quoted, letters, digits, spaces and hyphens only. */
export const SAFE_CSS_FONT_FAMILY = new RegExp(`^\\s*${FONT_NAME}\\s*(?:,\\s*${FONT_NAME}\\s*){0,9}$`, 'i');

export const SAFE_CSS_PIXELS = /^[0-9]{1,5}px$/;

const LANGUAGE = '[a-z0-9][a-z0-9+#._-]{0,31}';
/** A code block language (`ts`, `c++`, `objective-c`), rendered as the class `language-<name>`. */
export const CODE_LANGUAGE = new RegExp(`^${LANGUAGE}$`, 'i');
export const CODE_LANGUAGE_CLASS = new RegExp(`^language-${LANGUAGE}$`, 'i');

/**
 * A class name a link may carry: lower-case tokens only, so the app's own MUI (`Mui...`) and Emotion (`css-...`)
 * class names can never be borrowed by content to restyle the page around it.
 */
export const LINK_CLASS_NAME = /^(?!css-)[a-z][a-z0-9_-]{0,39}$/;
