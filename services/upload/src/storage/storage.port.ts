import type { Readable } from 'node:stream';

/** Where uploaded bytes live; chosen by STORAGE_DRIVER so the service code never knows which backend it talks to. */
export interface StoragePort {
  /** Stores the stream under `key`, refusing (and leaving nothing behind) once it exceeds `maxBytes`. */
  write(key: string, body: Readable, maxBytes: number): Promise<{ size: number }>;
  /** The first `length` bytes of an object, for the magic-byte check. */
  readHead(key: string, length: number): Promise<Buffer>;
  read(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing object is not an error: clean-up runs are retried. */
  delete(key: string): Promise<void>;
}

export const STORAGE = Symbol('STORAGE');
