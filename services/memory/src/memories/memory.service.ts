import { Injectable } from '@nestjs/common';
import {
  JOURNAL_ERROR_CODES,
  JOURNAL_MESSAGES,
  type CreateMemoryPayload,
  type JournalIdPayload,
  type DeletedMemory,
  type Memory,
  type MemoryChangeKind,
  type MemoryListQuery,
  type JournalMemoryPage,
  type MemoryPage,
  type MemoryTagList,
  type CallerContext,
  type MessageContext,
  type PageRequest,
  type ShareMemoryPayload,
  type UpdateMemoryPayload,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { requireUser } from '../access/caller';
import { JournalAccess } from '../access/journal-access';
import { MemoryAccess } from '../access/memory-access';
import { idempotentMemoryId, isUniqueViolation } from '../core/idempotent-create.util';
import { toRangeEndExclusive, toRangeStart } from '../core/memory-date.util';
import { MemoryEvents } from '../core/memory-events';
import { normaliseTags, shareTargets } from '../core/memory-input.util';
import { MemorySaver } from '../core/memory-saver.service';
import { MemoryStore } from '../core/memory-store.repository';
import { toMemory } from '../core/memory.mapper';
import type { MemoryRecord, RecordPage } from '../core/memory.record';
import { toPageWindow, toPagination } from '../core/pagination.util';
import { MemoryRepository, type ListScope } from './memory.repository';

const lockedSharing = () =>
  new DomainError(JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT, JOURNAL_MESSAGES.lockedSharing);

/**
 * The memory calls: who may do what is MemoryAccess's to say (the author and the journal's owner write, its members
 * and recipients read, anyone else is told the memory does not exist); content is written through MemorySaver, which
 * announces what it wrote (MemoryEvents); a create, a publish and a delete are announced here.
 */
@Injectable()
export class MemoryService {
  constructor(
    private readonly access: MemoryAccess,
    private readonly saver: MemorySaver,
    private readonly store: MemoryStore,
    private readonly memories: MemoryRepository,
    private readonly events: MemoryEvents,
    private readonly journals: JournalAccess,
  ) {}

  async create(context: MessageContext, payload: CreateMemoryPayload): Promise<Memory> {
    const caller = requireUser(context);
    const journal = await this.saver.journalOfCreate(caller, payload.memory.journalId);
    const write = this.saver.toWrite(payload.memory, true, journal);
    const sharedWith = shareTargets(caller, payload.memory.sharedWith ?? []);
    if (journal.locked && sharedWith.length > 0) throw lockedSharing();
    if (payload.idempotencyKey === undefined) {
      return this.announceCreated(
        await this.store.insert(caller.userId, payload.ownerEmail, write, sharedWith),
        caller,
      );
    }
    // A create the client sent again (its first answer was lost) answers the memory the first one made.
    const id = idempotentMemoryId(caller.userId, payload.idempotencyKey);
    const existing = await this.store.findById(id);
    if (existing) return toMemory(existing);
    try {
      return this.announceCreated(
        await this.store.insert(caller.userId, payload.ownerEmail, write, sharedWith, id),
        caller,
      );
    } catch (error) {
      // Both copies of a retried create arrived at once and the other inserted first.
      const created = isUniqueViolation(error) ? await this.store.findById(id) : undefined;
      if (!created) throw error;
      return toMemory(created);
    }
  }

  async update(
    context: MessageContext,
    payload: UpdateMemoryPayload,
    kind: MemoryChangeKind = payload.autoSave ? 'auto' : 'save',
  ): Promise<Memory> {
    // MemorySaver announces the change it wrote.
    return this.saver.update(requireUser(context), payload.id, payload.memory, kind);
  }

  /** A read by anyone but the author counts as a view. */
  async get(context: MessageContext, id: string): Promise<Memory> {
    const { record, authored } = await this.access.requireReadable(requireUser(context), id);
    if (authored) return toMemory(record);
    record.viewCount = await this.memories.incrementViewCount(id);
    return toMemory(record);
  }

  async delete(context: MessageContext, id: string): Promise<DeletedMemory> {
    const caller = requireUser(context);
    const record = await this.access.requireWritable(caller, id);
    // The images of its kept versions too: the upload service deletes those no other memory uses.
    const imageSources = await this.memories.delete(id);
    await this.events.deleted(toMemory(record), imageSources, {
      correlationId: caller.correlationId,
      userId: caller.userId,
    });
    return { id, imageSources };
  }

  async publish(context: MessageContext, id: string): Promise<Memory> {
    const caller = requireUser(context);
    await this.access.requireWritable(caller, id);
    const published = toMemory(await this.memories.publish(id));
    await this.events.updated(published, { correlationId: caller.correlationId, userId: caller.userId });
    return published;
  }

  async share(context: MessageContext, payload: ShareMemoryPayload): Promise<Memory> {
    const caller = requireUser(context);
    const record = await this.access.requireOwned(caller, payload.id);
    // Only the author's browser holds the key: a recipient could not read it.
    if (record.sealed !== null) throw lockedSharing();
    return toMemory(await this.memories.addShares(payload.id, shareTargets(caller, payload.userIds)));
  }

  /** The caller's own memories (in every journal, or one with `journalId`). */
  async list(context: MessageContext, query: MemoryListQuery): Promise<MemoryPage> {
    const caller = requireUser(context);
    return this.listIn({ owner: caller.userId }, query);
  }

  /** Every member's memories of one journal, for any member; filtered and paged like the person's own list. */
  async listJournal(context: MessageContext, payload: JournalIdPayload & MemoryListQuery): Promise<JournalMemoryPage> {
    const { journalId, ...query } = payload;
    const caller = requireUser(context);
    const page = await this.listIn({ journal: journalId, member: caller.userId }, query);
    // The list's statement answers no rows to anyone but a member: only an empty page needs telling apart from a
    // journal the caller may not see (404, whether or not it exists).
    if (page.items.length === 0) await this.journals.requireMember(caller, journalId);
    // First, so that the gateway reads it at the start of the text (see JournalMemoryPage).
    return { allByCaller: page.items.every((memory) => memory.ownerId === caller.userId), ...page };
  }

  async tags(context: MessageContext): Promise<MemoryTagList> {
    const caller = requireUser(context);
    return { tags: await this.memories.distinctTags(caller.userId) };
  }

  async sharedWithMe(context: MessageContext, query: PageRequest): Promise<MemoryPage> {
    const caller = requireUser(context);
    const window = toPageWindow(query);
    return this.toPage(await this.memories.listSharedWith(caller.userId, window), window.page, window.size);
  }

  private async listIn(scope: ListScope, query: MemoryListQuery): Promise<MemoryPage> {
    const window = toPageWindow(query);
    const sortBy = query.sortBy ?? 'createdAt';
    const result = await this.memories.list(
      scope,
      {
        title: query.title?.trim() || undefined,
        tags: normaliseTags(query.tags),
        dateFrom: query.dateFrom ? toRangeStart(query.dateFrom, 'dateFrom') : undefined,
        dateBefore: query.dateTo ? toRangeEndExclusive(query.dateTo, 'dateTo') : undefined,
        isDraft: query.isDraft,
        journalId: query.journalId,
        sortBy,
        // Newest first by default; titles A-Z (spec section 9).
        sortDirection: query.sortDirection ?? (sortBy === 'title' ? 'asc' : 'desc'),
      },
      window,
    );
    return this.toPage(result, window.page, window.size);
  }

  private async announceCreated(record: MemoryRecord, caller: CallerContext): Promise<Memory> {
    const memory = toMemory(record);
    await this.events.created(memory, { correlationId: caller.correlationId, userId: caller.userId });
    return memory;
  }

  private toPage(result: RecordPage, page: number, size: number): MemoryPage {
    return { items: result.records.map(toMemory), pagination: toPagination(page, size, result.total) };
  }
}
