import type {
  ImportedCounts,
  JournalKeyEnvelope,
  JournalMemberRole,
  MemoryPlainFields,
  SealedMemory,
} from '@memories/contracts';
import type { MemoryDocument } from '@memories/editor-schema';
import type { ZipArchive } from '../archive/zip-archive.reader';

/** The journal an entry came from: the importer's own journal of that name receives it. */
export interface DraftJournal {
  /** `<format>-journal:<journal in the source>`: the same for every entry of one source journal. */
  sourceKey: string;
  name: string;
  color?: string;
  keyEnvelope?: JournalKeyEnvelope;
  /** Members of a journal the exporter owned, by e-mail (those with an account here are added). */
  members: Array<{ email: string; role: JournalMemberRole }>;
}

/** A memory read from an archive, before its images are stored and it is saved. */
export interface DraftMemory {
  title: string;
  /** `yyyy-MM-ddTHH:mm:ss` (the writer's own wall-clock time) or `yyyy-MM-dd`. */
  date: string;
  tags: string[];
  isDraft: boolean;
  document: MemoryDocument;
  /** Image sources of the document that are files of the archive: source → entry name. */
  images: Map<string, string>;
  /** The plain fields the source has (our own exports), as it has them: the memory service validates them. */
  plainFields?: Partial<MemoryPlainFields>;
  /** The document's source of the thumbnail, if it had one. */
  thumbnail?: string;
  createdAt?: string;
  updatedAt?: string;
  counts?: ImportedCounts;
  /** The memory's id where it came from (our own exports). */
  originalId?: string;
  /** E-mail addresses it was shared with. */
  recipients: string[];
  /** What the import left out of this entry (a video, an image from elsewhere), for the report. */
  notes: string[];
  /** Its journal in the source; absent: the importer's default journal. */
  journal?: DraftJournal;
  /** A memory of a locked journal: its ciphertext (the plaintext fields are then empty). */
  sealed?: SealedMemory;
}

/** One entry of an archive: cheap to list and skip; read only when its turn comes. */
export interface SourceEntry {
  /** `<format>:<id in the source>`: the same entry imported again is the same memory. */
  sourceKey: string;
  /** How the report names it (a file name, or the entry's date and first words). */
  label: string;
  /** Reads the entry; an `EntryRefusal` fails this entry alone. */
  load(): Promise<DraftMemory>;
}

/** Why one entry cannot be imported, in words for the user. */
export class EntryRefusal extends Error {}

/** A format's reader: entries in a fixed order, so that a resumed job continues exactly where it stopped. */
export interface ArchiveFormatReader {
  /** Entries in the archive; reading them all also proves the journal file parses before anything is imported. */
  count(archive: ZipArchive, root: string): Promise<number>;
  entries(archive: ZipArchive, root: string): AsyncIterable<SourceEntry>;
}
