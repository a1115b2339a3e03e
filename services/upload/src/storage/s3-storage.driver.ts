import type { Readable } from 'node:stream';
import { Client, S3Error } from 'minio';
import { FileTooLargeError } from './file-too-large.error';
import { createSizeCap } from './size-cap.transform';
import type { DirectStorageAccess, PresignedGetHeaders, StoragePort, StoredObject } from './storage.port';

export interface S3Settings {
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** Origin browsers use for the bucket, when it differs from the endpoint the service uses. */
  publicUrl?: string;
}

const MISSING = new Set(['NotFound', 'NoSuchKey']);

/**
 * Objects in one S3 bucket (MinIO in compose and the cluster) through the `minio` client. Browsers PUT and GET
 * with presigned URLs, signed for the public origin; the service itself only checks, reads heads and deletes.
 * The region is given, so presigning is a local computation (no bucket-location request).
 */
export class S3StorageDriver implements StoragePort, DirectStorageAccess {
  private readonly client: Client;
  private readonly signer: Client;
  readonly direct: DirectStorageAccess = this;

  constructor(private readonly settings: S3Settings) {
    const credentials = {
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region,
      pathStyle: true,
    };
    this.client = new Client({
      endPoint: settings.endPoint,
      port: settings.port,
      useSSL: settings.useSSL,
      ...credentials,
    });
    if (settings.publicUrl) {
      const url = new URL(settings.publicUrl);
      const useSSL = url.protocol === 'https:';
      this.signer = new Client({
        endPoint: url.hostname,
        port: url.port ? Number(url.port) : useSSL ? 443 : 80,
        useSSL,
        ...credentials,
      });
    } else {
      this.signer = this.client;
    }
  }

  async write(key: string, body: Readable, maxBytes: number, contentType: string): Promise<{ size: number }> {
    const cap = createSizeCap(maxBytes);
    body.on('error', (error) => cap.stream.destroy(error));
    try {
      await this.client.putObject(this.settings.bucket, key, body.pipe(cap.stream), undefined, {
        'Content-Type': contentType,
      });
      return { size: cap.size() };
    } catch (error) {
      await this.delete(key);
      throw cap.size() > maxBytes ? new FileTooLargeError(maxBytes) : error;
    }
  }

  async readHead(key: string, length: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.client.getPartialObject(this.settings.bucket, key, 0, length))
      chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).subarray(0, length);
  }

  read(key: string): Promise<Readable> {
    return this.client.getObject(this.settings.bucket, key);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const found = await this.client.statObject(this.settings.bucket, key);
      const contentType: unknown = found.metaData?.['content-type'];
      return { size: found.size, ...(typeof contentType === 'string' ? { contentType } : {}) };
    } catch (error) {
      if (error instanceof S3Error && MISSING.has(String(error.code))) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.removeObject(this.settings.bucket, key);
  }

  presignPut(key: string, expiresInSeconds: number, signedAt: Date): Promise<string> {
    return this.signer.presignedUrl('PUT', this.settings.bucket, key, expiresInSeconds, {}, signedAt);
  }

  presignGet(key: string, headers: PresignedGetHeaders, expiresInSeconds: number): Promise<string> {
    return this.signer.presignedGetObject(this.settings.bucket, key, expiresInSeconds, {
      'response-content-type': headers.contentType,
      'response-content-disposition': headers.contentDisposition,
      'response-cache-control': headers.cacheControl,
    });
  }
}
