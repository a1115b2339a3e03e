import { JSDOM, VirtualConsole } from 'jsdom';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, NETWORK_ERROR_MESSAGE } from '../api-client';
import { ApiError } from '../api-error';
import { MEMORY_FALLBACK_MESSAGES } from '../memories/memory-fallback-messages';
import { createUploadsApi, type UploadsApi } from './uploads-api';

interface Received {
  method?: string;
  url?: string;
  contentType?: string;
  body: Buffer;
}

type Reply = { status: number; contentType?: string; body?: string };

// A real HTTP server on 127.0.0.1 plays the gateway and the storage; jsdom's XMLHttpRequest (same origin) sends the
// bytes over a real socket, so progress events and headers are the browser API's own.
let server: Server;
let origin: string;
let replies: Record<string, Reply>;
let received: Received[];

const json = (status: number, body: unknown): Reply => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks),
      });
      const reply = replies[`${request.method} ${request.url?.split('?')[0]}`] ?? { status: 404 };
      response.writeHead(reply.status, reply.contentType ? { 'content-type': reply.contentType } : {});
      response.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let api: UploadsApi;
let window: JSDOM['window'];
beforeEach(() => {
  received = [];
  window = new JSDOM('', { url: `${origin}/` }).window;
  api = createUploadsApi(createApiClient({ basePath: `${origin}/api` }), {
    createRequest: () => new window.XMLHttpRequest(),
  });
});
afterEach(() => window.close());

const photo = () => new File([new Uint8Array(64 * 1024).fill(7)], 'beach.png', { type: 'image/png' });
const grant = {
  uploadUrl: '/api/upload/files/users/u1/a.png?expires=1&signature=s',
  fileUrl: '/api/files/users/u1/a.png',
};

describe('uploads api', () => {
  it('asks for a grant with the file name and type, then PUTs the bytes with that content type, reporting progress', async () => {
    replies = {
      'POST /api/upload/presigned-url': json(200, { success: true, data: grant }),
      'PUT /api/upload/files/users/u1/a.png': { status: 200 },
    };
    const file = photo();
    const blob = new window.Blob([new Uint8Array(await file.arrayBuffer())], { type: file.type });
    const progress: number[] = [];

    const grantAnswer = await api.presignedUrl(file.name, file.type);
    await api.putFile(`${origin}${grantAnswer.uploadUrl}`, blob, file.type, {
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/upload/presigned-url' });
    expect(JSON.parse(received[0].body.toString())).toEqual({ fileName: 'beach.png', fileType: 'image/png' });
    expect(received[1]).toMatchObject({ method: 'PUT', url: grant.uploadUrl, contentType: 'image/png' });
    expect(received[1].body.length).toBe(64 * 1024);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("answers the grant's file URL after both steps", async () => {
    replies = {
      'POST /api/upload/presigned-url': json(200, { success: true, data: grant }),
      'PUT /api/upload/files/users/u1/a.png': { status: 200 },
    };
    const absolute = createUploadsApi(createApiClient({ basePath: `${origin}/api` }), {
      createRequest: () => new window.XMLHttpRequest(),
    });

    await expect(absolute.uploadFile(photo())).resolves.toBe(grant.fileUrl);
    expect(received.map((request) => request.method)).toEqual(['POST', 'PUT']);
    // The size goes with the grant request, so a file that cannot fit the storage quota is refused before its bytes.
    expect(JSON.parse(received[0].body.toString())).toEqual({
      fileName: 'beach.png',
      fileType: 'image/png',
      fileSize: 64 * 1024,
    });
  });

  it('rejects with "Failed to get upload URL" when the grant fails without a server message, and sends no bytes', async () => {
    replies = { 'POST /api/upload/presigned-url': json(500, { success: false, error: { code: 'INTERNAL' } }) };

    await expect(api.uploadFile(photo())).rejects.toMatchObject({
      message: MEMORY_FALLBACK_MESSAGES.uploadUrl,
      status: 500,
    });
    expect(received).toHaveLength(1);
  });

  it("prefers the server's message when the grant is refused", async () => {
    replies = {
      'POST /api/upload/presigned-url': json(400, {
        success: false,
        message: 'Only images can be uploaded',
        error: { code: 'X' },
      }),
    };

    await expect(api.presignedUrl('notes.txt', 'text/plain')).rejects.toMatchObject({
      message: 'Only images can be uploaded',
      status: 400,
    });
  });

  it('rejects with "Failed to upload image" when the PUT fails without a message, and with the server message when it has one', async () => {
    replies = {
      'PUT /api/upload/files/users/u1/a.png': { status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' },
    };
    const failed = await api
      .putFile(`${origin}${grant.uploadUrl}`, new window.Blob(['x']), 'image/png')
      .catch((caught: unknown) => caught);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ message: MEMORY_FALLBACK_MESSAGES.uploadImage, status: 500 });

    replies = {
      'PUT /api/upload/files/users/u1/a.png': json(415, { success: false, message: 'The file is not a PNG image' }),
    };
    await expect(api.putFile(`${origin}${grant.uploadUrl}`, new window.Blob(['x']), 'image/png')).rejects.toMatchObject(
      {
        message: 'The file is not a PNG image',
        status: 415,
      },
    );
  });

  it('rejects with the network message when the storage cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/put`;
    await new Promise((resolve) => closed.close(resolve));
    // A silent console: jsdom would print the refused connection that this test expects.
    const sameOrigin = new JSDOM('', { url: deadUrl, virtualConsole: new VirtualConsole() }).window;

    const sending = createUploadsApi(createApiClient(), { createRequest: () => new sameOrigin.XMLHttpRequest() });
    await expect(sending.putFile(deadUrl, new sameOrigin.Blob(['x']), 'image/png')).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      kind: 'network',
    });
    sameOrigin.close();
  });

  it('stops the PUT when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('Left the page', 'AbortError'));

    await expect(
      api.putFile(`${origin}${grant.uploadUrl}`, new window.Blob(['x']), 'image/png', { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(received).toHaveLength(0);
  });
});
