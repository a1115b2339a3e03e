import { Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  MEMORY_ERROR_CODES,
  MEMORY_VERSION_CONFLICT_MESSAGE,
  type CreateMemoryPayload,
  type DeletedMemory,
  type Memory,
  type MemoryInput,
  type MemoryListQuery,
  type MemoryPage,
  type MemoryChangeKind,
  type MemoryTagList,
  type MemoryVersionConflict,
  type MessageContext,
  type PageRequest,
  type ShareMemoryPayload,
  type UpdateMemoryPayload,
} from '@memories/contracts';
import { DocumentValidationError, deriveMemoryContent } from '@memories/editor-schema/server';
import { DomainError } from '@memories/nest-common';
import { MemoryConfig } from '../config/memory.config';
import { idempotentMemoryId, isUniqueViolation } from './idempotent-create.util';
import { MemoryEvents } from './memory-events';
import { toMemoryDateTime, toRangeEndExclusive, toRangeStart } from './memory-date.util';
import { toMemory } from './memory.mapper';
import type { MemoryRecord, MemoryWrite, RecordPage } from './memory.record';
import { MemoryRepository } from './memory.repository';
import { toPageWindow, toPagination } from './pagination.util';

/** Who asks: the envelope's user (set by the gateway from the verified token) and the correlation id. */
export interface Caller extends MessageContext {
  userId: string;
}

export function requireUser(context: MessageContext): Caller {
  if (!context.userId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
  return { ...context, userId: context.userId };
}

function notFound(id: string): DomainError {
  return new DomainError(MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, 'Memory not found', { id });
}

function versionConflict(current: MemoryRecord): DomainError {
  const detail: MemoryVersionConflict = { current: toMemory(current) };
  return new DomainError(MEMORY_ERROR_CODES.MEMORY_VERSION_CONFLICT, MEMORY_VERSION_CONFLICT_MESSAGE, detail);
}

/** Trimmed, non-empty, each once, in the order given (spec section 5, "Tags"). */
export function normaliseTags(tags: string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter((tag) => tag.length > 0))];
}

/**
 * The memory rules: the owner may do everything, users it is shared with may read it, anyone else is told it
 * does not exist. Content is always derived from `contentJson` here; the client's HTML is never stored.
 */
