import { EXPORT_MANIFEST_FILE, type ImportFormat } from '@memories/contracts';
import { ArchiveRefusal, UnknownFormatRefusal, type ArchiveEntry } from './zip-archive.reader';

/** Caps that hold whatever the archive claims; the reader checks every entry's real size against its claim. */
export const ARCHIVE_LIMITS = {
  maxEntries: 100_000,
  /** All entries together, inflated. */
  maxTotalBytes: 8 * 1024 * 1024 * 1024,
  /** An entry inflating more than this many times its stored size (past 1 MB) is a zip bomb, not a journal. */
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  /** `memories.json` or a Day One journal file: read as a stream, never whole. */
  maxJsonBytes: 1024 * 1024 * 1024,
  /** One Markdown file: a memory's content is at most 2 MB of document. */
  maxMarkdownBytes: 1024 * 1024,
} as const;

export interface ArchiveLayout {
  format: ImportFormat;
  /** The folder every file sits in (a ZIP of a folder), or '' for files at the top. */
  root: string;
}

const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$)/;
export const isMarkdownName = (name: string) => /\.(md|markdown)$/i.test(name);

/** The files that count: not folders, not the metadata macOS adds to its ZIPs. */
export function contentEntries(entries: ArchiveEntry[]): ArchiveEntry[] {
  return entries.filter((entry) => !entry.directory && !IGNORED.test(entry.name));
}

/** The one folder every file sits in, or ''. */
function commonRoot(files: ArchiveEntry[]): string {
  const [first] = files;
  const slash = first?.name.indexOf('/') ?? -1;
  if (slash < 0) return '';
  const root = first.name.slice(0, slash + 1);
  return files.every((entry) => entry.name.startsWith(root)) ? root : '';
}

/**
 * Refuses what no journal archive is (encrypted entries, links, zip bombs, oversized journal files) and finds the
 * format from the content: our `memories.json`, a Day One journal (`<name>.json` at the top), or Markdown files.
 */
export function inspectArchive(entries: ArchiveEntry[]): ArchiveLayout {
  const files = contentEntries(entries);
  let total = 0;
  for (const entry of files) {
    if (entry.encrypted) throw new ArchiveRefusal('The archive is encrypted. Export it again without a password.');
    if (entry.symlink)
      throw new ArchiveRefusal(`The archive contains a link (${entry.name}), which cannot be imported.`);
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > ARCHIVE_LIMITS.ratioFloorBytes && ratio > ARCHIVE_LIMITS.maxRatio) {
      throw new ArchiveRefusal(
        `The archive looks like a zip bomb: ${entry.name} would grow ${Math.round(ratio)} times when unpacked.`,
      );
    }
    total += entry.uncompressedSize;
  }
  if (total > ARCHIVE_LIMITS.maxTotalBytes)
    throw new ArchiveRefusal('The archive would be larger than 8 GB once unpacked.');
  const root = commonRoot(files);
  const topLevel = files.filter((entry) => !entry.name.slice(root.length).includes('/'));
  const manifest = topLevel.find((entry) => entry.name === `${root}${EXPORT_MANIFEST_FILE}`);
  const journals = topLevel.filter((entry) => entry.name.toLowerCase().endsWith('.json'));
  const layout: ArchiveLayout | null = manifest
    ? { format: 'memories', root }
    : journals.length > 0
      ? { format: 'dayone', root }
      : files.some((entry) => isMarkdownName(entry.name))
        ? { format: 'markdown', root }
        : null;
  if (!layout) throw new UnknownFormatRefusal();
  for (const entry of layout.format === 'memories' ? [manifest] : layout.format === 'dayone' ? journals : []) {
    if (entry && entry.uncompressedSize > ARCHIVE_LIMITS.maxJsonBytes) {
      throw new ArchiveRefusal(`${entry.name} is larger than the 1 GB we can read.`);
    }
  }
  return layout;
}
