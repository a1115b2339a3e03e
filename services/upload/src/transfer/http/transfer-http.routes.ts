import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import busboy from 'busboy';
import {
  ERROR_CODES,
  EXPORT_TICKET_PARAMETER,
  IMPORT_FILE_FIELD,
  MAX_IMPORT_ARCHIVE_BYTES,
  TRANSFER_ERROR_CODES,
  TRANSFER_HTTP_ERROR_STATUS,
  TRANSFER_HTTP_ROUTES,
  TRANSFER_MESSAGES,
  type HttpMethod,
  type ImportAccepted,
} from '@memories/contracts';
import {
  correlationIdOf,
  DomainError,
  errorText,
  isRpcErrorPayload,
  lineOf,
  toErrorResponse,
} from '@memories/nest-common';
import { BearerCaller, type RouteOfContract } from '../../access/bearer-caller';
import { exportFileName } from '@memories/contracts';
import { ExportRunsService, type OpenedExport } from '../export/export-runs.service';
import type { TransferCaller } from '../export/journal-export.service';
import { MemoryDownloadService } from '../export/memory-download.service';
import { ImportIntakeService } from '../import/import-intake.service';

// The few Fastify shapes used here, so the service does not depend on Fastify's own typings.
interface RouteRequest {
  raw: IncomingMessage;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}
interface RouteReply {
  raw: ServerResponse;
  status(code: number): RouteReply;
  header(name: string, value: string | number): RouteReply;
  send(body?: unknown): unknown;
}
type Handler = (request: RouteRequest, reply: RouteReply) => Promise<unknown>;
interface RouteScope {
  setErrorHandler(handler: (error: { statusCode?: number }, request: RouteRequest, reply: RouteReply) => unknown): void;
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    type: string,
    parser: (request: unknown, payload: unknown, done: (error: null) => void) => void,
  ): void;
  route(options: { method: HttpMethod; url: string; handler: Handler }): void;
}
interface FastifyLike {
  register(plugin: (scope: RouteScope) => Promise<void>): unknown;
}

/** A refused request body up to this size is read to its end rather than cut off. */
const SMALL_BODY_BYTES = 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Never cached, never sniffed: answers about one user's data. */
const PRIVATE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

/** `attachment; filename="..."`, with the UTF-8 form for names outside ASCII. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The transfer routes on the upload service's own HTTP port (the proxy sends `/api/export` and `/api/import` here;
 * the standalone mounts them on its one origin): archives stream in and out here, never through the bus.
 * Callers authenticate with their access token as a bearer token (a browser download: a one-time ticket).
 */
@Injectable()
export class TransferHttpRoutes implements OnModuleInit {
  private readonly logger = new Logger(TransferHttpRoutes.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly bearer: BearerCaller,
    private readonly exports: ExportRunsService,
    private readonly downloads: MemoryDownloadService,
    private readonly imports: ImportIntakeService,
  ) {}

  onModuleInit(): void {
    // Inside the standalone the service runs without its own HTTP server; the host process mounts these routes.
    const instance: unknown = this.adapterHost.httpAdapter?.getInstance?.();
    if (instance) this.register(instance);
  }

