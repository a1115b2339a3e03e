import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { parse as parseYaml } from 'yaml';
import { markdownToDocument } from '@memories/editor-schema/markdown';
import { ARCHIVE_LIMITS, contentEntries, isMarkdownName } from '../../archive/archive-inspection';
import type { ArchiveEntry, ZipArchive } from '../../archive/zip-archive.reader';
import {
  collectImages,
  instantOf,
  moodOf,
  resolveInArchive,
  textOf,
  titleSources,
  wallClock,
} from '../draft-memory.util';
import { EntryRefusal, type ArchiveFormatReader, type DraftMemory, type SourceEntry } from '../source-entry';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** Memos' old export (v0.19–0.22): `<RFC3339 time>-<id>-<VISIBILITY>.md`. */
const MEMOS_NAME =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))-(\d+)-(PUBLIC|PRIVATE|PROTECTED|WORKSPACE)\.md$/i;
const DATED_NAME = /^(\d{4}-\d{2}-\d{2})(?:[-_ ](.*))?$/;
/** `#tag` where a word starts, as Memos writes tags. */
const INLINE_TAG = /(?:^|\s)#([\p{L}\p{N}_][\p{L}\p{N}_/-]*)/gu;

type FrontMatter = Record<string, unknown>;

function frontMatterOf(text: string, name: string): { front: FrontMatter; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { front: {}, body: text };
  let front: unknown;
  try {
    front = parseYaml(match[1]);
  } catch (error) {
    throw new EntryRefusal(
      `The front matter of ${name} is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : ''}).`,
    );
  }
  return {
    front: typeof front === 'object' && front !== null && !Array.isArray(front) ? (front as FrontMatter) : {},
    body: text.slice(match[0].length),
  };
}

function tagsOf(value: unknown): string[] {
  if (Array.isArray(value))
    return value.flatMap((tag) =>
      typeof tag === 'string' || typeof tag === 'number' ? (textOf(String(tag)) ?? []) : [],
    );
  return typeof value === 'string' ? value.split(',').flatMap((tag) => textOf(tag) ?? []) : [];
}

/** A date as a memory stores it: a bare date stays bare, a date-time becomes the writer's wall-clock time. */
function memoryDateOf(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 19);
  const text = textOf(value);
  if (!text) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Number.isNaN(new Date(`${text}T00:00:00Z`).getTime()) ? undefined : text;
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/.exec(text);
  if (local) return `${local[1]}T${local[2].length === 5 ? `${local[2]}:00` : local[2]}`;
  const instant = instantOf(text);
  return instant ? wallClock(instant, 'UTC') : undefined;
}

/**
 * A ZIP of Markdown files, one memory each: front matter optional (title, date, tags, draft, created, updated);
 * title from it, else the first heading, else the file name; date from it, else the file name's date, else the
 * file's time. Memos' old export is recognised by its file names: the date from the name, `#tags` as tags.
 */
@Injectable()
export class MarkdownFilesReader implements ArchiveFormatReader {
  count(archive: ZipArchive, root: string): Promise<number> {
    return Promise.resolve(this.files(archive, root).length);
  }

  async *entries(archive: ZipArchive, root: string): AsyncGenerator<SourceEntry> {
    for (const file of this.files(archive, root)) {
      const relative = file.name.slice(root.length);
      const memos = MEMOS_NAME.exec(path.posix.basename(relative));
      yield {
        sourceKey: memos ? `memos:${memos[2]}` : `markdown:${relative}`,
        label: relative,
        load: async () => this.draftOf(archive, root, file, relative, memos),
      };
    }
  }

  private files(archive: ZipArchive, root: string): ArchiveEntry[] {
    return contentEntries(archive.entries)
      .filter((entry) => entry.name.startsWith(root) && isMarkdownName(entry.name))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private async draftOf(
    archive: ZipArchive,
    root: string,
    file: ArchiveEntry,
    relative: string,
    memos: RegExpExecArray | null,
  ): Promise<DraftMemory> {
    if (file.uncompressedSize > ARCHIVE_LIMITS.maxMarkdownBytes) {
      throw new EntryRefusal(
        `It is larger than the ${ARCHIVE_LIMITS.maxMarkdownBytes / 1024 / 1024} MB a memory can hold.`,
      );
    }
    const text = (await archive.readBuffer(file))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .replace(/\u200b/g, '');
    const { front, body } = frontMatterOf(text, relative);
    const stem = path.posix.basename(relative).replace(/\.(md|markdown)$/i, '');
    const dated = DATED_NAME.exec(stem);
    const parsed = markdownToDocument(body);
    const frontTitle = textOf(front.title);
    const sources = titleSources(parsed);
    // The first heading is the title only when the front matter names none; it then leaves the body.
    const document = !frontTitle && sources.heading ? sources.withoutHeading : parsed;
    const frontDate = front.date ?? front.created;
    const date =
      memoryDateOf(frontDate) ??
      (memos ? memoryDateOf(memos[1]) : undefined) ??
      (dated ? memoryDateOf(dated[1]) : undefined);
    if (frontDate !== undefined && frontDate !== null && !memoryDateOf(frontDate)) {
      throw new EntryRefusal(`Its date "${String(frontDate)}" is not a date.`);
    }
    const fileTime = new Date(file.lastModified);
    const nameTitle = (dated ? dated[2] : stem)?.replace(/[-_]+/g, ' ').trim();
    const {
      document: withImages,
      images,
      notes,
    } = collectImages(document, (src) => resolveInArchive(archive, root, file.name, src));
    const created = instantOf(front.created) ?? (memos ? instantOf(memos[1]) : undefined);
    const inlineTags = memos ? [...body.matchAll(INLINE_TAG)].map((match) => match[1]) : [];
    return {
      title: frontTitle ?? sources.heading ?? (memos ? sources.firstLine : undefined) ?? (nameTitle || 'Untitled'),
      date: date ?? wallClock(fileTime, 'UTC'),
      tags: [...new Set([...tagsOf(front.tags), ...inlineTags])],
      isDraft: front.draft === true,
      plainFields: { mood: moodOf(front.mood, notes) },
      document: withImages,
      images,
      createdAt: created?.toISOString(),
      updatedAt: (instantOf(front.updated) ?? created)?.toISOString(),
      recipients: [],
      notes,
    };
  }
}
