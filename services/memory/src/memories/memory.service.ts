import { Injectable } from '@nestjs/common';
import {
  type CallerContext,
  type CreateMemoryPayload,
  type DeletedMemory,
  type Memory,
  type MemoryChangeKind,
  type MemoryListQuery,
  type MemoryPage,
  type MemoryTagList,
  type MessageContext,
  type PageRequest,
  type ShareMemoryPayload,
  type UpdateMemoryPayload,
} from '@memories/contracts';
import { requireUser } from '../access/caller';
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
import { MemoryRepository } from './memory.repository';

/**
 * The memory calls: who may do what is MemoryAccess's to say (the author everything, recipients read, anyone else is
 * told the memory does not exist); content is written through MemorySaver.
 */
@Injectable()
export class MemoryService {
  constructor(
    private readonly access: MemoryAccess,
    private readonly saver: MemorySaver,
    private readonly store: MemoryStore,
    private readonly memories: MemoryRepository,
    private readonly events: MemoryEvents,
  ) {}

  async create(context: MessageContext, payload: CreateMemoryPayload): Promise<Memory> {
    const caller = requireUser(context);
    const write = this.saver.toWrite(payload.memory, true);
    const sharedWith = shareTargets(caller, payload.memory.sharedWith ?? []);
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

  update(
    context: MessageContext,
    payload: UpdateMemoryPayload,
    kind: MemoryChangeKind = payload.autoSave ? 'auto' : 'save',
  ): Promise<Memory> {
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
    await this.events.deleted(record, imageSources, { correlationId: caller.correlationId, userId: caller.userId });
    return { id, imageSources };
  }

  async publish(context: MessageContext, id: string): Promise<Memory> {
    const caller = requireUser(context);
    await this.access.requireWritable(caller, id);
    const published = await this.memories.publish(id);
    await this.events.updated(published, { correlationId: caller.correlationId, userId: caller.userId });
    return toMemory(published);
  }

  async share(context: MessageContext, payload: ShareMemoryPayload): Promise<Memory> {
    const caller = requireUser(context);
    await this.access.requireOwned(caller, payload.id);
    return toMemory(await this.memories.addShares(payload.id, shareTargets(caller, payload.userIds)));
  }

  async list(context: MessageContext, query: MemoryListQuery): Promise<MemoryPage> {
    const caller = requireUser(context);
    const window = toPageWindow(query);
    const sortBy = query.sortBy ?? 'createdAt';
    const result = await this.memories.listOwned(
      caller.userId,
      {
        title: query.title?.trim() || undefined,
        tags: normaliseTags(query.tags),
        dateFrom: query.dateFrom ? toRangeStart(query.dateFrom, 'dateFrom') : undefined,
        dateBefore: query.dateTo ? toRangeEndExclusive(query.dateTo, 'dateTo') : undefined,
        isDraft: query.isDraft,
        sortBy,
        // Newest first by default; titles A-Z (spec section 9).
        sortDirection: query.sortDirection ?? (sortBy === 'title' ? 'asc' : 'desc'),
      },
      window,
    );
    return this.toPage(result, window.page, window.size);
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

  private async announceCreated(record: MemoryRecord, caller: CallerContext): Promise<Memory> {
    await this.events.created(record, { correlationId: caller.correlationId, userId: caller.userId });
    return toMemory(record);
  }

  private toPage(result: RecordPage, page: number, size: number): MemoryPage {
    return { items: result.records.map(toMemory), pagination: toPagination(page, size, result.total) };
  }
}
