import {
  JOURNAL_SUBJECTS,
  USER_LOOKUP_SUBJECT,
  type ExportedJournal,
  type JournalKeyEnvelope,
  type JournalMemberRecord,
} from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';
import type { ArchiveNames } from '@memories/contracts';
import type { TransferCaller } from './journal-export.service';

/** What the export reads of a journal the caller owns. */
interface OwnedJournal {
  members: JournalMemberRecord[];
  keyEnvelope?: JournalKeyEnvelope;
}

/**
 * The journals an export names, in the caller's order: each with its own folder for its memories' Markdown files,
 * the other members of a journal the caller owns and the owner of one shared with them by e-mail (ids mean nothing
 * on another instance), and a locked journal's wrapped key (so that the archive opens with the same passphrase).
 */
export async function exportedJournalsOf(
  bus: BusClient,
  caller: TransferCaller,
  names: ArchiveNames,
): Promise<ExportedJournal[]> {
  const journals = await bus.request(JOURNAL_SUBJECTS.list, {}, caller);
  // What only an owner may read: a plain journal's members, a locked one's wrapped key (it never has members).
  const owned = new Map(
    await Promise.all(
      journals
        .filter((journal) => journal.role === 'owner')
        .map(async ({ id, locked }): Promise<[string, OwnedJournal]> => {
          const payload = { journalId: id };
          return [
            id,
            locked
              ? { members: [], keyEnvelope: await bus.request(JOURNAL_SUBJECTS.key, payload, caller) }
              : { members: await bus.request(JOURNAL_SUBJECTS.members, payload, caller) },
          ];
        }),
    ),
  );
  const ids = [
    ...new Set([
      ...journals.filter((journal) => journal.role !== 'owner').map((journal) => journal.ownerId),
      ...[...owned.values()].flatMap(({ members }) => members.map((member) => member.userId)),
    ]),
  ];
  const emailOf =
    ids.length === 0
      ? new Map<string, string>()
      : new Map((await bus.request(USER_LOOKUP_SUBJECT, { ids }, caller)).users.map((user) => [user.id, user.email]));
  return journals.map((journal): ExportedJournal => {
    const ownerEmail = journal.role === 'owner' ? undefined : emailOf.get(journal.ownerId);
    const { members = [], keyEnvelope } = owned.get(journal.id) ?? {};
    return {
      id: journal.id,
      name: journal.name,
      color: journal.color,
      role: journal.role,
      locked: journal.locked,
      isDefault: journal.isDefault,
      position: journal.position,
      folder: names.journalFolder(journal.name),
      ...(ownerEmail ? { ownerEmail } : {}),
      members: members.flatMap((member) => {
        const email = emailOf.get(member.userId);
        return member.role !== 'owner' && email ? [{ email, role: member.role }] : [];
      }),
      ...(keyEnvelope ? { keyEnvelope } : {}),
    };
  });
}
