import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import {
  MAX_TRANSFER_PAGE_BYTES,
  MAX_TRANSFER_PAGE_MEMORIES,
  type ExportMemoriesPage,
  type ExportMemoriesPayload,
  type ImportMemoriesPayload,
  type ImportMemoriesResult,
  type ImportedMemoryInput,
  type ImportedMemoryResult,
  type MessageContext,
} from '@memories/contracts';
import { MemoryBodyDto } from '@memories/memory-dto';
import { DomainError } from '@memories/nest-common';
import { idempotentMemoryId } from '../core/idempotent-create.util';
import { toMemory } from '../core/memory.mapper';
import { requireUser } from '../access/caller';
import { shareTargets } from '../core/memory-input.util';
import { ImportedJournals } from '../core/imported-journals.repository';
import { MemorySaver, type TargetJournal } from '../core/memory-saver.service';
import { MemoryTransferRepository, type ImportedRow } from './memory-transfer.repository';

/** The id an imported entry always gets: the same source entry, imported again, is the same memory. */
export function importedMemoryId(ownerId: string, sourceKey: string): string {
  return idempotentMemoryId(ownerId, `import:${sourceKey}`);
}

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [...Object.values(error.constraints ?? {}), ...messagesOf(error.children ?? [])]);
}

/** Why the memory of an entry cannot be saved, in the words a save from the editor would get; null when it can. */
function refusalOf(item: ImportedMemoryInput): string | null {
  const messages = messagesOf(
    validateSync(plainToInstance(MemoryBodyDto, item.memory), { whitelist: true, forbidNonWhitelisted: true }),
  );
  return messages.length > 0 ? messages.join('; ') : null;
}

/**
 * A whole journal out and in. Export pages are keyset pages of the owner's memories; an imported memory is
 * checked, normalised and sanitised exactly as a save from the editor (MemorySaver.toWrite), keeps the dates of
 * its source, goes into the journal it came from (the importer's own journal of that name, or a new one; else the
 * default journal), and is keyed by its source so that importing the same archive again creates nothing.
 */
@Injectable()
export class MemoryTransferService {
  constructor(
    private readonly saver: MemorySaver,
    private readonly transfer: MemoryTransferRepository,
    private readonly journals: ImportedJournals,
  ) {}

  async exportPage(context: MessageContext, payload: ExportMemoriesPayload): Promise<ExportMemoriesPage> {
    const caller = requireUser(context);
    const rows = await this.transfer.pageAfter(
      caller.userId,
      payload.after,
      MAX_TRANSFER_PAGE_MEMORIES,
      MAX_TRANSFER_PAGE_BYTES,
    );
    return { memories: rows.map((row) => toMemory(row.record)), next: rows.at(-1)?.position ?? null };
  }

  async importPage(context: MessageContext, payload: ImportMemoriesPayload): Promise<ImportMemoriesResult> {
    const caller = requireUser(context);
    const ids = payload.items.map((item) => importedMemoryId(caller.userId, item.sourceKey));
    const originalIds = payload.items.flatMap((item) => (item.originalId ? [item.originalId] : []));
    const owned = await this.transfer.ownedIds(caller.userId, [...ids, ...originalIds]);
    // The default journal first (a new account's is made on first use): an archive's "Journal" then finds it by name.
    const home: TargetJournal = await this.saver.journalOfCreate(caller, undefined);
    const journals = await this.journals.place(caller.userId, payload.journals);
    const results: ImportedMemoryResult[] = [];
    const rows: ImportedRow[] = [];
    payload.items.forEach((item, index) => {
      const id = ids[index];
      const existing = owned.has(id) ? id : item.originalId && owned.has(item.originalId) ? item.originalId : undefined;
      if (existing) {
        results.push({ sourceKey: item.sourceKey, status: 'existing', id: existing });
        return;
      }
      const refusal = refusalOf(item);
      if (refusal) {
        results.push({ sourceKey: item.sourceKey, status: 'failed', message: refusal });
        return;
      }
      try {
        rows.push({
          id,
          write: this.saver.toWrite(item.memory, true, journals.get(item.journalKey ?? '') ?? home),
          sharedWith: shareTargets(caller, item.memory.sharedWith ?? []),
          createdAt: item.createdAt ? new Date(item.createdAt) : undefined,
          updatedAt: item.updatedAt ? new Date(item.updatedAt) : undefined,
          counts: item.counts,
        });
        // The same entry twice in one page is one memory.
        owned.add(id);
        results.push({ sourceKey: item.sourceKey, status: 'created', id });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ sourceKey: item.sourceKey, status: 'failed', message: error.message });
      }
    });
    const created = await this.transfer.insertImported(caller.userId, payload.ownerEmail, rows);
    // An entry another run of the same job inserted first is there all the same, not created twice.
    return {
      results: results.map((result) =>
        result.status === 'created' && result.id && !created.has(result.id)
          ? { ...result, status: 'existing' }
          : result,
      ),
    };
  }
}
