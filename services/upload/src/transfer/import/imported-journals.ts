import type { ImportedJournal, ImportedMemoryInput } from '@memories/contracts';
import { addressOf } from './share-recipient-lookup';
import type { DraftMemory } from './source-entry';

/**
 * The journals a page of drafts names, as the memory service takes them: members recorded as e-mail addresses become
 * the users who have them here (`accounts`: the page's one look-up, with its budget and cap, that its share recipients
 * also come from; unknown addresses are left out), and each item points at its journal by source key.
 */
export function journalsOfPage(
  accounts: Map<string, string>,
  importerId: string,
  page: Array<{ item: ImportedMemoryInput; draft: DraftMemory }>,
): ImportedJournal[] {
  const journals = new Map<string, NonNullable<DraftMemory['journal']>>();
  for (const { item, draft } of page) {
    if (!draft.journal) continue;
    journals.set(draft.journal.sourceKey, draft.journal);
    item.journalKey = draft.journal.sourceKey;
  }
  return [...journals.values()].map(({ sourceKey, name, color, keyEnvelope, members }) => ({
    sourceKey,
    name,
    ...(color ? { color } : {}),
    ...(keyEnvelope ? { keyEnvelope } : {}),
    members: members.flatMap(({ email, role }) => {
      const userId = accounts.get(addressOf(email));
      return userId && userId !== importerId ? [{ userId, role }] : [];
    }),
  }));
}
