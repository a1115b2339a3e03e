import type { JournalMemberRole, JournalRole } from '../journals/journal.types';
import type { JournalKeyEnvelope } from '../journals/locked-journal';
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
  /**
   * The memory's Markdown file inside the archive (`memories/<journal>/YYYY-MM-DD-<slug>.md`); empty for a memory of
   * a locked journal, which the archive holds only as ciphertext (`sealed`, its images encrypted under `images/`).
   */
  markdownFile: string;
  /**
   * A locked memory's encrypted images in the archive (`images/<memory>/<n>.sealed`), by the address its ciphertext
   * names each with: an import stores each at that address again, since nothing outside the browser can change the
   * ciphertext. Absent for other memories, whose images are paths in the archive already.
   */
  sealedImageFiles?: Record<string, string>;
}

/** A journal in `memories.json`: the exported memories name it by `journalId`. */
export interface ExportedJournal {
  /** Its id where it was exported. */
  id: string;
  name: string;
  color: string;
  /** The exporter's role: memories they wrote in someone else's journal are exported with it too. */
  role: JournalRole;
  locked: boolean;
  isDefault: boolean;
  position: number;
  /** Where its memories' Markdown files are (`memories/<journal>/`). */
  folder: string;
  /** The owner of a journal shared with the exporter. */
  ownerEmail?: string;
  /** The other members of a journal the exporter owns, by e-mail. */
  members: Array<{ email: string; role: JournalMemberRole }>;
  /** A locked journal's wrapped key: an import elsewhere opens with the same passphrase or recovery key. */
  keyEnvelope?: JournalKeyEnvelope;
}

/** The top of `memories.json`. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  owner: { email: string };
  /** Absent in exports made before journals: every memory then goes to the importer's default journal. */
  journals?: ExportedJournal[];
  memories: ExportedMemory[];
}