  register(fastify: unknown): void {
    (fastify as FastifyLike).register(async (scope) => {
      // Fastify's own refusals inside these routes (a Content-Type it cannot read) get the API's envelope too.
      scope.setErrorHandler((error, _request, reply) => {
        const { status, body } = toErrorResponse(error);
        return reply.status(status).send(body);
      });
      scope.removeAllContentTypeParsers();
      // Leave every body unread: the import streams its archive itself, nothing else takes a body.
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      // Method and URL from the contract that also documents them in the API document.
      const routes = TRANSFER_HTTP_ROUTES;
      const on = (route: { method: HttpMethod; url: string }, handler: Handler) =>
        scope.route({ method: route.method, url: route.url, handler });
      on(
        routes.exportJournal,
        this.guarded((request, reply) => this.download(request, reply)),
      );
      on(
        routes.startExport,
        this.authenticated(routes.startExport, async (caller, _request, reply) =>
          this.ok(reply, 201, await this.exports.createTicket(caller), TRANSFER_MESSAGES.exportReady),
        ),
      );
      on(
        routes.exportProgress,
        this.authenticated(routes.exportProgress, (caller, request, reply) =>
          this.exportProgress(caller, request, reply),
        ),
      );
      on(
        routes.downloadMemory,
        this.authenticated(routes.downloadMemory, (caller, request, reply) =>
          this.downloadMemory(caller, request, reply),
        ),
      );
      on(
        routes.importArchive,
        this.authenticated(routes.importArchive, async (caller, request, reply) => {
          await this.imports.refuseWhileRunning(caller);
          return this.receiveImport(caller, request, reply);
        }),
      );
      on(
        routes.importReport,
        this.authenticated(routes.importReport, async (caller, request, reply) => {
          const jobId = this.uuidParam(
            request,
            'jobId',
            TRANSFER_ERROR_CODES.importNotFound,
            TRANSFER_MESSAGES.importNotFound,
          );
          return this.ok(reply, 200, await this.imports.report(caller, jobId));
        }),
      );
    });
  }

  /** `GET /api/export`: with a ticket (a browser download) or a bearer token (an API client). */
  private async download(request: RouteRequest, reply: RouteReply): Promise<unknown> {
    const ticket: unknown = request.query[EXPORT_TICKET_PARAMETER];
    let caller: TransferCaller;
    let runId: string;
    if (ticket !== undefined) {
      const run = typeof ticket === 'string' ? await this.exports.redeem(ticket) : null;
      if (!run) throw new DomainError(TRANSFER_ERROR_CODES.ticketInvalid, TRANSFER_MESSAGES.ticketInvalid);
      caller = { userId: run.ownerId, correlationId: correlationIdOf(request) };
      runId = run.id;
    } else {
      caller = await this.bearer.require(request, TRANSFER_HTTP_ROUTES.exportJournal);
      runId = await this.exports.startRun(caller);
    }
    const opened = this.exports.open(caller, runId);
    return this.sendArchive(reply, opened, exportFileName(new Date()), 'application/zip', runId);
  }

  private async exportProgress(caller: TransferCaller, request: RouteRequest, reply: RouteReply): Promise<unknown> {
    const exportId = this.uuidParam(
      request,
      'exportId',
      TRANSFER_ERROR_CODES.exportNotFound,
      TRANSFER_MESSAGES.exportNotFound,
    );
    const progress = await this.exports.progress(caller, exportId);
    if (!progress) throw new DomainError(TRANSFER_ERROR_CODES.exportNotFound, TRANSFER_MESSAGES.exportNotFound);
    return this.ok(reply, 200, progress);
  }

  private async downloadMemory(caller: TransferCaller, request: RouteRequest, reply: RouteReply): Promise<unknown> {
    const id = this.uuidParam(request, 'id', 'MEMORY_NOT_FOUND', 'Memory not found');
    const download = await this.downloads.download(caller, id);
    if (download.kind === 'markdown') {
      return reply
        .status(200)
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', attachment(download.fileName))
        .header('cache-control', PRIVATE_HEADERS['cache-control'])
        .header('x-content-type-options', PRIVATE_HEADERS['x-content-type-options'])
        .send(download.body);
    }
    return this.sendArchive(
      reply,
      { body: download.zip.stream, abort: (reason) => download.zip.fail(reason) },
      download.fileName,
      'application/zip',
    );
  }

