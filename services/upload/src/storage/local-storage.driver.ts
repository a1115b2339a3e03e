import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createSizeCap } from './size-cap.transform';
import type { StoragePort, StoredObject } from './storage.port';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Files under one directory on the local disk (the `npm start` default). Keys never escape the root. */
export class LocalStorageDriver implements StoragePort {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async write(key: string, body: Readable, maxBytes: number): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written to a temporary name first so a refused or broken upload never appears under its key.
    const partial = `${target}.partial`;
    const cap = createSizeCap(maxBytes);
    try {
      await pipeline(body, cap.stream, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
      return { size: cap.size() };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async readHead(key: string, length: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(key: string): Promise<Readable> {
    return createReadStream(this.pathOf(key));
  }

  async stat(key: string): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    try {
      const found = await stat(target);
      return found.isFile() ? { size: found.size } : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Unsafe storage key: ${key}`);
    }
    return path.join(this.root, ...key.split('/'));
  }
}
