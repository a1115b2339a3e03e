import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { JOURNAL_COLORS, type ImportedJournal, type JournalKeyEnvelope } from '@memories/contracts';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';
import { insertJournal } from './journal-rows';
import type { TargetJournal } from './memory-saver.service';

/** The same wrapped key: a locked journal exported elsewhere comes back into the journal it was. */
function sameKey(a: JournalKeyEnvelope | null, b: JournalKeyEnvelope | undefined): boolean {
  return a !== null && b !== undefined && a.passphrase.wrappedKey === b.passphrase.wrappedKey;
}

/**
 * Where an import puts the journals it names: the importer's own journal of the same name (a locked one only when it
 * holds the same key), or a new one; members who have an account here are added to a plain journal (never to a locked
 * one, which cannot be shared). Importing the same archive again finds the same journals.
 */
@Injectable()
export class ImportedJournals {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  async place(ownerId: string, journals: ImportedJournal[] = []): Promise<Map<string, TargetJournal>> {
    const placed = new Map<string, TargetJournal>();
    for (const journal of journals) placed.set(journal.sourceKey, await this.placeOne(ownerId, journal));
    return placed;
  }

  private placeOne(ownerId: string, journal: ImportedJournal): Promise<TargetJournal> {
    const locked = journal.keyEnvelope !== undefined;
    return this.db.transaction().execute(async (trx) => {
      // Two pages of one import never make the same journal twice.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`memory.import-journal:${ownerId}`}))`.execute(trx);
      const candidates = await trx
        .selectFrom('memory.journals')
        .select(['id', 'locked', 'keyEnvelope'])
        .where('ownerId', '=', ownerId)
        .where(sql<boolean>`lower(name) = lower(${journal.name})`)
        .orderBy('createdAt')
        .execute();
      const found = candidates.find((candidate) =>
        locked ? candidate.locked && sameKey(candidate.keyEnvelope, journal.keyEnvelope) : !candidate.locked,
      );
      const id =
        found?.id ??
        (await insertJournal(trx, ownerId, {
          name: journal.name,
          color: journal.color ?? JOURNAL_COLORS[0],
          keyEnvelope: journal.keyEnvelope,
        }));
      const members = locked ? [] : (journal.members ?? []).filter((member) => member.userId !== ownerId);
      if (members.length > 0) {
        await trx
          .insertInto('memory.journal_members')
          .values(members.map(({ userId, role }) => ({ journalId: id, userId, role })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      return { id, locked };
    });
  }
}
