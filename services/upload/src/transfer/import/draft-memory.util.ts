import path from 'node:path';
import { MOOD_VALIDATION_MESSAGE, isMemoryMood, type MemoryMood } from '@memories/contracts';
import { extractPlainText, type MemoryDocument, type MemoryDocumentNode } from '@memories/editor-schema';
import { removeImages } from '@memories/editor-schema';
import type { ZipArchive } from '../archive/zip-archive.reader';

const MAX_TITLE_FROM_TEXT = 80;

/** Text of a string field, with Day One's "(null)" and blanks read as absent. */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\u200b/g, '').trim();
  return text === '' || text === '(null)' ? undefined : text;
}

/**
 * A memory's mood as an archive gives it: absent or null is no mood; anything else that is no mood (7, "good") is
 * left out with a note for the report rather than failing the entry.
 */
export function moodOf(value: unknown, notes: string[]): MemoryMood | undefined {
  if (value === undefined || value === null) return undefined;
  if (isMemoryMood(value)) return value;
  notes.push(`Its mood ${JSON.stringify(value)} was left out: ${MOOD_VALIDATION_MESSAGE}.`);
  return undefined;
}

/** At most `max` characters, cut at a word where one is near. */
export function shorten(text: string, max = MAX_TITLE_FROM_TEXT): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trim()}…`;
}

/**
 * Where a title can come from in the document: a leading heading (which then leaves the body, `withoutHeading`) or
 * the first line of text (which stays).
 */
export function titleSources(document: MemoryDocument): {
  heading?: string;
  firstLine?: string;
  withoutHeading: MemoryDocument;
} {
  const [first, ...rest] = document.content;
  const heading = first?.type === 'heading' ? extractPlainText({ type: 'doc', content: [first] }).trim() : '';
  const firstLine = extractPlainText(document)
    .split('\n')
    .find((line) => line.trim() !== '');
  return {
    heading: heading ? shorten(heading, 200) : undefined,
    firstLine: firstLine ? shorten(firstLine) : undefined,
    withoutHeading: heading ? { ...document, content: rest } : document,
  };
}

/** The archive entry a relative link of a file at `from` names, or undefined (a URL, or a path leaving the root). */
export function resolveInArchive(archive: ZipArchive, root: string, from: string, link: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURI(link.split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), decoded));
  if (joined.startsWith('../') || !joined.startsWith(root)) return undefined;
  return archive.find(joined) ? joined : undefined;
}

/**
 * Maps the document's image sources to archive entries (`resolve`); images that name nothing in the archive are
 * removed, each with a note, rather than left pointing nowhere.
 */
export function collectImages(
  document: MemoryDocument,
  resolve: (src: string) => string | undefined,
): { document: MemoryDocument; images: Map<string, string>; notes: string[] } {
  const images = new Map<string, string>();
  const missing = new Set<string>();
  const visit = (node: MemoryDocumentNode): void => {
    const src = node.attrs?.['src'];
    if (node.type === 'image' && typeof src === 'string') {
      const entry = resolve(src);
      if (entry) images.set(src, entry);
      else missing.add(src);
    }
    node.content?.forEach(visit);
  };
  visit(document);
  const notes = [...missing].map((src) => `Image ${shorten(src, 120)} is not in the archive and was left out.`);
  return { document: missing.size > 0 ? removeImages(document, (src) => missing.has(src)) : document, images, notes };
}

/** The wall-clock date and time of `instant` in `timeZone` (UTC when the zone is unknown), as a memory stores it. */
export function wallClock(instant: Date, timeZone: string | undefined): string {
  let zone = 'UTC';
  try {
    if (timeZone) zone = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    zone = 'UTC';
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** An instant from a date text or a YAML date; undefined when it does not parse. */
export function instantOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const text = textOf(value);
  if (!text) return undefined;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}
