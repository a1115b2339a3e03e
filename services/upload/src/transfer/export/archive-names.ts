import { EXPORT_IMAGES_FOLDER, EXPORT_MARKDOWN_FOLDER } from '@memories/contracts';

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

/**
 * Names inside one archive: each memory gets `YYYY-MM-DD-<slug>` (with `-2`, `-3`... when two memories share it),
 * its Markdown file under `memories/` and its images under `images/<name>/`. The same memories in the same order
 * always get the same names, so an archive exported again after a round trip names everything alike.
 */
export class ArchiveNames {
  private readonly taken = new Set<string>();

  memoryBase(date: string, title: string): string {
    const stem = `${date.slice(0, 10)}-${slugOf(title)}`;
    let base = stem;
    for (let copy = 2; this.taken.has(base); copy += 1) base = `${stem}-${copy}`;
    this.taken.add(base);
    return base;
  }

  static markdownFile(base: string): string {
    return `${EXPORT_MARKDOWN_FOLDER}${base}.md`;
  }

  static imageFile(base: string, position: number, extension: string): string {
    return `${EXPORT_IMAGES_FOLDER}${base}/${position}.${extension}`;
  }
}
