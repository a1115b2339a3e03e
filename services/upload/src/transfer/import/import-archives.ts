import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { MAX_IMPORT_ARCHIVE_BYTES } from '@memories/contracts';
import { STORAGE, type StoragePort } from '../../storage/storage.port';

const LOCAL_FOLDER = path.join(tmpdir(), 'memories-imports');

/**
 * Where an uploaded archive waits for its job: in storage (under the owner's `imports/` prefix), so that whichever
 * replica runs the job finds it, also after a restart; and as a local copy while a job reads it (ZIP needs random
 * access), kept between the job's chunks.
 */
@Injectable()
export class ImportArchives {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  static keyOf(ownerId: string, jobId: string): string {
    return `imports/${ownerId}/${jobId}.zip`;
  }

  /** A temporary file to receive an upload in. */
  static async receivingFile(jobId: string): Promise<string> {
    await mkdir(LOCAL_FOLDER, { recursive: true });
    return path.join(LOCAL_FOLDER, `${jobId}.zip`);
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
    await pipeline(await this.storage.read(key), createWriteStream(file));
    return file;
  }

  async remove(jobId: string, key: string): Promise<void> {
    await Promise.all([this.storage.delete(key), rm(await ImportArchives.receivingFile(jobId), { force: true })]);
  }
}
