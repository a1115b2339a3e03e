import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { imageExtensionOf, ownerOfFileKey, UPLOAD_HTTP_ROUTES, type MessageContext } from '@memories/contracts';
import { FilesRepository } from '../files/files.repository';
import { isSealedFileType } from '../files/sealed-files';
import { StoredFileVerifier } from '../files/stored-file.verifier';
import { UPLOAD_GRANT_TTL_SECONDS } from '../files/upload-files.service';
import { STORAGE, type PresignedGetHeaders, type StoragePort } from '../storage/storage.port';
import { BearerCaller } from './bearer-caller';
import { MediaTokenVerifier } from './media-token.verifier';
import { MemoryReferencesClient } from './memory-references.client';
import { ProfileImagesClient } from './profile-images.client';

/** How long a presigned GET stays valid, and how long the browser may keep a file or the redirect to it. */
export const PRESIGNED_GET_TTL_SECONDS = 5 * 60;
export const FILE_CACHE_CONTROL = 'private, max-age=300';
export const REDIRECT_CACHE_CONTROL = 'private, max-age=60';

/** What GET /api/files/<key> answers; null means 404, whether the file is missing or the reader may not see it. */
export type FileRead =
  | { kind: 'redirect'; location: string }
  | { kind: 'bytes'; body: Readable; size: number; headers: PresignedGetHeaders };

export interface FileReadRequest {
  key: string;
  mediaToken: string | undefined;
  /** A script's `Authorization: Bearer` token (an access token or a read personal access token), instead. */
  bearerToken?: string;
  correlationId: string;
}

/**
 * Private reads (see mayRead). Local files
 * stream from here; S3 files are a redirect to a short-lived presigned GET, so their bytes never pass through us.
 */
@Injectable()
export class FileAccessService {
  constructor(
    private readonly files: FilesRepository,
    private readonly tokens: MediaTokenVerifier,
    private readonly bearer: BearerCaller,
    private readonly memories: MemoryReferencesClient,
    private readonly profileImages: ProfileImagesClient,
    private readonly verifier: StoredFileVerifier,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  async read(request: FileReadRequest, now = new Date()): Promise<FileRead | null> {
    const { key } = request;
    if (!ownerOfFileKey(key)) return null;
    const userId = request.bearerToken
      ? await this.bearer.userIdOf(request.bearerToken, UPLOAD_HTTP_ROUTES.read, request.correlationId)
      : await this.tokens.userIdOf(request.mediaToken);
    if (!userId) return null;
    const record = await this.files.find(key);
    if (!record) return null;
    if (!(await this.mayRead({ correlationId: request.correlationId, userId }, record.ownerId, key))) return null;

    let size = record.size ?? 0;
    if (!record.verifiedAt) {
      // Only S3 files can be unverified here (our own PUT verifies before it answers): the browser PUT them directly.
      if (!this.storage.direct) return null;
      const verification = await this.verifier.verify(key, record.contentType);
      if (verification.status !== 'image') return null;
      size = verification.size;
      // While the presigned PUT is still valid the uploader could replace the bytes: check again on every read
      // until it has expired, then record the verification for good.
      if (record.createdAt.getTime() + (UPLOAD_GRANT_TTL_SECONDS + 60) * 1000 < now.getTime()) {
        await this.files.markVerified(key, size);
      }
    }

    const headers = responseHeadersOf(record.contentType);
    if (this.storage.direct) {
      return {
        kind: 'redirect',
        location: await this.storage.direct.presignGet(key, headers, PRESIGNED_GET_TTL_SECONDS),
      };
    }
    return { kind: 'bytes', body: await this.storage.read(key), size, headers };
  }

  /**
   * The uploader; whoever may read a memory of the uploader that uses the file; and, for the uploader's current
   * profile picture, whoever shares with them or is shared with by them (the share dialog, "Shared by").
   */
  private async mayRead(reader: MessageContext & { userId: string }, ownerId: string, key: string): Promise<boolean> {
    if (ownerId === reader.userId || (await this.memories.canRead(reader, ownerId, key))) return true;
    const isProfileImage = (await this.profileImages.referencedKeys(reader, ownerId, [key])).has(key);
    return isProfileImage && (await this.memories.connected(reader, ownerId));
  }
}

/**
 * Inline (an image in a page), under a fixed name: nothing of the key or the uploader's file name reaches it. An
 * encrypted image is a download, never shown or sniffed: only the browser's code that opens it reads its bytes.
 */
function responseHeadersOf(contentType: string): PresignedGetHeaders {
  if (isSealedFileType(contentType))
    return { contentType, contentDisposition: 'attachment; filename="sealed-image"', cacheControl: FILE_CACHE_CONTROL };
  return {
    contentType,
    contentDisposition: `inline; filename="image.${imageExtensionOf(contentType)}"`,
    cacheControl: FILE_CACHE_CONTROL,
  };
}
