import path from 'node:path';
import { Injectable } from '@nestjs/common';
import type { MemoryDocumentNode } from '@memories/editor-schema';
import { markdownToDocument } from '@memories/editor-schema/markdown';
import type { ArchiveEntry, ZipArchive } from '../../archive/zip-archive.reader';
import { collectImages, instantOf, textOf, titleSources, wallClock } from '../draft-memory.util';
import { EntryRefusal, type ArchiveFormatReader, type DraftMemory, type SourceEntry } from '../source-entry';
import { OversizedItem, jsonArrayItems, oversizedEntryRefusal } from './json-array.util';

/** Tag given to starred entries, so that they stay findable (Memories has no star). */
export const STARRED_TAG = 'Starred';

const PHOTO_SOURCE = 'dayone-photo:';
const PHOTO_LINK = /!\[([^\]]*)\]\(dayone-moment:\/\/([A-Za-z0-9-]+)\)/g;
const OTHER_MEDIA = /!?\[[^\]]*\]\(dayone-moment:\/(video|audio|pdfAttachment)\/[^)]*\)/g;
const MEDIA_NAMES: Record<string, string> = { video: 'A video', audio: 'An audio recording', pdfAttachment: 'A PDF' };
const MD5_NAME = /^([0-9a-f]{32})\.[a-z0-9]+$/i;
/** The fields of a Day One entry this reader uses (the others, its `richText` first, are not read). */
const FIELDS = [
  'uuid',
  'creationDate',
  'modifiedDate',
  'timeZone',
  'text',
  'photos',
  'location',
  'weather',
  'tags',
  'starred',
];

type Json = Record<string, unknown>;
const record = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const records = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.flatMap((item: unknown): Json[] => {
        const found = record(item);
        return found ? [found] : [];
      })
    : [];

/** Day One's metadata that Memories has no field for, kept readable as the entry's last paragraphs. */
function metadataLines(entry: Json): string[] {
  const lines: string[] = [];
  const location = record(entry.location);
  if (location) {
    const place = [
      ...new Set(
        ['placeName', 'localityName', 'administrativeArea', 'country'].flatMap((key) => textOf(location[key]) ?? []),
      ),
    ];
    if (place.length > 0) lines.push(`Location: ${place.join(', ')}`);
  }
  const weather = record(entry.weather);
  if (weather) {
    const temperature =
      typeof weather.temperatureCelsius === 'number' ? `${Math.round(weather.temperatureCelsius)} °C` : undefined;
    const parts = [temperature, textOf(weather.conditionsDescription)].filter(
      (part): part is string => part !== undefined,
    );
    if (parts.length > 0) lines.push(`Weather: ${parts.join(', ')}`);
  }
  return lines;
}

const paragraph = (text: string): MemoryDocumentNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/**
 * A Day One JSON export: `<Journal>.json` files of `{ metadata, entries }`, photos at `photos/<md5>.<type>`. Each file
 * is one journal: its entries go into the importer's journal of the same name, made if there is none.
 * A photo is found by its MD5 anywhere in the archive (a photo copied between entries gets a new identifier);
 * videos, audio and PDFs are left out with a note; "(null)" and zero-width spaces are read as nothing.
 */
@Injectable()
export class DayOneReader implements ArchiveFormatReader {
  async count(archive: ZipArchive, root: string): Promise<number> {
    let total = 0;
    for (const journal of this.journals(archive, root)) {
      for await (const _item of jsonArrayItems(
        await archive.openStream(journal),
        'entries',
        path.posix.basename(journal.name),
        FIELDS,
      ))
        total += 1;
    }
    return total;
  }

