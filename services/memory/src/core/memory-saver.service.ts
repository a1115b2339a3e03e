import { Injectable } from '@nestjs/common';
import {
  FILE_URL_PREFIX,
  JOURNAL_ERROR_CODES,
  JOURNAL_MESSAGES,
  MEMORY_ERROR_CODES,
  MEMORY_PLAIN_FIELDS,
  MEMORY_PLAIN_FIELD_DEFAULTS,
  MEMORY_VERSION_CONFLICT_MESSAGE,
  type CallerContext,
  type Memory,
  type MemoryChangeKind,
  type MemoryInput,
  type MemoryVersionConflict,
  type SealedMemory,
  storedPlainValue,
} from '@memories/contracts';
import { DocumentValidationError, deriveMemoryContent } from '@memories/editor-schema/server';
import { DomainError } from '@memories/nest-common';
import { JournalAccess } from '../access/journal-access';
import { MemoryAccess } from '../access/memory-access';
import { MemoryConfig } from '../config/memory.config';
import { DefaultJournals } from './default-journals.repository';
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

const lockedConflict = (message: string) => new DomainError(JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT, message);

/** The journal a save writes into, and whether it only takes content encrypted in the browser. */
export interface TargetJournal {
  id: string;
  locked: boolean;
}

/**
 * Every change of a memory's content: saves, auto-saves, restores of a kept version, and what an import writes. The
 * content is always derived from `contentJson` here; the client's HTML is never stored. A locked journal's memory is
 * stored as the browser sealed it: the server checks its shape and sizes, and cannot read it.
 */
@Injectable()
export class MemorySaver {
  constructor(
    private readonly store: MemoryStore,
    private readonly access: MemoryAccess,
    private readonly journals: JournalAccess,
    private readonly defaults: DefaultJournals,
    private readonly events: MemoryEvents,
    private readonly config: MemoryConfig,
  ) {}

  /**
   * A save based on `input.version` is written only if the memory still has that version (atomically, in the store's
   * conditional UPDATE); otherwise it answers 409 with the memory as it now is. Without a version it overwrites. A
   * `journalId` other than the memory's moves it there: its author's to do, between journals they write in, never into
   * or out of a locked journal (the browser would have to encrypt or decrypt it). A change written is announced
   * (webhooks), a restore of a kept version as well as a save.
   */
  async update(caller: CallerContext, id: string, input: MemoryInput, kind: MemoryChangeKind): Promise<Memory> {
    const { version } = input;
    const current = await this.access.requireWritable(caller, id);
    // Known to be stale already: no need to derive the content (seconds for a large document) to find out.
    if (version !== undefined && version !== current.version) throw versionConflict(current);
    const journal = await this.journalOfUpdate(caller, current, input.journalId);
    const write = this.toWrite(input, current.isDraft, journal);
    const sharedWith = input.sharedWith === undefined ? undefined : shareTargets(caller, input.sharedWith);
    if (journal.locked && (sharedWith?.length ?? 0) > 0) throw lockedConflict(JOURNAL_MESSAGES.lockedSharing);
    const updated = await this.store.update(id, write, sharedWith, kind, version);
    if (updated) {
      const memory = toMemory(updated);
      await this.events.updated(memory, { correlationId: caller.correlationId, userId: caller.userId });
      return memory;
    }
    // Another save came first (or a delete): answer with what is there now.
    throw versionConflict(await this.access.requireWritable(caller, id));
  }

  /** Where a new memory goes: the journal it names (one the caller writes in), else the caller's default journal. */
  async journalOfCreate(caller: CallerContext, journalId: string | undefined): Promise<TargetJournal> {
    if (journalId === undefined) return { id: await this.defaults.of(caller.userId), locked: false };
    const { journal } = await this.journals.requireWriter(caller, journalId);
    return { id: journal.id, locked: journal.locked };
  }

  /**
   * What a save stores of the input: validated, normalised and sanitised against the editor schema, or, in a locked
   * journal, the browser's ciphertext with empty plaintext. The plain fields (contracts, `MemoryPlainFields`), stored
   * as the client sent them (the DTOs validated them), pass through as they are.
   */
  toWrite(input: MemoryInput, defaultDraft: boolean, journal: TargetJournal): MemoryWrite {
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
      journalId: _journalId,
      sealed,
      ...asSent
    } = input;
    if (journal.locked || sealed !== undefined) {
      return { ...asSent, ...this.sealedWrite(input, journal), isDraft: isDraft ?? defaultDraft };
    }
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
      journalId: journal.id,
      sealed: null,
    };
  }

  /**
   * A locked journal's memory: only the date, the draft flag, the ciphertext and its images' addresses are kept. Any
   * plaintext sent along is refused (never stored), a plain field other than its default (a mood) included, and
   * ciphertext is refused in a journal that is not locked.
   */
  private sealedWrite(input: MemoryInput, journal: TargetJournal): Omit<MemoryWrite, 'isDraft'> {
    const { sealed } = input;
    if (!journal.locked) throw lockedConflict(JOURNAL_MESSAGES.plainContent);
    const plaintext =
      input.title.trim() !== '' ||
      (typeof input.contentJson === 'string' ? input.contentJson.trim() !== '' : true) ||
      (input.tags?.length ?? 0) > 0 ||
      (input.thumbnailUrl ?? '') !== '' ||
      MEMORY_PLAIN_FIELDS.some(
        (name) => input[name] !== undefined && storedPlainValue(input[name]) !== MEMORY_PLAIN_FIELD_DEFAULTS[name],
      );
    if (!sealed || plaintext) throw lockedConflict(JOURNAL_MESSAGES.lockedContent);
    return {
      title: '',
      date: toMemoryDateTime(input.date),
      contentJson: '',
      contentHtml: '',
      contentText: '',
      tags: [],
      thumbnailUrl: '',
      imageSources: this.sealedImages(sealed),
      wordCount: 0,
      readingTime: 0,
      journalId: journal.id,
      sealed: sealed.ciphertext,
    };
  }

  /** The encrypted images a locked memory uses: files of this server (an address anywhere else is refused). */
  private sealedImages(sealed: SealedMemory): string[] {
    const prefix = this.config.FILE_URL_PREFIX || FILE_URL_PREFIX;
    const images = [...new Set(sealed.imageUrls)];
    if (images.some((url) => !url.startsWith(prefix) || url.includes('..')))
      throw new DomainError(MEMORY_ERROR_CODES.MEMORY_CONTENT_INVALID, 'sealed.imageUrls must be files of this server');
    return images;
  }

  private async journalOfUpdate(
    caller: CallerContext,
    current: MemoryRecord,
    journalId: string | undefined,
  ): Promise<TargetJournal> {
    const { journal } = await this.journals.requireMember(caller, current.journalId);
    const here = { id: journal.id, locked: journal.locked };
    if (journalId === undefined || journalId === current.journalId) return here;
    if (current.userId !== caller.userId)
      throw new DomainError(JOURNAL_ERROR_CODES.JOURNAL_WRITE_FORBIDDEN, JOURNAL_MESSAGES.moveOwnOnly);
    const target = await this.journalOfCreate(caller, journalId);
    if (target.locked !== here.locked) throw lockedConflict(JOURNAL_MESSAGES.lockedMove);
    return target;
  }
}
