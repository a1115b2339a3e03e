import { writeFile } from 'node:fs/promises';
import { fromBuffer, type Entry } from 'yauzl';
import { ZipFile } from 'yazl';

export interface FixtureEntry {
  name: string;
  data: string | Buffer;
  /** Store without compression (as exports store images). */
  store?: boolean;
  /** Unix mode bits, e.g. 0o120777 for a symbolic link. */
  mode?: number;
}

/** A ZIP of the given entries, in memory (yazl, the library our exports are written with). */
export function zipBytes(entries: FixtureEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    zip.addBuffer(data, entry.name, { compress: !entry.store, ...(entry.mode ? { mode: entry.mode } : {}) });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Replaces every occurrence of a same-length byte string: how a test forges what no honest tool writes (`../`). */
export function forge(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('forge keeps lengths');
  const forged = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = forged.indexOf(needle); at >= 0; at = forged.indexOf(needle, at + 1)) forged.write(to, at);
  return forged;
}

/** Sets the "encrypted" flag of every entry (local headers and central directory), as a password-protected ZIP has. */
export function markEncrypted(zip: Buffer): Buffer {
  const marked = Buffer.from(zip);
  for (const [signature, flagOffset] of [
    [0x04034b50, 6],
    [0x02014b50, 8],
  ] as const) {
    for (let at = 0; at + 4 <= marked.length; at += 1) {
      if (marked.readUInt32LE(at) === signature)
        marked.writeUInt16LE(marked.readUInt16LE(at + flagOffset) | 1, at + flagOffset);
    }
  }
  return marked;
}

export async function writeZip(file: string, entries: FixtureEntry[]): Promise<void> {
  await writeFile(file, await zipBytes(entries));
}

/** The smallest valid PNG and JPEG headers our magic-byte check accepts, with some bytes to tell them apart. */
export function pngBytes(seed: number): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, seed)]);
}
export function jpegBytes(seed: number): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, seed)]);
}

/** Every file of a ZIP by name, read with yauzl (entry sizes checked): what a user's unzip would find. */
export function unzipBytes(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('no archive'));
      const files = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: Entry) => {
        archive.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}