@Injectable()
export class MemoryService {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly events: MemoryEvents,
    private readonly config: MemoryConfig,
  ) {}

  async create(context: MessageContext, payload: CreateMemoryPayload): Promise<Memory> {
    const caller = requireUser(context);
    const write = this.toWrite(payload.memory, true);
    const sharedWith = this.shareTargets(caller, payload.memory.sharedWith ?? []);
    if (payload.idempotencyKey === undefined) {
      return this.announceCreated(
        await this.memories.insert(caller.userId, payload.ownerEmail, write, sharedWith),
        caller,
      );
    }
    // A create the client sent again (its first answer was lost) answers the memory the first one made.
    const id = idempotentMemoryId(caller.userId, payload.idempotencyKey);
    const existing = await this.memories.findById(id);
    if (existing) return toMemory(existing);
    try {
      return this.announceCreated(
        await this.memories.insert(caller.userId, payload.ownerEmail, write, sharedWith, id),
        caller,
      );
    } catch (error) {
      // Both copies of a retried create arrived at once and the other inserted first.
      const created = isUniqueViolation(error) ? await this.memories.findById(id) : undefined;
      if (!created) throw error;
      return toMemory(created);
    }
  }

  /**
   * Every change of a memory's content goes through here: saves, auto-saves and restores of a kept version. A save
   * based on `payload.memory.version` is written only if the memory still has that version (atomically, in the
   * repository's conditional UPDATE); otherwise it answers 409 with the memory as it now is. Without a version it
   * overwrites, as before.
   */
  async update(
    context: MessageContext,
    payload: UpdateMemoryPayload,
    kind: MemoryChangeKind = payload.autoSave ? 'auto' : 'save',
  ): Promise<Memory> {
    const caller = requireUser(context);
    const { version } = payload.memory;
    const current = await this.requireOwned(caller, payload.id);
    // Known to be stale already: no need to derive the content (seconds for a large document) to find out.
    if (version !== undefined && version !== current.version) throw versionConflict(current);
    const write = this.toWrite(payload.memory, current.isDraft);
    const sharedWith =
      payload.memory.sharedWith === undefined ? undefined : this.shareTargets(caller, payload.memory.sharedWith);
    const updated = await this.memories.update(payload.id, write, sharedWith, kind, version);
    if (updated) {
      await this.events.updated(updated, caller);
      return toMemory(updated);
    }
    // Another save came first (or a delete): answer with what is there now.
    throw versionConflict(await this.requireOwned(caller, payload.id));
  }

  /** A read by anyone but the owner counts as a view. */
  async get(context: MessageContext, id: string): Promise<Memory> {
    const caller = requireUser(context);
    const record = await this.memories.findById(id);
    if (!record) throw notFound(id);
    if (record.userId === caller.userId) return toMemory(record);
    if (!(await this.memories.isSharedWith(id, caller.userId))) throw notFound(id);
    const viewCount = await this.memories.incrementViewCount(id);
    return toMemory({ ...record, viewCount });
  }

  async delete(context: MessageContext, id: string): Promise<DeletedMemory> {
    const caller = requireUser(context);
    const record = await this.requireOwned(caller, id);
    // The images of its kept versions too: the upload service deletes those no other memory uses.
    const imageSources = await this.memories.delete(id);
    await this.events.deleted(record, imageSources, { correlationId: caller.correlationId, userId: caller.userId });
    return { id, imageSources };
  }

  async publish(context: MessageContext, id: string): Promise<Memory> {
    const caller = requireUser(context);
    await this.requireOwned(caller, id);
    const published = await this.memories.publish(id);
    await this.events.updated(published, caller);
    return toMemory(published);
  }

  async share(context: MessageContext, payload: ShareMemoryPayload): Promise<Memory> {
    const caller = requireUser(context);
    await this.requireOwned(caller, payload.id);
    return toMemory(await this.memories.addShares(payload.id, this.shareTargets(caller, payload.userIds)));
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

  /** The caller's own memory; anyone else's answers MEMORY_NOT_FOUND, exactly like a missing one. */
  async owned(context: MessageContext, id: string): Promise<MemoryRecord> {
    return this.requireOwned(requireUser(context), id);
  }

  private async requireOwned(caller: Caller, id: string): Promise<MemoryRecord> {
    const record = await this.memories.findById(id);
    // Someone else's memory answers exactly like a missing one: its existence is not revealed.
    if (!record || record.userId !== caller.userId) throw notFound(id);
    return record;
  }

  private async announceCreated(record: MemoryRecord, caller: Caller): Promise<Memory> {
    await this.events.created(record, { correlationId: caller.correlationId, userId: caller.userId });
    return toMemory(record);
  }

  /** The owner is never a share target of their own memory. */
  private shareTargets(caller: Caller, userIds: string[]): string[] {
    return [...new Set(userIds)].filter((userId) => userId !== caller.userId);
  }

  /** What a save stores of the input: validated, normalised and sanitised against the editor schema. */
  toWrite(input: MemoryInput, defaultDraft: boolean): MemoryWrite {
    let content;
    try {
      content = deriveMemoryContent(input.contentJson, { fileUrlPrefix: this.config.FILE_URL_PREFIX || undefined });
    } catch (error) {
      if (error instanceof DocumentValidationError) {
        throw new DomainError(MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID, `Invalid content: ${error.message}`, {
          reason: error.reason,
        });
      }
      throw error;
    }
    const thumbnailUrl = input.thumbnailUrl?.trim() ?? '';
    if (thumbnailUrl !== '' && !content.imageSources.includes(thumbnailUrl)) {
      throw new DomainError(
        MEMORY_ERROR_CODES.MEMORY_THUMBNAIL_INVALID,
        'thumbnailUrl must be one of the images in the content, or empty',
      );
    }
    return {
      title: input.title.trim(),
      date: toMemoryDateTime(input.date),
      contentJson: JSON.stringify(content.contentJson),
      contentHtml: content.contentHtml,
      contentText: content.plainText,
      tags: normaliseTags(input.tags),
      isDraft: input.isDraft ?? defaultDraft,
      thumbnailUrl,
      imageSources: content.imageSources,
      wordCount: content.wordCount,
      readingTime: content.readingTime,
    };
  }

  private toPage(result: RecordPage, page: number, size: number): MemoryPage {
    return { items: result.records.map(toMemory), pagination: toPagination(page, size, result.total) };
  }
}