  private sendArchive(
    reply: RouteReply,
    opened: OpenedExport,
    fileName: string,
    contentType: string,
    exportId?: string,
  ): unknown {
    // A reader that goes away stops the archive, so nothing keeps reading the journal for nobody.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) opened.abort(new Error('The download was interrupted.'));
    });
    reply.status(200).header('content-type', contentType).header('content-disposition', attachment(fileName));
    for (const [name, value] of Object.entries(PRIVATE_HEADERS)) reply.header(name, value);
    if (exportId) reply.header('x-export-id', exportId);
    return reply.send(opened.body as Readable);
  }

  /** `POST /api/import`: one multipart file, field `file`, streamed to disk as it arrives. */
  private receiveImport(caller: TransferCaller, request: RouteRequest, reply: RouteReply): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        // One more byte than the cap, so that the cap (which refuses with the user's message) trips first.
        parser = busboy({
          headers: request.raw.headers,
          limits: { files: 1, fileSize: MAX_IMPORT_ARCHIVE_BYTES + 1, fields: 10, parts: 12 },
        });
      } catch {
        reject(new DomainError(ERROR_CODES.VALIDATION_FAILED, TRANSFER_MESSAGES.noFile));
        return;
      }
      let accepted: Promise<ImportAccepted> | undefined;
      parser.on('file', (field, stream, info) => {
        if (field !== IMPORT_FILE_FIELD || accepted) {
          stream.resume();
          return;
        }
        accepted = this.imports.accept(caller, { fileName: info.filename ?? '', body: stream });
        // Whatever the archive's fate, the rest of the request must still be read for the answer to go out.
        accepted.catch(() => stream.resume());
      });
      parser.on('error', () =>
        reject(new DomainError(ERROR_CODES.VALIDATION_FAILED, TRANSFER_MESSAGES.unreadableUpload)),
      );
      parser.on('close', () => {
        if (!accepted) {
          reject(new DomainError(ERROR_CODES.VALIDATION_FAILED, TRANSFER_MESSAGES.noFile));
          return;
        }
        accepted.then((result) => resolve(this.ok(reply, 202, result, TRANSFER_MESSAGES.importAccepted)), reject);
      });
      request.raw.pipe(parser);
    });
  }

  private ok(reply: RouteReply, status: number, data: unknown, message?: string): unknown {
    for (const [name, value] of Object.entries(PRIVATE_HEADERS)) reply.header(name, value);
    return reply.status(status).send({ success: true, data, ...(message ? { message } : {}) });
  }

  private authenticated(
    route: RouteOfContract,
    handle: (caller: TransferCaller, request: RouteRequest, reply: RouteReply) => Promise<unknown>,
  ): Handler {
    return this.guarded(async (request, reply) => handle(await this.bearer.require(request, route), request, reply));
  }

  /** Every failure answers the API's envelope with its status; an unexpected one is a 500 without details. */
  private guarded(handle: Handler): Handler {
    return async (request, reply) => {
      try {
        return await handle(request, reply);
      } catch (error) {
        const failure =
          error instanceof DomainError
            ? { code: error.code, message: error.message, detail: error.detail }
            : isRpcErrorPayload(error)
              ? error
              : undefined;
        const status = failure ? TRANSFER_HTTP_ERROR_STATUS[failure.code] : undefined;
        if (!failure || !status) {
          this.logger.error(lineOf({ correlationId: correlationIdOf(request) }, errorText(error)));
          return reply
            .status(500)
            .header('cache-control', 'no-store')
            .send({ success: false, message: 'Internal server error', error: { code: ERROR_CODES.INTERNAL } });
        }
        // Connection: close on a refused large upload, so that the rest of it is not read first; a small body is read
        // (and the connection kept), so that the client always gets to read the answer.
        const length = Number(request.headers['content-length']);
        if (request.raw.method === 'POST' && !(length <= SMALL_BODY_BYTES)) reply.header('connection', 'close');
        return reply
          .status(status)
          .header('cache-control', 'no-store')
          .send({
            success: false,
            message: failure.message,
            error: { code: failure.code, ...(failure.detail !== undefined ? { detail: failure.detail } : {}) },
          });
      }
    };
  }

  /** A path id that is not a UUID names nothing: the same 404 as an unknown one. */
  private uuidParam(request: RouteRequest, name: string, code: string, message: string): string {
    const value = request.params[name] ?? '';
    if (!UUID.test(value)) throw new DomainError(code, message);
    return value;
  }
}
