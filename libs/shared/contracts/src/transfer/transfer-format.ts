import type { Memory } from '../memories/memory.types';

/** The `format` of our own `memories.json`; `version` changes when a reader could no longer read it as before. */
export const EXPORT_FORMAT = 'memories-export';
export const EXPORT_FORMAT_VERSION = 1;

/** Names inside our export ZIP. */
export const EXPORT_MANIFEST_FILE = 'memories.json';
export const EXPORT_MARKDOWN_FOLDER = 'memories/';
export const EXPORT_IMAGES_FOLDER = 'images/';

/**
 * One memory in `memories.json`: every field of a memory (spec section 3), `contentJson` as the document itself,
 * recipients as e-mail addresses, and every image of the memory's own as a path inside the archive (`images/...`)
 * wherever the memory had its URL (content, HTML and thumbnail).
 */
export interface ExportedMemory extends Omit<Memory, 'contentJson' | 'sharedWith'> {
  contentJson: Record<string, unknown>;
  /** E-mail addresses of the users the memory is shared with. */
  sharedWith: string[];
  /** The memory's Markdown file inside the archive (`memories/YYYY-MM-DD-<slug>.md`). */
  markdownFile: string;
}

/** The top of `memories.json`. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  owner: { email: string };
  memories: ExportedMemory[];
}
