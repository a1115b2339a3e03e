import { cleanText, findUnsafeCharacter, unsafeTextMessage } from './text-safety';

describe('findUnsafeCharacter', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', '\u0007'],
    ['a vertical tab', 'line\u000bbreak'],
    ['an escape', '\u001b[31m'],
    ['DEL', 'x\u007f'],
  ])('finds %s', (_name, text) => {
    expect(findUnsafeCharacter(text)).toBe('control-character');
  });

  it.each([
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['a pair in the wrong order', '\ude00\ud83d'],
  ])('finds %s', (_name, text) => {
    expect(findUnsafeCharacter(text)).toBe('lone-surrogate');
  });

  it.each([
    ['tabs and line breaks', 'a\tb\nc\r\nd'],
    ['emoji and other surrogate pairs', '😀 👩‍👩‍👧‍👦 𝔘𝔫𝔦'],
    ['mixed scripts and combining marks', '日本語 العربية e\u0301'],
    ['C1 controls and format characters', '\u0085\u200b\u202e\ufeff'],
    ['the empty string', ''],
  ])('accepts %s', (_name, text) => {
    expect(findUnsafeCharacter(text)).toBeNull();
  });
});

describe('cleanText', () => {
  it('removes control characters but keeps tabs and line breaks', () => {
    expect(cleanText('a\u0000b\u0007c\td\ne\r\nf\u007f')).toBe('abc\td\ne\r\nf');
  });

  it('replaces each unpaired surrogate with U+FFFD and keeps pairs', () => {
    expect(cleanText('\ud83d😀\ude00')).toBe('\ufffd😀\ufffd');
  });

  it('gives text findUnsafeCharacter accepts', () => {
    expect(findUnsafeCharacter(cleanText('\u0000\ud800\u001f\udfff'))).toBeNull();
  });
});

describe('unsafeTextMessage', () => {
  it('names the field', () => {
    expect(unsafeTextMessage('email', 'control-character')).toBe(
      'email must not contain control characters (such as NUL)',
    );
    expect(unsafeTextMessage('tags.1', 'lone-surrogate')).toBe(
      'tags.1 must be valid Unicode text (it contains half of a surrogate pair)',
    );
  });
});
