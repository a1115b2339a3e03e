import { differencesBetween } from './version-differences.util';

const changedWords = (parts: Array<{ text: string; changed: boolean }>) =>
  parts.filter((part) => part.changed).map((part) => part.text.trim());

describe('differencesBetween', () => {
  it('marks on each side the words the other side lacks, keeping line breaks', () => {
    const { mineText, theirsText } = differencesBetween('We went by bus.\nIt rained.', 'We went by train.\nIt rained.');

    expect(changedWords(mineText)).toEqual(['bus']);
    expect(changedWords(theirsText)).toEqual(['train']);
    expect(mineText.map((part) => part.text).join('')).toBe('We went by bus.\nIt rained.');
    expect(theirsText.map((part) => part.text).join('')).toBe('We went by train.\nIt rained.');
  });

  it('marks changed words separated only by spaces as one change', () => {
    const { mineText, theirsText } = differencesBetween('Then a long nap.', 'Then lunch.');

    expect(changedWords(mineText)).toEqual(['a long nap']);
    expect(changedWords(theirsText)).toEqual(['lunch']);
  });

  it('marks nothing when the texts are the same', () => {
    expect(differencesBetween('Same words', 'Same words')).toEqual({
      mineText: [{ text: 'Same words', changed: false }],
      theirsText: [{ text: 'Same words', changed: false }],
    });
  });

  it('shows two texts that differ in more than 500 words and spaces whole, each marked, instead of diffing further', () => {
    const mine = Array.from({ length: 300 }, (_, n) => `a${n}`).join(' ');
    const theirs = Array.from({ length: 300 }, (_, n) => `b${n}`).join(' ');

    expect(differencesBetween(mine, theirs)).toEqual({
      mineText: [{ text: mine, changed: true }],
      theirsText: [{ text: theirs, changed: true }],
    });
  });
});
