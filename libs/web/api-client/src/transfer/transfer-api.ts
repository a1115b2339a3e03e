import {
  EXPORT_PATH,
  IMPORT_FILE_FIELD,
  IMPORT_PATH,
  MEMORY_DOWNLOAD_PATH,
  type ApiSuccess,
  type ExportProgress,
  type ExportTicket,
  type ImportAccepted,
  type ImportJobReport,
} from '@memories/contracts';
import type { ApiClient } from '../api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@memories/web-api-client/app-client';
import { extractServerMessage } from '../extract-server-message';

/** What the transfer calls say when the server gives no message. */
export const TRANSFER_FALLBACK_MESSAGES = {
  export: 'The export could not be started.',
  exportProgress: 'The export progress could not be read.',
  import: 'The archive could not be imported.',
  importReport: 'The import progress could not be read.',
  download: 'The memory could not be downloaded.',
} as const;

/** A file the browser is to save: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface ImportCallOptions {
  signal?: AbortSignal;
  /** Bytes of the archive sent so far, as a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** The transfer routes (`/api/export`, `/api/import`): whole journals out and in, one memory as a file. */
export interface TransferApi {
  /** A one-time download link for the whole journal, and the export's id to follow its progress. */
  startExport(): Promise<ExportTicket>;
  exportProgress(exportId: string): Promise<ExportProgress>;
  /** Sends an archive (multipart, field `file`); answers the job to follow and the server's message. */
  importArchive(file: File, options?: ImportCallOptions): Promise<ImportAccepted & { message?: string }>;
  importReport(jobId: string): Promise<ImportJobReport>;
  /** One memory as a file: Markdown, or a ZIP of it and its images. */
  downloadMemory(id: string, options?: { signal?: AbortSignal }): Promise<DownloadedFile>;
}

export interface TransferApiOptions {
  /** The XMLHttpRequest to use (fetch reports no upload progress); the browser's own by default. */
  createRequest?: () => XMLHttpRequest;
  fetch?: typeof fetch;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `filename*=UTF-8''...` or `filename="..."` of a Content-Disposition header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // the plain name below
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

export function createTransferApi(client: ApiClient, options: TransferApiOptions = {}): TransferApi {
  const createRequest = options.createRequest ?? (() => new XMLHttpRequest());
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // The transfer routes live beside the gateway's, under the same /api.
  const relative = (path: string) => path.replace(/^\/api/, '');

  const failure = (status: number, body: unknown, fallback: string) => {
    if (status === 401) client.reportUnauthorized();
    const serverMessage = extractServerMessage(body);
    const error =
      typeof body === 'object' && body !== null
        ? (body as { error?: { code?: string; detail?: unknown } }).error
        : undefined;
    return new ApiError({
      kind: 'http',
      status,
      message: serverMessage ?? fallback,
      serverMessage,
      code: error?.code,
      detail: error?.detail,
    });
  };

  return {
    startExport: async () =>
      (
        await client.post<ExportTicket>(relative(EXPORT_PATH), undefined, {
          fallbackMessage: TRANSFER_FALLBACK_MESSAGES.export,
        })
      ).data,
    exportProgress: async (exportId) =>
      (
        await client.get<ExportProgress>(`${relative(EXPORT_PATH)}/${encodeURIComponent(exportId)}`, {
          fallbackMessage: TRANSFER_FALLBACK_MESSAGES.exportProgress,
        })
      ).data,
    importReport: async (jobId) =>
      (
        await client.get<ImportJobReport>(`${relative(IMPORT_PATH)}/${encodeURIComponent(jobId)}`, {
          fallbackMessage: TRANSFER_FALLBACK_MESSAGES.importReport,
        })
      ).data,

    // No timeout: a large archive over a slow line takes as long as it takes; the caller can abort.
    importArchive: async (file, call = {}) => {
      const headers = await client.sessionHeaders();
      return new Promise((resolve, reject) => {
        call.signal?.throwIfAborted();
        const request = createRequest();
        const abort = () => request.abort();
        request.open('POST', `${client.settings.basePath}${relative(IMPORT_PATH)}`);
        for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) call.onProgress?.(event.loaded / event.total);
        };
        request.onload = () => {
          call.signal?.removeEventListener('abort', abort);
          const body = parse(request.responseText) as ApiSuccess<ImportAccepted> | undefined;
          if (request.status === 202 && body?.success === true) {
            call.onProgress?.(1);
            resolve({ ...body.data, message: body.message });
            return;
          }
          reject(failure(request.status, body, TRANSFER_FALLBACK_MESSAGES.import));
        };
        request.onerror = () => {
          call.signal?.removeEventListener('abort', abort);
          reject(new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE }));
        };
        request.onabort = () => reject(call.signal?.reason ?? new DOMException('Import aborted', 'AbortError'));
        call.signal?.addEventListener('abort', abort, { once: true });
        const form = new FormData();
        form.append(IMPORT_FILE_FIELD, file, file.name);
        request.send(form);
      });
    },

    downloadMemory: async (id, call = {}) => {
      const headers = await client.sessionHeaders();
      let response: Response;
      try {
        response = await fetchImpl(
          `${client.settings.basePath}${relative(MEMORY_DOWNLOAD_PATH)}${encodeURIComponent(id)}`,
          {
            headers,
            credentials: 'include',
            signal: call.signal,
          },
        );
      } catch (cause) {
        if (call.signal?.aborted) throw cause;
        throw new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE, cause });
      }
      if (!response.ok)
        throw failure(response.status, parse(await response.text()), TRANSFER_FALLBACK_MESSAGES.download);
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition'), 'memory.md'),
      };
    },
  };
}
