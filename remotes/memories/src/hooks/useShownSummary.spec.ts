import { MAX_EXCERPT_LENGTH, toExcerpt } from '@memories/contracts';
import { SealBrokenError } from '@memories/web-crypto';
import { SEALED_TAG, SEALED_TEXT, SEALED_TITLE } from '../testing/sealed-memory.fixture';
import { plainSummary, SEALED_MOOD, sealedSummary } from '../testing/sealed-summary.fixture';
import { openSummary } from './useShownSummary';

describe('openSummary', () => {
  it('opens a locked memory’s title, tags, mood and excerpt with its journal’s key, and shows no picture', async () => {
    const { summary, key } = await sealedSummary();

    await expect(openSummary(summary, key)).resolves.toEqual({
      ...summary,
      title: SEALED_TITLE,
      tags: [SEALED_TAG],
      mood: SEALED_MOOD,
      excerpt: SEALED_TEXT,
      imageUrl: '',
    });
  });

  it('cuts the excerpt as the server cuts a plain memory’s', async () => {
    const text = 'A long walk along the harbour wall, '.repeat(10);
    const { summary, key } = await sealedSummary(text);

    const { excerpt } = await openSummary(summary, key);

    expect(excerpt).toBe(toExcerpt(text));
    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
    expect(excerpt).toMatch(/…$/);
  });

  it('keeps a plain summary as it came', async () => {
    const { key } = await sealedSummary();

    await expect(openSummary(plainSummary, key)).resolves.toBe(plainSummary);
  });

  it('refuses to open with another journal’s key', async () => {
    const { summary } = await sealedSummary();
    const { key: other } = await sealedSummary();

    await expect(openSummary(summary, other)).rejects.toBeInstanceOf(SealBrokenError);
  });
});
