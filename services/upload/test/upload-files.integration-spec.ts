import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { UPLOAD_HTTP_API, UPLOAD_SUBJECTS, type PresignedUrl, type PresignedUrlPayload } from '@memories/contracts';
import {
  bootstrapService,
  createBusClient,
  generateEs256KeyPair,
  migrateService,
  sendRequest,
} from '@memories/nest-common';
import {
  ApiContract,
  compareRoutesWithDocument,
  documentOfServiceApi,
  documentedRoutesOf,
  getFreePort,
  recordRoutes,
  startNatsServer,
  startTestPostgres,
  pngBytes,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { ClientProxy } from '@nestjs/microservices';
import { Client } from 'pg';
import { UploadHttpRoutes, uploadServiceDescriptor } from '../src';

const PNG = pngBytes(1);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('upload grants and signed PUTs against real PostgreSQL and nats-server', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let bus: ClientProxy;
  let baseUrl: string;
  let storageDir: string;
  const owner = randomUUID();

  const presign = (payload: PresignedUrlPayload, userId: string | null = owner) =>
    sendRequest<PresignedUrl>(
      bus,
      UPLOAD_SUBJECTS.createGrant,
      { correlationId: randomUUID(), ...(userId ? { userId } : {}), payload },
      3000,
    );
  // Every answer of the service's own routes must be what the API document says of them.
  const contract = ApiContract.ofServiceApi(UPLOAD_HTTP_API);
  const put = async (url: string, body: Buffer, contentType = 'image/png') => {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    });
    await contract.verifyResponse({ method: 'PUT', url }, response);
    return response;
  };
  const rowOf = async (fileUrl: string) => {
    const client = new Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const key = fileUrl.replace('/api/files/', '');
      return (await client.query('SELECT owner_id, size, verified_at FROM "upload"."files" WHERE key = $1', [key]))
        .rows[0];
    } finally {
      await client.end();
    }
  };
  const storedFiles = async () => readdir(path.join(storageDir, 'users', owner)).catch(() => [] as string[]);

  beforeAll(async () => {
    let port: number;
    [postgres, nats, port] = await Promise.all([startTestPostgres(), startNatsServer(), getFreePort()]);
    storageDir = await mkdtemp(path.join(tmpdir(), 'memories-uploads-'));
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(port),
      LOG_LEVEL: 'fatal',
      STORAGE_LOCAL_DIR: storageDir,
      AUTH_JWT_PUBLIC_KEY: generateEs256KeyPair().publicKey,
    };
    await migrateService(uploadServiceDescriptor, env);
    app = await bootstrapService(uploadServiceDescriptor, env);
    baseUrl = `http://127.0.0.1:${port}`;
    bus = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 3000, name: 'upload-test' });
    await bus.connect();
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
    await rm(storageDir, { recursive: true, force: true });
  });

  it('serves exactly the HTTP routes its contract puts in the API document', async () => {
    const fastify = new FastifyAdapter().getInstance();
    const served = recordRoutes(fastify);
    app.get(UploadHttpRoutes).register(fastify);
    await fastify.ready();

    expect(
      compareRoutesWithDocument(served, documentedRoutesOf(documentOfServiceApi(UPLOAD_HTTP_API)), { prefix: '/api/' }),
    ).toEqual({
      undocumented: [],
      unserved: [],
    });
    await fastify.close();
  });

  it('grants a per-user key never taken from the file name, then stores and verifies the PUT', async () => {
    const grant = await presign({ fileName: '../../evil name.png', fileType: 'image/png' });

    expect(grant.fileUrl).toMatch(new RegExp(`^/api/files/users/${owner}/[0-9a-f-]{36}\\.png$`));
    expect(grant.uploadUrl).toMatch(
      new RegExp(`^/api/upload/files/users/${owner}/[0-9a-f-]{36}\\.png\\?expires=\\d+&signature=`),
    );

    const response = await put(grant.uploadUrl, PNG);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { fileUrl: grant.fileUrl, size: PNG.length } });
    expect(await rowOf(grant.fileUrl)).toMatchObject({
      owner_id: owner,
      size: PNG.length,
      verified_at: expect.any(Date),
    });
  });

  it('allows one upload per grant', async () => {
    const grant = await presign({ fileName: 'a.png', fileType: 'image/png' });
    expect((await put(grant.uploadUrl, PNG)).status).toBe(200);

    const again = await put(grant.uploadUrl, PNG);
    expect(again.status).toBe(409);
  });

  it('refuses to grant SVG, HTML or a name that contradicts the type', async () => {
    await expect(presign({ fileName: 'a.svg', fileType: 'image/svg+xml' })).rejects.toMatchObject({
      code: 'UPLOAD_TYPE_INVALID',
    });
    await expect(presign({ fileName: 'a.html', fileType: 'text/html' })).rejects.toMatchObject({
      code: 'UPLOAD_TYPE_INVALID',
    });
    await expect(presign({ fileName: 'a.html', fileType: 'image/png' })).rejects.toMatchObject({
      code: 'UPLOAD_TYPE_INVALID',
    });
  });

  it('refuses to grant anonymous callers', async () => {
    await expect(presign({ fileName: 'a.png', fileType: 'image/png' }, null)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses HTML or SVG disguised as PNG and deletes the bytes', async () => {
    const before = await storedFiles();
    for (const body of [HTML, SVG]) {
      const grant = await presign({ fileName: 'a.png', fileType: 'image/png' });
      const response = await put(grant.uploadUrl, body);

      expect(response.status).toBe(415);
      expect((await response.json()).error.code).toBe('UPLOAD_CONTENT_INVALID');
      expect(await rowOf(grant.fileUrl)).toMatchObject({ verified_at: null });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB while receiving and keeps nothing', async () => {
    const before = await storedFiles();
    const grant = await presign({ fileName: 'big.png', fileType: 'image/png' });
    const response = await put(grant.uploadUrl, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));

    expect(response.status).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a PUT with another content type than granted', async () => {
    const grant = await presign({ fileName: 'a.png', fileType: 'image/png' });
    expect((await put(grant.uploadUrl, HTML, 'text/html')).status).toBe(403);
  });

  it('refuses a tampered signature, expiry or key', async () => {
    const grant = await presign({ fileName: 'a.png', fileType: 'image/png' });
    const url = new URL(grant.uploadUrl, baseUrl);

    const tamperedSignature = new URL(url);
    const signature = url.searchParams.get('signature')!;
    // Always a different first character: replacing it with a fixed one did nothing when it was already that one.
    tamperedSignature.searchParams.set('signature', `${signature[0] === 'x' ? 'y' : 'x'}${signature.slice(1)}`);
    const laterExpiry = new URL(url);
    laterExpiry.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const otherUser = new URL(url);
    otherUser.pathname = url.pathname.replace(owner, randomUUID());

    for (const target of [tamperedSignature, laterExpiry, otherUser]) {
      const response = await put(`${target.pathname}${target.search}`, PNG);
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('UPLOAD_GRANT_INVALID');
    }
    expect((await put(grant.uploadUrl, PNG)).status).toBe(200);
  });
});
