import type { IncomingMessage } from 'node:http';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { parse as parseCookies } from 'cookie';
import {
  ERROR_CODES,
  MEDIA_COOKIE_NAME,
  UPLOAD_ERROR_CODES,
  UPLOAD_HTTP_ERROR_STATUS,
  UPLOAD_HTTP_ROUTES,
  type HttpMethod,
} from '@memories/contracts';
import { correlationIdOf, DomainError, errorText, isRpcErrorPayload, lineOf } from '@memories/nest-common';
import { FileAccessService, REDIRECT_CACHE_CONTROL } from '../access/file-access.service';
import { UploadFilesService } from './upload-files.service';
import { bearerTokenOf } from '../access/bearer-caller';

// The few Fastify shapes used here, so the service does not depend on Fastify's own typings.
interface RouteRequest {
  raw: IncomingMessage;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}
interface RouteReply {
  status(code: number): RouteReply;
  header(name: string, value: string | number): RouteReply;
  send(body: unknown): unknown;
}
interface RouteScope {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    type: string,
    parser: (request: unknown, payload: unknown, done: (error: null) => void) => void,
  ): void;
  route(options: {
    method: HttpMethod;
    url: string;
    handler: (request: RouteRequest, reply: RouteReply) => Promise<unknown>;
  }): void;
}
interface FastifyLike {
  register(plugin: (scope: RouteScope) => Promise<void>): unknown;
}

/** Headers of every file answer: never sniffed, never framed or scripted if opened directly, never cached shared. */
const FILE_SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
  vary: 'Cookie',
} as const;

const BUS_FAILURES: ReadonlySet<string> = new Set([ERROR_CODES.BUS_UNAVAILABLE, ERROR_CODES.BUS_TIMEOUT]);

const NOT_FOUND = { success: false, message: 'File not found', error: { code: UPLOAD_ERROR_CODES.fileNotFound } };
const statusOf = (code: string): number => UPLOAD_HTTP_ERROR_STATUS[code] ?? 500;

/**
 * The upload service's own HTTP routes (the proxy sends `/api/upload/files/` and `/api/files/` here; the
 * standalone mounts them on its one origin): the PUT of a signed upload URL, a raw Fastify route in its own scope
 * so the body streams to storage (never buffered, never parsed) with the size cap applied while receiving; and
 * the private GET of a file, authenticated by the media cookie.
 */
@Injectable()
export class UploadHttpRoutes implements OnModuleInit {
  private readonly logger = new Logger(UploadHttpRoutes.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly uploads: UploadFilesService,
    private readonly access: FileAccessService,
  ) {}

  onModuleInit(): void {
    // Inside the standalone the service runs without its own HTTP server; the host process mounts these routes.
    const instance: unknown = this.adapterHost.httpAdapter?.getInstance?.();
    if (instance) this.register(instance);
  }

  /** Mounts the route on a Fastify instance (typed loosely: this service does not depend on Fastify's typings). */
  register(fastify: unknown): void {
    const instance = fastify as FastifyLike;
    instance.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      // Leave the body unread: the handler streams request.raw itself.
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      // Method and URL from the contract that also documents them in the API document.
      const { upload, read } = UPLOAD_HTTP_ROUTES;
      scope.route({ method: upload.method, url: upload.url, handler: (request, reply) => this.handle(request, reply) });
      scope.route({ method: read.method, url: read.url, handler: (request, reply) => this.serve(request, reply) });
    });
  }

  private async serve(request: RouteRequest, reply: RouteReply): Promise<unknown> {
    const cookieHeader = request.headers.cookie;
    const cookies = typeof cookieHeader === 'string' ? parseCookies(cookieHeader) : {};
    for (const [name, value] of Object.entries(FILE_SAFETY_HEADERS)) reply.header(name, value);
    try {
      const file = await this.access.read({
        key: request.params['*'] ?? '',
        mediaToken: cookies[MEDIA_COOKIE_NAME],
        bearerToken: bearerTokenOf(request),
        correlationId: correlationIdOf(request),
      });
      if (!file)
        return reply.status(statusOf(NOT_FOUND.error.code)).header('cache-control', 'no-store').send(NOT_FOUND);
      if (file.kind === 'redirect') {
        return reply
          .status(302)
          .header('cache-control', REDIRECT_CACHE_CONTROL)
          .header('location', file.location)
          .send('');
      }
      return reply
        .status(200)
        .header('content-type', file.headers.contentType)
        .header('content-disposition', file.headers.contentDisposition)
        .header('cache-control', file.headers.cacheControl)
        .header('content-length', file.size)
        .send(file.body);
    } catch (error) {
      // The memory service could not say whether the reader may see the file: unavailable, not "not found".
      const busCode = isRpcErrorPayload(error) && BUS_FAILURES.has(error.code) ? error.code : null;
      if (!busCode) this.logger.error(lineOf({ correlationId: correlationIdOf(request) }, errorText(error)));
      const answer = busCode
        ? { message: 'Images are unavailable right now.', code: busCode }
        : { message: 'The file could not be read.', code: ERROR_CODES.INTERNAL };
      return reply
        .status(statusOf(answer.code))
        .header('cache-control', 'no-store')
        .send({ success: false, message: answer.message, error: { code: answer.code } });
    }
  }

  private async handle(request: RouteRequest, reply: RouteReply): Promise<unknown> {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const length = header('content-length');
    try {
      const result = await this.uploads.receive({
        key: request.params['*'] ?? '',
        contentType: header('content-type'),
        contentLength: length === undefined ? undefined : Number(length),
        expires: request.query.expires,
        signature: request.query.signature,
        body: request.raw,
      });
      return reply.status(200).send({ success: true, data: result });
    } catch (error) {
      if (error instanceof DomainError && statusOf(error.code) < 500) {
        // Connection: close so a refused body is not read to the end before the answer.
        return reply
          .status(statusOf(error.code))
          .header('connection', 'close')
          .send({ success: false, message: error.message, error: { code: error.code, detail: error.detail } });
      }
      this.logger.error(lineOf({ correlationId: correlationIdOf(request) }, errorText(error)));
      return reply
        .status(statusOf(ERROR_CODES.INTERNAL))
        .send({ success: false, message: 'The upload failed.', error: { code: ERROR_CODES.INTERNAL } });
    }
  }
}
