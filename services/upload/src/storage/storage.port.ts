import type { Readable } from 'node:stream';

/** What a storage holds under a key. `contentType` is what the uploader sent, when the backend records it. */
export interface StoredObject {
  size: number;
  contentType?: string;
}

/** Headers the storage must answer a presigned GET with (S3 `response-*` overrides). */
export interface PresignedGetHeaders {
  contentType: string;
  contentDisposition: string;
  cacheControl: string;
}

/** Browsers talk to the storage themselves (s3): the bytes never pass through our servers. */
export interface DirectStorageAccess {
  /** A URL the browser PUTs one object to, valid `expiresInSeconds` from `signedAt`. */
  presignPut(key: string, expiresInSeconds: number, signedAt: Date): Promise<string>;
  presignGet(key: string, headers: PresignedGetHeaders, expiresInSeconds: number): Promise<string>;
}

/** Where uploaded bytes live; chosen by STORAGE_DRIVER so the service code never knows which backend it talks to. */
export interface StoragePort {
  /** Stores the stream under `key`, refusing (and leaving nothing behind) once it exceeds `maxBytes`. */
  write(key: string, body: Readable, maxBytes: number, contentType: string): Promise<{ size: number }>;
  /** The first `length` bytes of an object, for the magic-byte check. */
  readHead(key: string, length: number): Promise<Buffer>;
  read(key: string): Promise<Readable>;
  /** Size (and recorded type) of an object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error: clean-up runs are retried. */
  delete(key: string): Promise<void>;
  /** Present when browsers reach the storage directly; otherwise our own HTTP layer receives and serves files. */
  readonly direct?: DirectStorageAccess;
}

export const STORAGE = Symbol('STORAGE');
