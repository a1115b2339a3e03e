import { toExcerpt, type MemorySummary } from '@memories/contracts';
import { openSealedContent, useOpenedSealed } from '@memories/web-journals';

/**
 * A locked memory's summary opened with its journal's key: title, tags and mood from its ciphertext, and the excerpt
 * cut from its text the way the server cuts a plain memory's. Still no picture, as its images are ciphertext too. The
 * renderer that finds the text is loaded only when a locked memory is opened: plain summaries never pay for it.
 * Throws when the ciphertext does not open or does not hold a document.
 */
export async function openSummary<T extends MemorySummary>(summary: T, key: CryptoKey): Promise<T> {
  if (!summary.sealed) return summary;
  const opened = await openSealedContent(summary.journalId, summary.sealed, key);
  return {
    ...summary,
    title: opened.title,
    tags: opened.tags,
    mood: opened.mood,
    excerpt: toExcerpt(opened.plainText),
    imageUrl: '',
  };
}

/**
 * The summary as this tab can show it: a memory of a locked journal opened while the journal is unlocked here, else
 * as the server sent it (no title: "Locked memory"; the ciphertext is never shown). `useShownMemory` for summaries;
 * one that does not open stays "Locked memory" here, and its own page says what is wrong with it.
 */
export function useShownSummary<T extends MemorySummary>(summary: T): T {
  const opened = useOpenedSealed(summary, openSummary);
  return opened?.status === 'open' ? opened.value : summary;
}
