import { SEALED_FILE_CONTENT_TYPE, type PresignedUrl, type StorageUsage } from '@memories/contracts';
import type { ApiClient } from '../api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@memories/web-api-client/app-client';
import { extractServerMessage } from '../extract-server-message';
import { MEMORY_FALLBACK_MESSAGES } from '../memories/memory-fallback-messages';

export interface UploadCallOptions {
  signal?: AbortSignal;
  /** Bytes sent so far of the file's PUT, as a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** Spec section 7, "Uploads": a grant from the gateway, then the bytes straight to the granted URL. */
export interface UploadsApi {
  /** `fileSize`: a file that could not fit the storage quota is refused before any byte is sent. */
  presignedUrl(
    fileName: string,
    fileType: string,
    options?: Pick<UploadCallOptions, 'signal'> & { fileSize?: number; journalId?: string },
  ): Promise<PresignedUrl>;
  /** PUTs `file` to a granted `uploadUrl` with `fileType` as its Content-Type. */
  putFile(uploadUrl: string, file: Blob, fileType: string, options?: UploadCallOptions): Promise<void>;
  /** Both steps for one file; answers the `fileUrl` to put in content. */
  uploadFile(file: File, options?: UploadCallOptions): Promise<string>;
  /**
   * Both steps for an image of the locked journal `journalId`, sealed in the browser (web-crypto's sealFile): opaque
   * bytes under a name that says nothing of the image. Answers the `fileUrl` to put in the sealed content.
   */
  uploadSealedFile(sealed: Blob, journalId: string, options?: UploadCallOptions): Promise<string>;
  /** The storage the signed-in user's images and waiting import archives use, and their quota. */
  usage(options?: Pick<UploadCallOptions, 'signal'>): Promise<StorageUsage>;
}

export interface UploadsApiOptions {
  /** The XMLHttpRequest to use (fetch reports no upload progress); the browser's own by default. */
  createRequest?: () => XMLHttpRequest;
}

/** The name an encrypted image is granted under: the server learns nothing of the image's own name. */
const SEALED_FILE_NAME = 'sealed-image';

/** JSON, or a plain-text message; anything else (e.g. an HTML error page from a proxy) carries no usable message. */
function readBody(request: XMLHttpRequest): unknown {
  try {
    return JSON.parse(request.responseText);
  } catch {
    return request.getResponseHeader('content-type')?.startsWith('text/plain') ? request.responseText : undefined;
  }
}

export function createUploadsApi(client: ApiClient, options: UploadsApiOptions = {}): UploadsApi {
  const createRequest = options.createRequest ?? (() => new XMLHttpRequest());

  const presignedUrl: UploadsApi['presignedUrl'] = async (fileName, fileType, { fileSize, journalId, ...call } = {}) =>
    (
      await client.post<PresignedUrl>(
        '/upload/presigned-url',
        {
          fileName,
          fileType,
          ...(fileSize === undefined ? {} : { fileSize }),
          ...(journalId === undefined ? {} : { journalId }),
        },
        { ...call, fallbackMessage: MEMORY_FALLBACK_MESSAGES.uploadUrl },
      )
    ).data;

  // No timeout: a large photo over a slow line may take longer than the API's 10 s and still arrive; the caller
  // can abort. Only Content-Type is sent: the URL carries its own signature, and object storage would refuse
  // (or fail the CORS check of) any other header.
  const putFile: UploadsApi['putFile'] = (uploadUrl, file, fileType, call = {}) =>
    new Promise<void>((resolve, reject) => {
      call.signal?.throwIfAborted();
      const request = createRequest();
      const abort = () => request.abort();
      request.open('PUT', uploadUrl);
      request.setRequestHeader('Content-Type', fileType);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) call.onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        call.signal?.removeEventListener('abort', abort);
        if (request.status >= 200 && request.status < 300) {
          call.onProgress?.(1);
          resolve();
          return;
        }
        const serverMessage = extractServerMessage(readBody(request));
        const message = serverMessage ?? MEMORY_FALLBACK_MESSAGES.uploadImage;
        reject(new ApiError({ kind: 'http', status: request.status, message, serverMessage }));
      };
      request.onerror = () => {
        call.signal?.removeEventListener('abort', abort);
        reject(new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE }));
      };
      request.onabort = () => reject(call.signal?.reason ?? new DOMException('Upload aborted', 'AbortError'));
      call.signal?.addEventListener('abort', abort, { once: true });
      request.send(file);
    });

  return {
    presignedUrl,
    putFile,
    uploadFile: async (file, call = {}) => {
      const grant = await presignedUrl(file.name, file.type, { signal: call.signal, fileSize: file.size });
      await putFile(grant.uploadUrl, file, file.type, call);
      return grant.fileUrl;
    },
    uploadSealedFile: async (sealed, journalId, call = {}) => {
      const grant = await presignedUrl(SEALED_FILE_NAME, SEALED_FILE_CONTENT_TYPE, {
        signal: call.signal,
        fileSize: sealed.size,
        journalId,
      });
      await putFile(grant.uploadUrl, sealed, SEALED_FILE_CONTENT_TYPE, call);
      return grant.fileUrl;
    },
    usage: async (call) =>
      (
        await client.get<StorageUsage>('/upload/usage', {
          ...call,
          fallbackMessage: MEMORY_FALLBACK_MESSAGES.storageUsage,
        })
      ).data,
  };
}
