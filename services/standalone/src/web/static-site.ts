import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  RUNTIME_REMOTE_LIST_PATH,
  RUNTIME_REMOTE_NAMES,
  runtimeRemoteListFor,
  type RuntimeRemoteName,
} from '@memories/contracts';
import { API_PREFIX } from '@memories/gateway';
import { toErrorResponse } from '@memories/nest-common';
import { cacheControlFor } from './cache-policy';
import type { WebFolders } from './web-root';

const REMOTES_PATH = '/remotes';

/** Resolves a URL path inside a folder, refusing anything that would escape it. */
async function fileIn(root: string, urlPath: string): Promise<string | undefined> {
  const relative = path.normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  const file = path.join(root, relative);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return undefined;
  const stats = await stat(file).catch(() => undefined);
  return stats?.isFile() ? file : undefined;
}

function sendFile(reply: FastifyReply, file: string) {
  return (
    reply
      .header('cache-control', cacheControlFor(file))
      // The body depends on Accept-Encoding (a precompressed .br or .gz sibling when one was built): caches must know.
      .header('vary', 'accept-encoding')
      .sendFile(path.basename(file), path.dirname(file), { cacheControl: false })
  );
}

function notFound(reply: FastifyReply, url: string) {
  const { status, body } = toErrorResponse(new NotFoundException(`Cannot GET ${url}`));
  return reply.code(status).header('cache-control', 'no-cache').send(body);
}

/**
 * The one-origin web server of the embedded mode, next to the gateway's /api: the shell with an SPA fallback,
 * each remote under /remotes/<name>/, and the runtime remote list at /remotes.json.
 */
export async function registerStaticSite(fastify: FastifyInstance, folders: WebFolders): Promise<void> {
  // Only the reply.sendFile helper is used: the routes below decide what is served and how it is cached.
  // preCompressed: the production builds write file.js.br / file.js.gz next to file.js (tools/webpack), and the
  // smallest one the browser accepts is sent with its Content-Encoding; files without them are sent as they are.
  // cacheControl off here too, not only per sendFile: the plugin's retry for a missing .br/.gz drops per-call options.
  await fastify.register(fastifyStatic, {
    root: folders.shell,
    serve: false,
    preCompressed: true,
    cacheControl: false,
  });
  const remoteList = runtimeRemoteListFor(REMOTES_PATH);

  fastify.get(RUNTIME_REMOTE_LIST_PATH, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(remoteList),
  );

  fastify.get<{ Params: { name: string; '*': string } }>(`${REMOTES_PATH}/:name/*`, async (request, reply) => {
    const { name, '*': rest } = request.params;
    const root = RUNTIME_REMOTE_NAMES.includes(name as RuntimeRemoteName)
      ? folders.remotes[name as RuntimeRemoteName]
      : undefined;
    const file = root ? await fileIn(root, rest) : undefined;
    return file ? sendFile(reply, file) : notFound(reply, request.url);
  });

  fastify.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const urlPath = `/${request.params['*']}`;
    // Unknown API routes keep the API's 404 envelope instead of falling back to the app.
    if (urlPath === `/${API_PREFIX}` || urlPath.startsWith(`/${API_PREFIX}/`)) return notFound(reply, request.url);
    const file = await fileIn(folders.shell, urlPath);
    if (file) return sendFile(reply, file);
    // A path that names a file (has an extension) and is missing is a 404; any other path is a client-side route.
    if (path.extname(urlPath) !== '') return notFound(reply, request.url);
    const index = await fileIn(folders.shell, 'index.html');
    return index ? sendFile(reply, index) : notFound(reply, request.url);
  });
}
