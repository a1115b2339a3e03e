import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { v5 as uuidV5 } from 'uuid';
import { Inject, Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  SEALED_FILE_CONTENT_TYPE,
  SEALED_FILE_EXTENSION,
  UPLOAD_ERROR_CODES,
  UPLOAD_URL_PREFIX,
  isImageType,
  ownerOfFileKey,
  type MessageContext,
  type PresignedUrl,
  type PresignedUrlPayload,
  type UploadedFile,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { UploadConfig } from '../config/upload.config';
import { StorageQuotaService, freeBytes, quotaExceeded, type RoomBudget } from '../quota/storage-quota.service';
import { FileTooLargeError } from '../storage/file-too-large.error';
import { STORAGE, type StoragePort } from '../storage/storage.port';
import { fileUrlOf, isKeyableUserId, keyOfFileUrl } from './file-key';
import { FilesRepository } from './files.repository';
import { MAGIC_HEAD_BYTES, detectImageType } from './image-types';
import { StorageMetrics } from '../metrics/storage.metrics';
import { LockedJournalsClient } from './locked-journals.client';
import { MAX_SEALED_FILE_BYTES, isSealedFileType, looksSealed } from './sealed-files';
import { StoredFileVerifier } from './stored-file.verifier';
import { signUploadGrant, verifyUploadGrant } from './upload-grant';

// Fixed for ever: an imported image's key is derived from its owner and bytes, so importing it again stores nothing.
const IMPORTED_IMAGE_NAMESPACE = '2b0c8f9e-51a4-4c7d-9f63-0d6b3e8a7c15';

/** An image of an imported archive, stored or refused (with the reason, for the import's report). */
export type ImportedImage = { fileUrl: string } | { refused: string };

/** How long a signed upload URL stays valid. */
export const UPLOAD_GRANT_TTL_SECONDS = 5 * 60;

/** A PUT to a signed upload URL, as the HTTP layer received it. */
export interface IncomingUpload {
  key: string;
  contentType: string | undefined;
  contentLength: number | undefined;
  expires: string | undefined;
  signature: string | undefined;
  body: Readable;
}

/** Grants uploads and receives them: size and type enforced while receiving, magic bytes checked before use. */
@Injectable()
export class UploadFilesService {
  private readonly secret: string;

  constructor(
    config: UploadConfig,
    private readonly files: FilesRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly verifier: StoredFileVerifier,
    private readonly quota: StorageQuotaService,
    private readonly metrics: StorageMetrics,
    private readonly lockedJournals: LockedJournalsClient,
  ) {
    this.secret = config.UPLOAD_SIGNING_SECRET ?? randomBytes(32).toString('base64url');
  }

  async createGrant(
    context: MessageContext,
    payload: PresignedUrlPayload,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<PresignedUrl> {
    const userId = context.userId;
    if (!isKeyableUserId(userId)) {
      throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Sign in to upload images.');
    }
    const fileType = payload.fileType.toLowerCase();
    if (isSealedFileType(fileType)) return this.createSealedGrant(context, userId, payload, nowSeconds);
    if (!isImageType(fileType)) {
      throw new DomainError(
        UPLOAD_ERROR_CODES.unsupportedType,
        'Only PNG, JPEG, GIF, WebP and AVIF images can be uploaded.',
        {
          allowed: Object.keys(IMAGE_TYPES),
        },
      );
    }
    // The client's name is never part of the key; its extension only has to agree with the declared type.
    const extension = path.extname(payload.fileName).slice(1).toLowerCase();
    const expected = IMAGE_TYPES[fileType];
    if (extension && extension !== expected && !(expected === 'jpg' && extension === 'jpeg')) {
      throw new DomainError(UPLOAD_ERROR_CODES.unsupportedType, 'The file name does not match the image type.');
    }
    return this.grant(userId, fileType, expected, payload.fileSize, nowSeconds);
  }

  /**
   * A locked journal's encrypted image: opaque bytes under a key that says nothing of the image (not even its type),
   * for the journal's owner only. The name the browser gives is not checked: it sends none of the image's own.
   */
  private async createSealedGrant(
    context: MessageContext,
    userId: string,
    payload: PresignedUrlPayload,
    nowSeconds: number,
  ): Promise<PresignedUrl> {
    await this.lockedJournals.requireOwnLocked(context, payload.journalId);
    return this.grant(userId, SEALED_FILE_CONTENT_TYPE, SEALED_FILE_EXTENSION, payload.fileSize, nowSeconds);
  }

  /** A new key of the user's, pending until its upload is verified, and the URL that receives it. */
  private async grant(
    userId: string,
    contentType: string,
    extension: string,
    fileSize: number | undefined,
    nowSeconds: number,
  ): Promise<PresignedUrl> {
    // A full storage, or a declared size that cannot fit, is refused before any byte moves.
    await this.quota.requireRoom(userId, Math.max(1, fileSize ?? 0));
    const key = `users/${userId}/${randomUUID()}.${extension}`;
    await this.files.createPending(key, userId, contentType);
    return { uploadUrl: await this.uploadUrlOf(key, contentType, nowSeconds), fileUrl: fileUrlOf(key) };
  }

  /** S3: a presigned PUT straight to the bucket. Local: our own signed URL, received by UploadHttpRoutes. */
  private uploadUrlOf(key: string, contentType: string, nowSeconds: number): Promise<string> {
    if (this.storage.direct)
      return this.storage.direct.presignPut(key, UPLOAD_GRANT_TTL_SECONDS, new Date(nowSeconds * 1000));
    const query = signUploadGrant(this.secret, { key, contentType, expiresAt: nowSeconds + UPLOAD_GRANT_TTL_SECONDS });
    return Promise.resolve(`${UPLOAD_URL_PREFIX}${key}?${query}`);
  }

  async receive(upload: IncomingUpload, nowSeconds = Math.floor(Date.now() / 1000)): Promise<UploadedFile> {
    const { key } = upload;
    const contentType = upload.contentType?.split(';')[0].trim().toLowerCase() ?? '';
    const expiresAt = Number(upload.expires);
    const refusal = ownerOfFileKey(key)
      ? verifyUploadGrant(this.secret, { key, contentType, expiresAt }, upload.signature ?? '', nowSeconds)
      : 'invalid';
    if (refusal === 'expired') {
      throw new DomainError(UPLOAD_ERROR_CODES.grantExpired, 'This upload link has expired.');
    }
    if (refusal) {
      throw new DomainError(UPLOAD_ERROR_CODES.grantInvalid, 'This upload link is not valid.');
    }
    const record = await this.files.find(key);
    if (!record || record.verifiedAt) {
      throw new DomainError(UPLOAD_ERROR_CODES.alreadyUploaded, 'This upload link has been used already.');
    }
    const maxBytes = isSealedFileType(record.contentType) ? MAX_SEALED_FILE_BYTES : MAX_IMAGE_BYTES;
    if (upload.contentLength !== undefined && upload.contentLength > maxBytes) {
      throw this.tooLarge();
    }
    // The quota caps what is received, as the image size does: an upload stops at the first byte that does not fit.
    const room = await this.quota.room(record.ownerId);
    const free = freeBytes(room) ?? Infinity;
    if (upload.contentLength !== undefined && upload.contentLength > free) throw quotaExceeded(room);
    let size: number;
    try {
      ({ size } = await this.storage.write(key, upload.body, Math.min(maxBytes, free), record.contentType));
    } catch (error) {
      if (error instanceof FileTooLargeError) throw free < maxBytes ? quotaExceeded(room) : this.tooLarge();
      throw error;
    }
    if ((await this.verifier.verify(key, record.contentType)).status !== 'image') {
      throw new DomainError(UPLOAD_ERROR_CODES.contentMismatch, 'The file is not a valid image of the declared type.');
    }
    if (!(await this.files.markVerified(key, size))) {
      throw new DomainError(UPLOAD_ERROR_CODES.alreadyUploaded, 'This upload link has been used already.');
    }
    this.metrics.countStored('upload', size);
    return { fileUrl: fileUrlOf(key), size };
  }

  /**
   * Stores an image of an imported archive for its owner through the same checks as an upload (its type read from
   * its bytes, the size cap, the stored bytes verified before use). The key comes from the owner and the bytes, so
   * the same photo imported twice, or used by two entries, is stored once. A new image takes its size from `room`
   * (the importer's storage quota), or is refused when it does not fit.
   */
  async storeImported(ownerId: string, bytes: Buffer, room: RoomBudget): Promise<ImportedImage> {
    if (!isKeyableUserId(ownerId)) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Sign in to upload images.');
    if (bytes.length > MAX_IMAGE_BYTES) return { refused: this.tooLarge().message };
    const type = detectImageType(bytes.subarray(0, MAGIC_HEAD_BYTES));
    if (!type) return { refused: 'It is not a PNG, JPEG, GIF, WebP or AVIF image.' };
    const digest = createHash('sha256').update(bytes).digest('hex');
    const key = `users/${ownerId}/${uuidV5(`${ownerId}\n${digest}`, IMPORTED_IMAGE_NAMESPACE)}.${IMAGE_TYPES[type]}`;
    return this.storeImportedAt(key, ownerId, type, bytes, room);
  }

  /**
   * Stores a locked memory's encrypted image of an imported archive at the address its ciphertext names it with
   * (`fileUrl`; nothing outside the browser can change the ciphertext), for its importer: through the same checks as
   * an encrypted upload, within `room`. An address another account here already has is refused, never taken over.
   */
  async storeImportedSealed(ownerId: string, fileUrl: string, bytes: Buffer, room: RoomBudget): Promise<ImportedImage> {
    if (!isKeyableUserId(ownerId)) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Sign in to upload images.');
    const key = keyOfFileUrl(fileUrl);
    if (!key?.endsWith(`.${SEALED_FILE_EXTENSION}`) || !looksSealed(bytes.subarray(0, MAGIC_HEAD_BYTES), bytes.length))
      return { refused: 'It is not an encrypted image of a locked journal.' };
    return this.storeImportedAt(key, ownerId, SEALED_FILE_CONTENT_TYPE, bytes, room);
  }

  /**
   * The bytes of an imported file stored at `key` once (stored already: nothing to do), checked before use. A key
   * another account has is refused, never taken over (an imported image's own key is derived from its importer).
   */
  private async storeImportedAt(
    key: string,
    ownerId: string,
    contentType: string,
    bytes: Buffer,
    room: RoomBudget,
  ): Promise<ImportedImage> {
    const existing = await this.files.find(key);
    if (existing && existing.ownerId !== ownerId) return { refused: 'Another account here has a file at its address.' };
    if (existing?.verifiedAt) return { fileUrl: fileUrlOf(key) };
    if (!room.take(bytes.length)) return { refused: room.refusal() };
    if (!existing) await this.files.createPending(key, ownerId, contentType);
    await this.storage.write(key, Readable.from([bytes]), bytes.length, contentType);
    if ((await this.verifier.verify(key, contentType)).status !== 'image')
      return { refused: 'It is not a valid image.' };
    // Stored once however often it is imported: counted the first time only.
    if (await this.files.markVerified(key, bytes.length)) this.metrics.countStored('import', bytes.length);
    return { fileUrl: fileUrlOf(key) };
  }

  private tooLarge(): DomainError {
    return new DomainError(
      UPLOAD_ERROR_CODES.tooLarge,
      `Images can be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`,
      {
        maxBytes: MAX_IMAGE_BYTES,
      },
    );
  }
}
