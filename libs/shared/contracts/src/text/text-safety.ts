/* eslint-disable no-control-regex -- finding control characters is the purpose of these patterns */

/**
 * Control characters that have no place in text: every C0 control but tab, line feed and carriage return, and DEL.
 * NUL is one of them, and PostgreSQL cannot store it in text at all.
 */
const UNSAFE_CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const UNSAFE_CONTROL_CHARACTERS = new RegExp(UNSAFE_CONTROL_CHARACTER.source, 'g');

/** Half of a UTF-16 surrogate pair without the other half: no character at all, and UTF-8 cannot encode it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
// Any surrogate: a cheap first look (most text has none) before the lookarounds, which cost several times more on a
// 2 MiB document.
const SURROGATE = /[\ud800-\udfff]/;

/** What makes a string unsafe to store or show: a control character, or an unpaired surrogate. */
export type UnsafeCharacterKind = 'control-character' | 'lone-surrogate';

/** The first kind of unsafe character the text holds, or null when it is safe to store and show. */
export function findUnsafeCharacter(text: string): UnsafeCharacterKind | null {
  if (UNSAFE_CONTROL_CHARACTER.test(text)) return 'control-character';
  if (SURROGATE.test(text) && LONE_SURROGATE.test(text)) return 'lone-surrogate';
  return null;
}

/**
 * The text as a person meant it: invisible control characters removed, and each unpaired surrogate (half of an
 * emoji cut in two) replaced by U+FFFD, as any UTF-8 encoder would. Tabs and line breaks are kept.
 */
export function cleanText(text: string): string {
  const withoutControls = text.replace(UNSAFE_CONTROL_CHARACTERS, '');
  return SURROGATE.test(withoutControls) ? withoutControls.replace(LONE_SURROGATES, '\ufffd') : withoutControls;
}

/** The message of a refused string, naming its field. */
export function unsafeTextMessage(field: string, kind: UnsafeCharacterKind): string {
  return kind === 'control-character'
    ? `${field} must not contain control characters (such as NUL)`
    : `${field} must be valid Unicode text (it contains half of a surrogate pair)`;
}