  async *entries(archive: ZipArchive, root: string): AsyncGenerator<SourceEntry> {
    const byMd5 = new Map<string, string>();
    for (const entry of archive.entries) {
      const md5 = MD5_NAME.exec(path.posix.basename(entry.name))?.[1];
      if (md5 && !entry.directory) byMd5.set(md5.toLowerCase(), entry.name);
    }
    for (const journal of this.journals(archive, root)) {
      const journalName = path.posix.basename(journal.name, '.json');
      let position = 0;
      for await (const item of jsonArrayItems(
        await archive.openStream(journal),
        'entries',
        path.posix.basename(journal.name),
        FIELDS,
      )) {
        position += 1;
        if (item instanceof OversizedItem) {
          yield {
            sourceKey: `dayone:${journalName}#${position}`,
            label: `${journalName}, entry #${position}`,
            load: () => Promise.reject(oversizedEntryRefusal()),
          };
          continue;
        }
        const entry = record(item) ?? {};
        const uuid = textOf(entry.uuid);
        yield {
          sourceKey: `dayone:${uuid ?? `${journalName}#${position}`}`,
          label: `${journalName}, entry of ${textOf(entry.creationDate) ?? `#${position}`}`,
          load: async () => ({
            ...this.draftOf(archive, root, entry, byMd5),
            journal: { sourceKey: `dayone-journal:${journalName}`, name: journalName, members: [] },
          }),
        };
      }
    }
  }

  private journals(archive: ZipArchive, root: string): ArchiveEntry[] {
    return archive.entries
      .filter(
        (entry) => !entry.directory && entry.name.startsWith(root) && !entry.name.slice(root.length).includes('/'),
      )
      .filter((entry) => entry.name.toLowerCase().endsWith('.json'))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private draftOf(archive: ZipArchive, root: string, entry: Json, byMd5: Map<string, string>): DraftMemory {
    const created = instantOf(entry.creationDate);
    if (!created) throw new EntryRefusal(`Its creationDate "${String(entry.creationDate ?? '')}" is not a date.`);
    const modified = instantOf(entry.modifiedDate) ?? created;
    const photos = new Map(
      records(entry.photos).flatMap((photo) =>
        textOf(photo.identifier) ? [[textOf(photo.identifier) as string, photo]] : [],
      ),
    );
    const notes: string[] = [];
    const shown = new Set<string>();
    let text = (typeof entry.text === 'string' ? entry.text : '').replace(/\u200b/g, '');
    text = text.replace(OTHER_MEDIA, (_match, kind: string) => {
      notes.push(`${MEDIA_NAMES[kind] ?? 'A media file'} was left out: Memories keeps text and images.`);
      return '';
    });
    text = text.replace(PHOTO_LINK, (_match, alt: string, identifier: string) => {
      shown.add(identifier);
      return `![${alt}](${PHOTO_SOURCE}${identifier})`;
    });
    // Every photo of the entry ends up in its content, also those the text does not place.
    const unplaced = [...photos.keys()].filter((identifier) => !shown.has(identifier));
    if (unplaced.length > 0)
      text += `\n\n${unplaced.map((identifier) => `![](${PHOTO_SOURCE}${identifier})`).join('\n\n')}`;

    // Day One has no title: a leading heading is the title, otherwise the first line is.
    const sources = titleSources(markdownToDocument(text));
    const title = sources.heading ?? sources.firstLine;
    const document = sources.withoutHeading;
    const withMetadata = { ...document, content: [...document.content, ...metadataLines(entry).map(paragraph)] };
    const {
      document: withImages,
      images,
      notes: missing,
    } = collectImages(withMetadata, (src) => {
      if (!src.startsWith(PHOTO_SOURCE)) return undefined;
      const photo = photos.get(src.slice(PHOTO_SOURCE.length));
      const md5 = textOf(photo?.md5)?.toLowerCase();
      const type = textOf(photo?.type);
      const expected = md5 && type ? archive.find(`${root}photos/${md5}.${type}`)?.name : undefined;
      return expected ?? (md5 ? byMd5.get(md5) : undefined);
    });
    const tags = [
      ...(Array.isArray(entry.tags) ? entry.tags.flatMap((tag) => textOf(tag) ?? []) : []),
      ...(entry.starred === true ? [STARRED_TAG] : []),
    ];
    const date = wallClock(created, textOf(entry.timeZone));
    return {
      title: title ?? `Journal entry, ${date.slice(0, 10)}`,
      date,
      tags,
      isDraft: false,
      document: withImages,
      images,
      createdAt: created.toISOString(),
      updatedAt: modified.toISOString(),
      recipients: [],
      notes: [...notes, ...missing.map(() => 'A photo of this entry is not in the archive and was left out.')],
    };
  }
}
