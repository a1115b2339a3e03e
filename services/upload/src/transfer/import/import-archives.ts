import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MAX_IMPORT_ARCHIVE_BYTES } from '@memories/contracts';
import { STORAGE, type StoragePort } from '../../storage/storage.port';

/** An archive holds a whole journal: its local copies are readable by this process's user only. */
export const SPOOL_FILE_MODE = 0o600;

let spool: Promise<string> | undefined;
/**
 * This process's own folder for the archives it receives and reads: made under a random name (mode 0700 by mkdtemp),
 * never a fixed one that another local user could have made first, or read.
 */
const spoolFolder = () => (spool ??= mkdtemp(path.join(tmpdir(), 'memories-imports-')));

/**
 * Where an uploaded archive waits for its job: in storage (under the owner's `imports/` prefix), so that whichever
 * replica runs the job finds it, also after a restart; and as a local copy while a job reads it (ZIP needs random
 * access), kept between the job's chunks.
 */
@Injectable()
export class ImportArchives implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  /** The local copies go with the process (the archives stay in storage for whichever replica resumes a job). */
  async onApplicationShutdown(): Promise<void> {
    const folder = spool;
    spool = undefined;
    if (folder) await rm(await folder, { recursive: true, force: true });
  }

  static keyOf(ownerId: string, jobId: string): string {
    return `imports/${ownerId}/${jobId}.zip`;
  }

  /** A temporary file to receive an upload in. */
  static async receivingFile(jobId: string): Promise<string> {
    return path.join(await spoolFolder(), `${jobId}.zip`);
  }

  async keep(key: string, body: Readable): Promise<void> {
    await this.storage.write(key, body, MAX_IMPORT_ARCHIVE_BYTES, 'application/zip');
  }

  /** The archive on the local disk, copied from storage unless this process has it already. */
  async localCopy(jobId: string, key: string): Promise<string> {
    const file = await ImportArchives.receivingFile(jobId);
    const [local, stored] = await Promise.all([stat(file).catch(() => undefined), this.storage.stat(key)]);
    if (!stored) throw new Error(`The archive of import ${jobId} is missing from storage.`);
    if (local?.size === stored.size) return file;
    await pipeline(await this.storage.read(key), createWriteStream(file, { mode: SPOOL_FILE_MODE }));
    return file;
  }

  async remove(jobId: string, key: string): Promise<void> {
    await Promise.all([this.storage.delete(key), rm(await ImportArchives.receivingFile(jobId), { force: true })]);
  }
}
