import { Injectable } from '@nestjs/common';
import {
  MEMORY_ERROR_CODES,
  MEMORY_VERSION_CONFLICT_MESSAGE,
  type CallerContext,
  type Memory,
  type MemoryChangeKind,
  type MemoryInput,
  type MemoryVersionConflict,
} from '@memories/contracts';
import { DocumentValidationError, deriveMemoryContent } from '@memories/editor-schema/server';
import { DomainError } from '@memories/nest-common';
import { MemoryAccess } from '../access/memory-access';
import { MemoryConfig } from '../config/memory.config';
import { toMemoryDateTime } from './memory-date.util';
import { MemoryEvents } from './memory-events';
import { toMemory } from './memory.mapper';
import type { MemoryRecord, MemoryWrite } from './memory.record';
import { MemoryStore } from './memory-store.repository';
import { normaliseTags, shareTargets } from './memory-input.util';

function versionConflict(current: MemoryRecord): DomainError {
  const detail: MemoryVersionConflict = { current: toMemory(current) };
  return new DomainError(MEMORY_ERROR_CODES.MEMORY_VERSION_CONFLICT, MEMORY_VERSION_CONFLICT_MESSAGE, detail);
}

/**
 * Every change of a memory's content: saves, auto-saves, restores of a kept version, and what an import writes. The
 * content is always derived from `contentJson` here; the client's HTML is never stored.
 */
@Injectable()
export class MemorySaver {
  constructor(
    private readonly store: MemoryStore,
    private readonly access: MemoryAccess,
    private readonly events: MemoryEvents,
    private readonly config: MemoryConfig,
  ) {}

  /**
   * A save based on `input.version` is written only if the memory still has that version (atomically, in the store's
   * conditional UPDATE); otherwise it answers 409 with the memory as it now is. Without a version it overwrites. A
   * change written is announced (webhooks), a restore of a kept version as well as a save.
   */
  async update(caller: CallerContext, id: string, input: MemoryInput, kind: MemoryChangeKind): Promise<Memory> {
    const { version } = input;
    const current = await this.access.requireWritable(caller, id);
    // Known to be stale already: no need to derive the content (seconds for a large document) to find out.
    if (version !== undefined && version !== current.version) throw versionConflict(current);
    const write = this.toWrite(input, current.isDraft);
    const sharedWith = input.sharedWith === undefined ? undefined : shareTargets(caller, input.sharedWith);
    const updated = await this.store.update(id, write, sharedWith, kind, version);
    if (updated) {
      await this.events.updated(updated, { correlationId: caller.correlationId, userId: caller.userId });
      return toMemory(updated);
    }
    // Another save came first (or a delete): answer with what is there now.
    throw versionConflict(await this.access.requireWritable(caller, id));
  }

  /**
   * What a save stores of the input: validated, normalised and sanitised against the editor schema. The plain fields
   * (contracts, `MemoryPlainFields`), stored as the client sent them (the DTOs validated them), pass through as they are.
   */
  toWrite(input: MemoryInput, defaultDraft: boolean): MemoryWrite {
    const {
      title,
      date,
      contentJson,
      contentHtml: _ignoredHtml,
      tags,
      isDraft,
      thumbnailUrl: givenThumbnail,
      sharedWith: _sharedWith,
      version: _version,
      ...asSent
    } = input;
    let content;
    try {
      content = deriveMemoryContent(contentJson, { fileUrlPrefix: this.config.FILE_URL_PREFIX || undefined });
    } catch (error) {
      if (error instanceof DocumentValidationError) {
        throw new DomainError(MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID, `Invalid content: ${error.message}`, {
          reason: error.reason,
        });
      }
      throw error;
    }
    const thumbnailUrl = givenThumbnail?.trim() ?? '';
    if (thumbnailUrl !== '' && !content.imageSources.includes(thumbnailUrl)) {
      throw new DomainError(
        MEMORY_ERROR_CODES.MEMORY_THUMBNAIL_INVALID,
        'thumbnailUrl must be one of the images in the content, or empty',
      );
    }
    return {
      ...asSent,
      title: title.trim(),
      date: toMemoryDateTime(date),
      contentJson: JSON.stringify(content.contentJson),
      contentHtml: content.contentHtml,
      contentText: content.plainText,
      tags: normaliseTags(tags),
      isDraft: isDraft ?? defaultDraft,
      thumbnailUrl,
      imageSources: content.imageSources,
      wordCount: content.wordCount,
      readingTime: content.readingTime,
    };
  }
}
