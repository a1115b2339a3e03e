import { Injectable } from '@nestjs/common';
import {
  MEMORY_VERSION_ERROR_CODES,
  type MemoryInput,
  type MemoryVersion,
  type MemoryVersionListQuery,
  type MemoryVersionPage,
  type MemoryVersionPayload,
  type MessageContext,
  type RestoredMemoryVersion,
} from '@memories/contracts';
import { deriveMemoryContent } from '@memories/editor-schema/server';
import { DomainError } from '@memories/nest-common';
import { requireUser } from '../access/caller';
import { MemoryAccess } from '../access/memory-access';
import { MemoryConfig } from '../config/memory.config';
import { MemorySaver } from '../core/memory-saver.service';
import { toPageWindow, toPagination } from '../core/pagination.util';
import { sealedOf, toVersion, toVersionSummary } from './memory-version.mapper';
import type { VersionRecord } from './memory-version.record';
import { MemoryVersionRepository } from './memory-version.repository';

/**
 * What a restore saves: the version as it was kept. A sealed version gives back its ciphertext and images as the
 * browser sealed them, beside its empty plaintext columns: without them a locked journal's save would find no
 * ciphertext and refuse it. MemorySaver still refuses a sealed version outside a locked journal and a plain one
 * inside (409), so neither kind ends up where it does not belong.
 */
function restoreInput(version: VersionRecord): MemoryInput {
  const input: MemoryInput = {
    title: version.title,
    date: version.date,
    contentJson: version.contentJson,
    tags: version.tags,
    isDraft: version.isDraft,
    thumbnailUrl: version.thumbnailUrl,
  };
  const sealed = sealedOf(version);
  if (sealed) input.sealed = sealed;
  return input;
}

/**
 * A memory's history, for whoever may change it (MemoryAccess.requireWritable): anyone else is told the memory does
 * not exist, like for every memory call.
 * Versions are kept by the database on every change (KeepMemoryVersions migration); a restore is one more change,
 * made through the memory's own update, so it keeps what it replaced and can itself be undone.
 */
@Injectable()
export class MemoryVersionService {
  constructor(
    private readonly versions: MemoryVersionRepository,
    private readonly access: MemoryAccess,
    private readonly saver: MemorySaver,
    private readonly config: MemoryConfig,
  ) {}

  async list(context: MessageContext, query: MemoryVersionListQuery): Promise<MemoryVersionPage> {
    await this.access.requireWritable(requireUser(context), query.id);
    const window = toPageWindow(query.paging);
    const { records, total } = await this.versions.list(query.id, window);
    return { items: records.map(toVersionSummary), pagination: toPagination(window.page, window.size, total) };
  }

  async get(context: MessageContext, payload: MemoryVersionPayload): Promise<MemoryVersion> {
    await this.access.requireWritable(requireUser(context), payload.id);
    const version = await this.requireVersion(payload);
    // A sealed version's document is in its ciphertext, which only the browser opens: its empty contentJson is no
    // document to render (the renderer would refuse it).
    if (version.sealed !== null) return toVersion(version, '');
    const { contentHtml } = deriveMemoryContent(version.contentJson, {
      fileUrlPrefix: this.config.FILE_URL_PREFIX || undefined,
    });
    return toVersion(version, contentHtml);
  }

  async restore(context: MessageContext, payload: MemoryVersionPayload): Promise<RestoredMemoryVersion> {
    await this.access.requireWritable(requireUser(context), payload.id);
    const version = await this.requireVersion(payload);
    const newestBefore = await this.versions.newestId(payload.id);
    const memory = await this.saver.update(requireUser(context), payload.id, restoreInput(version), 'restore');
    // The restore kept what it replaced as the newest version, unless the memory already read like this one.
    const newestAfter = await this.versions.newestId(payload.id);
    return { memory, undoVersionId: newestAfter !== undefined && newestAfter !== newestBefore ? newestAfter : null };
  }

  private async requireVersion({ id, versionId }: MemoryVersionPayload): Promise<VersionRecord> {
    const version = await this.versions.find(id, versionId);
    if (!version) {
      throw new DomainError(MEMORY_VERSION_ERROR_CODES.MEMORY_VERSION_NOT_FOUND, 'Version not found', {
        id,
        versionId,
      });
    }
    return version;
  }
}
