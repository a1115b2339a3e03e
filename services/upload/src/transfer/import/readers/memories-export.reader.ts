import { Injectable } from '@nestjs/common';
import {
  EXPORT_FORMAT_VERSION,
  EXPORT_MANIFEST_FILE,
  JOURNAL_COLOR_PATTERN,
  JOURNAL_MEMBER_ROLES,
  MEMORY_PLAIN_FIELDS,
  type ImportedCounts,
  type JournalKeyEnvelope,
  type JournalMemberRole,
  type MemoryPlainFields,
  type SealedMemory,
} from '@memories/contracts';
import type { MemoryDocument } from '@memories/editor-schema';
import type { ZipArchive } from '../../archive/zip-archive.reader';
import { collectImages, moodOf, resolveInArchive, textOf } from '../draft-memory.util';
import {
  EntryRefusal,
  type ArchiveFormatReader,
  type DraftJournal,
  type DraftMemory,
  type SourceEntry,
} from '../source-entry';
import { OversizedItem, jsonArrayItems, oversizedEntryRefusal } from './json-array.util';

/** The fields of an entry of `memories.json` this reader uses (the others, the derived HTML first, are not read). */
const FIELDS = [
  'id',
  'markdownFile',
  'title',
  'contentJson',
  'date',
  'tags',
  'isDraft',
  'mood',
  'sharedWith',
  'thumbnailUrl',
  'viewCount',
  'likeCount',
  'commentCount',
  'createdAt',
  'updatedAt',
  'journalId',
  'sealed',
  'sealedImageFiles',
  ...MEMORY_PLAIN_FIELDS,
];
/** The fields of an entry of `journals` in `memories.json` this reader uses. */
const JOURNAL_FIELDS = ['id', 'name', 'color', 'keyEnvelope', 'members'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEAD_BYTES = 4096;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const count = (value: unknown) => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0);

function documentOf(value: unknown): MemoryDocument | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const document = record(parsed);
  return document?.type === 'doc' && Array.isArray(document.content)
    ? (document as unknown as MemoryDocument)
    : undefined;
}

/**
 * A locked memory's encrypted images that the archive holds (`sealedImageFiles`): the address its ciphertext names
 * each with → the archive entry. Only addresses the memory names, and only entries inside the archive.
 */
function sealedImagesOf(
  archive: ZipArchive,
  root: string,
  memory: Record<string, unknown>,
  sealed: SealedMemory,
): Map<string, string> {
  const files = record(memory.sealedImageFiles);
  const images = new Map<string, string>();
  for (const url of sealed.imageUrls) {
    const file = files?.[url];
    const entry =
      typeof file === 'string' ? resolveInArchive(archive, root, `${root}${EXPORT_MANIFEST_FILE}`, file) : undefined;
    if (entry) images.set(url, entry);
  }
  return images;
}

/** A locked memory's `sealed` as the archive holds it: its ciphertext and its images' addresses, passed on as text. */
function sealedOf(value: unknown): SealedMemory | undefined {
  const sealed = record(value);
  if (!sealed || typeof sealed.ciphertext !== 'string' || !Array.isArray(sealed.imageUrls)) return undefined;
  return {
    ciphertext: sealed.ciphertext,
    imageUrls: sealed.imageUrls.filter((url): url is string => typeof url === 'string'),
  };
}

/**
 * An exported journal as the import reads it. Its key envelope is passed on as it is: the memory service checks its
 * shape like any other (a broken one fails the journal's entries, never the server).
 */
function journalOf(value: unknown): DraftJournal | undefined {
  const journal = record(value);
  const id = textOf(journal?.id);
  const name = textOf(journal?.name);
  if (!journal || !id || !name) return undefined;
  const color = textOf(journal.color);
  const members = (Array.isArray(journal.members) ? journal.members : []).flatMap((member: unknown) => {
    const email = textOf(record(member)?.email);
    const role = record(member)?.role as JournalMemberRole;
    return email && JOURNAL_MEMBER_ROLES.includes(role) ? [{ email, role }] : [];
  });
  return {
    sourceKey: `memories-journal:${id}`,
    name,
    ...(color && JOURNAL_COLOR_PATTERN.test(color) ? { color } : {}),
    ...(record(journal.keyEnvelope) ? { keyEnvelope: journal.keyEnvelope as JournalKeyEnvelope } : {}),
    members,
  };
}

/** Our own export: `memories.json` is the lossless copy (the document itself), the images sit beside it. */
@Injectable()
export class MemoriesExportReader implements ArchiveFormatReader {
  async count(archive: ZipArchive, root: string): Promise<number> {
    const manifest = this.manifest(archive, root);
    let head = '';
    for await (const chunk of await archive.openStream(manifest)) {
      head += (chunk as Buffer).toString('utf8');
      if (head.length >= HEAD_BYTES) break;
    }
    const version = /"version"\s*:\s*(\d+)/.exec(head);
    if (version && Number(version[1]) > EXPORT_FORMAT_VERSION) {
      throw new EntryRefusal(
        `${EXPORT_MANIFEST_FILE} comes from a newer version of Memories (format ${version[1]}). Update this server first.`,
      );
    }
    let total = 0;
    for await (const _item of jsonArrayItems(
      await archive.openStream(manifest),
      'memories',
      EXPORT_MANIFEST_FILE,
      FIELDS,
    ))
      total += 1;
    return total;
  }

