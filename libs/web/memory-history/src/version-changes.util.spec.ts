import type { MemoryVersionContent } from '@memories/contracts';
import { compareTexts, otherChanges, replacedByLabel, wordDeltaLabel } from './version-changes.util';

const content = (change: Partial<MemoryVersionContent> = {}): MemoryVersionContent => ({
  title: 'Lake',
  date: '2024-05-01T12:00:00',
  contentText: 'We rowed',
  tags: ['water'],
  isDraft: true,
  thumbnailUrl: '',
  wordCount: 2,
  ...change,
});

describe('comparing a version with the current text', () => {
  it('marks what only the version has and what only the current text has, word by word', () => {
    expect(compareTexts('We rowed across the lake', 'We swam across the lake at dawn')).toEqual([
      { text: 'We ', kind: 'same' },
      { text: 'rowed', kind: 'onlyInCurrent' },
      { text: 'swam', kind: 'onlyInVersion' },
      { text: ' across the lake ', kind: 'same' },
      { text: 'at dawn', kind: 'onlyInVersion' },
    ]);
  });

  it('keeps the line breaks between paragraphs', () => {
    const parts = compareTexts('One\nTwo', 'One\nTwo\nThree') ?? [];
    expect(parts.map((part) => part.text).join('')).toBe('One\nTwo\nThree');
  });
});

describe('the labels of the history', () => {
  it('says how many words a version gained or lost', () => {
    expect([12, 1, 0, -1, -3, null].map(wordDeltaLabel)).toEqual([
      '+12 words',
      '+1 word',
      'same length',
      '−1 word',
      '−3 words',
      undefined,
    ]);
  });

  it('names the version kept by a restore', () => {
    expect([replacedByLabel('restore'), replacedByLabel('save'), replacedByLabel('auto')]).toEqual([
      'Before a restore',
      undefined,
      undefined,
    ]);
  });

  it('lists what changed besides the text', () => {
    const changes = otherChanges(
      content(),
      content({
        title: 'Lake at dawn',
        date: '2024-05-02T12:00:00',
        tags: [],
        isDraft: false,
        thumbnailUrl: '/api/files/a.png',
      }),
    );

    expect(changes).toEqual([
      'Title: “Lake” (now “Lake at dawn”)',
      'Date: May 1, 2024 (now May 2, 2024)',
      'Tags: water (now no tags)',
      'A draft (now published)',
      'Another thumbnail image',
    ]);
    expect(otherChanges(content(), content({ contentText: 'other words' }))).toEqual([]);
  });
});
