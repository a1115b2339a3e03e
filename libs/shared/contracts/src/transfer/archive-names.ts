import { EXPORT_IMAGES_FOLDER, EXPORT_MARKDOWN_FOLDER } from './transfer-format';

const MAX_SLUG_LENGTH = 60;

/** A file-name-safe, readable form of a title: ASCII letters and digits joined by hyphens ("memory" if none). */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'memory';
}

/** `memories-export-YYYY-MM-DD.zip`, the day of the export in UTC. */
export function exportFileName(now: Date): string {
  return `memories-export-${now.toISOString().slice(0, 10)}.zip`;
}

/** `stem`, or `stem-2`, `stem-3`... whichever `taken` does not hold yet (and now does). */
function unique(taken: Set<string>, stem: string): string {
  let name = stem;
  for (let copy = 2; taken.has(name); copy += 1) name = `${stem}-${copy}`;
  taken.add(name);
  return name;
}

/**
 * Names inside one archive: each journal gets a folder under `memories/` named after it, each memory
 * `YYYY-MM-DD-<slug>`, its Markdown file in its journal's folder and its images under `images/<name>/` (with `-2`,
 * `-3`... when two share a name). The same journals and memories in the same order always get the same names, so an
 * archive exported again after a round trip names everything alike.
 */
export class ArchiveNames {
  private readonly taken = new Set<string>();
  private readonly folders = new Set<string>();

  memoryBase(date: string, title: string): string {
    return unique(this.taken, `${date.slice(0, 10)}-${slugOf(title)}`);
  }

  journalFolder(name: string): string {
    return unique(this.folders, slugOf(name));
  }

  /** Under its journal's folder in a whole export; at `memories/` itself in the download of one memory. */
  static markdownFile(base: string, folder?: string): string {
    return `${EXPORT_MARKDOWN_FOLDER}${folder ? `${folder}/` : ''}${base}.md`;
  }

  static imageFile(base: string, position: number, extension: string): string {
    return `${EXPORT_IMAGES_FOLDER}${base}/${position}.${extension}`;
  }
}