  async *entries(archive: ZipArchive, root: string): AsyncGenerator<SourceEntry> {
    // The journals come before the memories in memories.json, and are few.
    const journals = new Map<string, DraftJournal>();
    for await (const item of jsonArrayItems(
      await archive.openStream(this.manifest(archive, root)),
      'journals',
      EXPORT_MANIFEST_FILE,
      JOURNAL_FIELDS,
    )) {
      // A journal larger than any can be is left out: its memories go to the importer's default journal.
      if (item instanceof OversizedItem) continue;
      const journal = journalOf(item);
      if (journal) journals.set(journal.sourceKey.slice('memories-journal:'.length), journal);
    }
    let position = 0;
    for await (const item of jsonArrayItems(
      await archive.openStream(this.manifest(archive, root)),
      'memories',
      EXPORT_MANIFEST_FILE,
      FIELDS,
    )) {
      position += 1;
      if (item instanceof OversizedItem) {
        yield {
          sourceKey: `memories:#${position}`,
          label: `memory ${position}`,
          load: () => Promise.reject(oversizedEntryRefusal()),
        };
        continue;
      }
      const memory = record(item) ?? {};
      const id = textOf(memory.id);
      const label = textOf(memory.markdownFile) ?? textOf(memory.title) ?? `memory ${position}`;
      yield {
        sourceKey: `memories:${id ?? `#${position}`}`,
        label,
        load: async () => ({
          ...this.draftOf(archive, root, memory, id),
          journal: journals.get(textOf(memory.journalId) ?? ''),
        }),
      };
    }
  }

  private manifest(archive: ZipArchive, root: string) {
    const manifest = archive.find(`${root}${EXPORT_MANIFEST_FILE}`);
    if (!manifest) throw new EntryRefusal(`${EXPORT_MANIFEST_FILE} is missing.`);
    return manifest;
  }

  private draftOf(
    archive: ZipArchive,
    root: string,
    memory: Record<string, unknown>,
    id: string | undefined,
  ): DraftMemory {
    const sealed = sealedOf(memory.sealed);
    if (sealed) return this.sealedDraftOf(memory, sealed, id, sealedImagesOf(archive, root, memory, sealed));
    const document = documentOf(memory.contentJson);
    if (!document) throw new EntryRefusal('Its contentJson is not an editor document.');
    const date = textOf(memory.date);
    if (!date) throw new EntryRefusal('It has no date.');
    const tags = Array.isArray(memory.tags) ? memory.tags.filter((tag): tag is string => typeof tag === 'string') : [];
    const recipients = Array.isArray(memory.sharedWith)
      ? memory.sharedWith.filter((email): email is string => typeof email === 'string')
      : [];
    const {
      document: withImages,
      images,
      notes,
    } = collectImages(document, (src) => resolveInArchive(archive, root, `${root}${EXPORT_MANIFEST_FILE}`, src));
    const thumbnail = textOf(memory.thumbnailUrl);
    // As the archive has them: the memory service validates them as it does every save (a bad one refuses the entry).
    const plainFields = Object.fromEntries(
      MEMORY_PLAIN_FIELDS.filter((name) => memory[name] !== undefined).map((name) => [name, memory[name]]),
    ) as Partial<MemoryPlainFields>;
    // Except a mood that is none, which is left out with a note rather than refusing the entry's text.
    if (plainFields.mood !== undefined) plainFields.mood = moodOf(plainFields.mood, notes);
    const counts: ImportedCounts = {
      viewCount: count(memory.viewCount),
      likeCount: count(memory.likeCount),
      commentCount: count(memory.commentCount),
    };
    return {
      title: typeof memory.title === 'string' ? memory.title : '',
      date,
      tags,
      isDraft: memory.isDraft === true,
      document: withImages,
      images,
      thumbnail: thumbnail && images.has(thumbnail) ? thumbnail : undefined,
      plainFields,
      createdAt: textOf(memory.createdAt),
      updatedAt: textOf(memory.updatedAt),
      counts,
      originalId: id && UUID.test(id) ? id : undefined,
      recipients,
      notes,
    };
  }

  /**
   * A memory of a locked journal comes back as the ciphertext it was: only its date, draft state, dates and id are in
   * the clear (the memory service checks the ciphertext's shape, as on every save into a locked journal).
   */
  private sealedDraftOf(
    memory: Record<string, unknown>,
    sealed: SealedMemory,
    id: string | undefined,
    images: Map<string, string>,
  ): DraftMemory {
    const date = textOf(memory.date);
    if (!date) throw new EntryRefusal('It has no date.');
    return {
      title: '',
      date,
      tags: [],
      isDraft: memory.isDraft === true,
      document: { type: 'doc', content: [] },
      images,
      createdAt: textOf(memory.createdAt),
      updatedAt: textOf(memory.updatedAt),
      originalId: id && UUID.test(id) ? id : undefined,
      recipients: [],
      notes: [],
      sealed,
    };
  }
}
