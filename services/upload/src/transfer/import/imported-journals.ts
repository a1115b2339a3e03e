import { USER_SUBJECTS, cleanText, type ImportedJournal, type ImportedMemoryInput } from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';
import type { TransferCaller } from '../export/journal-export.service';
import type { DraftMemory } from './source-entry';

/** Longest e-mail address the user lookup takes (RFC 5321's path limit); a longer address is nobody's. */
export const MAX_EMAIL_LENGTH = 320;

/**
 * The journals a page of drafts names, as the memory service takes them: members recorded as e-mail addresses become
 * the users who have them here (the same look-up as a journal's member dialog; unknown addresses are left out), and
 * each item points at its journal by source key.
 */
export async function journalsOfPage(
  bus: BusClient,
  caller: TransferCaller,
  page: Array<{ item: ImportedMemoryInput; draft: DraftMemory }>,
): Promise<ImportedJournal[]> {
  const journals = new Map<string, NonNullable<DraftMemory['journal']>>();
  for (const { item, draft } of page) {
    if (!draft.journal) continue;
    journals.set(draft.journal.sourceKey, draft.journal);
    item.journalKey = draft.journal.sourceKey;
  }
  const addressOf = (email: string) => cleanText(email).toLowerCase();
  const emails = [...new Set([...journals.values()].flatMap(({ members }) => members.map((m) => addressOf(m.email))))];
  const found = await Promise.all(
    emails
      .filter((email) => email.length <= MAX_EMAIL_LENGTH)
      .map((email) => bus.request(USER_SUBJECTS.findByEmail, { email }, caller)),
  );
  const idOf = new Map(found.flatMap(({ users }) => users).map((user) => [user.email.toLowerCase(), user.id]));
  return [...journals.values()].map(({ sourceKey, name, color, keyEnvelope, members }) => ({
    sourceKey,
    name,
    ...(color ? { color } : {}),
    ...(keyEnvelope ? { keyEnvelope } : {}),
    members: members.flatMap(({ email, role }) => {
      const userId = idOf.get(addressOf(email));
      return userId && userId !== caller.userId ? [{ userId, role }] : [];
    }),
  }));
}
