import type { IncomingMessage } from 'node:http';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { UPLOAD_ERROR_CODES, UPLOAD_URL_PREFIX } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { UploadFilesService } from './upload-files.service';

const STATUS_OF: Record<string, number> = {
  [UPLOAD_ERROR_CODES.grantInvalid]: 403,
  [UPLOAD_ERROR_CODES.grantExpired]: 403,
  [UPLOAD_ERROR_CODES.alreadyUploaded]: 409,
  [UPLOAD_ERROR_CODES.tooLarge]: 413,
  [UPLOAD_ERROR_CODES.unsupportedType]: 415,
  [UPLOAD_ERROR_CODES.contentMismatch]: 415,
};

// The few Fastify shapes used here, so the service does not depend on Fastify's own typings.
interface RouteRequest {
  raw: IncomingMessage;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}
interface RouteReply {
  status(code: number): RouteReply;
  header(name: string, value: string): RouteReply;
  send(body: unknown): unknown;
}
interface RouteScope {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(type: string, parser: (request: unknown, payload: unknown, done: (error: null) => void) => void): void;
  put(route: string, handler: (request: RouteRequest, reply: RouteReply) => Promise<unknown>): void;
}
interface FastifyLike {
  register(plugin: (scope: RouteScope) => Promise<void>): unknown;
}

/**
 * The PUT of a signed upload URL, on the service's own HTTP server: a raw Fastify route in its own scope so the
 * body streams to storage (never buffered, never parsed) and the size cap applies while receiving.
 */
@Injectable()
export class UploadHttpRoutes implements OnModuleInit {
  private readonly logger = new Logger(UploadHttpRoutes.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly uploads: UploadFilesService,
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
      scope.put(`${UPLOAD_URL_PREFIX}*`, (request, reply) => this.handle(request, reply));
    });
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
      if (error instanceof DomainError && STATUS_OF[error.code]) {
        // Connection: close so a refused body is not read to the end before the answer.
        return reply
          .status(STATUS_OF[error.code])
          .header('connection', 'close')
          .send({ success: false, message: error.message, error: { code: error.code, detail: error.detail } });
      }
      this.logger.error(error instanceof Error ? error.stack : String(error));
      return reply.status(500).send({ success: false, message: 'The upload failed.', error: { code: 'INTERNAL_ERROR' } });
    }
  }
}
