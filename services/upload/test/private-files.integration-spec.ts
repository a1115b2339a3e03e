import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  MEDIA_COOKIE_NAME,
  MEMORY_SUBJECTS,
  SUBJECTS,
  UPLOAD_HTTP_API,
  UPLOAD_SUBJECTS,
  type BusRequestMap,
  type BusRequestSubject,
  type PresignedUrl,
} from '@memories/contracts';
import { bootstrapService, createBusClient, generateEs256KeyPair, migrateService } from '@memories/nest-common';
import {
  ApiContract,
  forgedAccessTokens,
  getFreePort,
  requestAs,
  signTestAccessToken,
  startNatsServer,
  startTestPostgres,
  pngBytes,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { Client } from 'pg';
import { uploadServiceDescriptor } from '../src';
import { FileCleanupService } from '../src/cleanup/file-cleanup.service';
import { UploadFilesService } from '../src/files/upload-files.service';
import { startAuthService, startMemoryService, type ServiceProcess } from './support/sibling-services';
import { startS3TestServer, type S3TestServer } from './support/s3-test-server';

// Both storage drivers, the whole path a browser takes: a grant over the bus (as the gateway asks), a PUT to the
// upload URL with the file's content type, memories in the real memory service (its own process), then reads of
// /api/files/* with the media cookie, and every way a file is cleaned up.

const PNG = pngBytes(7);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const HOUR = 60 * 60 * 1000;

describe.each(['local', 's3'] as const)('private images with the %s driver', (driver) => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let memory: ServiceProcess;
  let auth: ServiceProcess;
  let s3: S3TestServer | undefined;
  let storageDir: string;
  let app: INestApplication;
  let bus: ClientProxy;
  let baseUrl: string;
  const keys = generateEs256KeyPair();
  const owner = randomUUID();
  const friend = randomUUID();
  const stranger = randomUUID();

  const ask = <S extends BusRequestSubject>(
    subject: S,
    userId: string | undefined,
    payload: BusRequestMap[S]['payload'],
  ) => requestAs(bus, subject, userId, payload);

  // Every answer of the service's own routes must be what the API document says of them.
  const contract = ApiContract.ofServiceApi(UPLOAD_HTTP_API);
  const cookieOf = (userId: string) => `${MEDIA_COOKIE_NAME}=${signTestAccessToken(keys.privateKey, userId)}`;

  /** GET as `<img>` would, following an S3 redirect to the bucket as the browser does. */
  async function read(
    fileUrl: string,
    cookie?: string,
  ): Promise<{ status: number; body: Buffer; headers: Headers; redirect?: Headers }> {
    const first = await fetch(`${baseUrl}${fileUrl}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    await contract.verifyResponse({ method: 'GET', url: fileUrl }, first);
    if (first.status !== 302)
      return { status: first.status, body: Buffer.from(await first.arrayBuffer()), headers: first.headers };
    const location = first.headers.get('location') ?? '';
    const second = await fetch(location);
    return {
      status: second.status,
      body: Buffer.from(await second.arrayBuffer()),
      headers: second.headers,
      redirect: first.headers,
    };
  }

  async function upload(
    userId: string,
    body: Buffer = PNG,
    contentType = 'image/png',
  ): Promise<PresignedUrl & { status: number }> {
    const grant = await ask(UPLOAD_SUBJECTS.createGrant, userId, { fileName: 'photo.png', fileType: 'image/png' });
    const target = grant.uploadUrl.startsWith('http') ? grant.uploadUrl : `${baseUrl}${grant.uploadUrl}`;
    const response = await fetch(target, {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    });
    // With S3 the bytes go to the bucket, not to an API route.
    if (target.startsWith(baseUrl)) await contract.verifyResponse({ method: 'PUT', url: grant.uploadUrl }, response);
    return { ...grant, status: response.status };
  }

  const createMemory = (userId: string, images: string[], sharedWith: string[] = []) =>
    ask(MEMORY_SUBJECTS.create, userId, {
      ownerEmail: `${userId.slice(0, 8)}@example.com`,
      memory: {
        title: 'Harbour walk',
        date: '2024-05-01',
        contentJson: JSON.stringify({
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Boats' }] },
            ...images.map((src) => ({ type: 'image', attrs: { src } })),
          ],
        }),
        sharedWith,
      },
    });

  async function storedKeys(): Promise<string[]> {
    const root = s3 ? path.join(s3.directory, s3.bucket) : storageDir;
    const found: string[] = [];
    const walk = async (dir: string, prefix: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else found.push(`${prefix}${entry.name}`);
      }
    };
    await walk(root, '');
    // s3rver keeps each object as `<key>._S3rver_object` beside its metadata files.
    return found
      .filter((name) => !name.includes('._S3rver_') || name.endsWith('._S3rver_object'))
      .map((name) => name.replace('._S3rver_object', ''));
  }
  const isStored = async (fileUrl: string) => (await storedKeys()).includes(fileUrl.replace('/api/files/', ''));

  async function setCreatedAt(fileUrl: string, createdAt: Date): Promise<void> {
    const client = new Client({ connectionString: postgres.url });
    await client.connect();
    try {
      await client.query('UPDATE "upload"."files" SET created_at = $2 WHERE key = $1', [
        fileUrl.replace('/api/files/', ''),
        createdAt,
      ]);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    let port: number;
    [postgres, nats, port] = await Promise.all([startTestPostgres(), startNatsServer(), getFreePort()]);
    [memory, auth] = await Promise.all([
      startMemoryService(postgres.url, nats.url),
      startAuthService(postgres.url, nats.url),
    ]);
    storageDir = await mkdtemp(path.join(tmpdir(), 'memories-files-'));
    if (driver === 's3') s3 = await startS3TestServer();
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(port),
      LOG_LEVEL: 'error',
      STORAGE_LOCAL_DIR: storageDir,
      AUTH_JWT_PUBLIC_KEY: keys.publicKey,
      ...s3?.env,
    };
    await migrateService(uploadServiceDescriptor, env);
    app = await bootstrapService(uploadServiceDescriptor, env);
    baseUrl = `http://127.0.0.1:${port}`;
    bus = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 5000, name: 'private-files-test' });
    await bus.connect();
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await Promise.all([memory?.stop(), auth?.stop()]);
    await s3?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('lets the uploader and a share recipient read the image; a stranger and anonymous get 404', async () => {
    const file = await upload(owner);
    expect(file.status).toBe(200);
    expect(await isStored(file.fileUrl)).toBe(true);
    if (driver === 's3') expect(file.uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/memories\/users\//);
    await createMemory(owner, [file.fileUrl], [friend]);

    for (const reader of [owner, friend]) {
      const answer = await read(file.fileUrl, cookieOf(reader));
      expect(answer.status).toBe(200);
      expect(answer.body.equals(PNG)).toBe(true);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('content-disposition')).toBe('inline; filename="image.png"');
      expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      // The redirect (s3) or the bytes (local) come from us with nosniff.
      expect((answer.redirect ?? answer.headers).get('x-content-type-options')).toBe('nosniff');
    }
    for (const cookie of [
      cookieOf(stranger),
      undefined,
      ...Object.values(forgedAccessTokens(keys, owner)).map((token) => `${MEDIA_COOKIE_NAME}=${token}`),
    ]) {
      expect((await read(file.fileUrl, cookie)).status).toBe(404);
    }
  });

  it('answers 404 for a key nobody was granted, and for a path outside the users prefix', async () => {
    const cookie = cookieOf(owner);
    expect((await read(`/api/files/users/${owner}/${randomUUID()}.png`, cookie)).status).toBe(404);
    expect((await read(`/api/files/users/${owner}/..%2F..%2F..%2Fetc%2Fpasswd`, cookie)).status).toBe(404);
  });

  it('never serves HTML disguised as PNG, a body of another type or an oversized body, and keeps none of them', async () => {
    // Local: our PUT refuses them (415, 403, 413). S3: the bucket takes any PUT, so the first read verifies.
    const refused = [
      await upload(owner, HTML),
      await upload(owner, PNG, 'text/html'),
      await upload(owner, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])),
    ];
    if (driver === 'local') expect(refused.map((file) => file.status)).toEqual([415, 403, 413]);
    for (const file of refused) {
      expect((await read(file.fileUrl, cookieOf(owner))).status).toBe(404);
      expect(await isStored(file.fileUrl)).toBe(false);
    }
  });

  it('refuses a PUT to an expired upload URL', async () => {
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const grant = await app
      .get(UploadFilesService)
      .createGrant({ correlationId: 'c', userId: owner }, { fileName: 'a.png', fileType: 'image/png' }, tenMinutesAgo);
    const target = grant.uploadUrl.startsWith('http') ? grant.uploadUrl : `${baseUrl}${grant.uploadUrl}`;

    const response = await fetch(target, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });

    expect(response.status).toBe(403);
    expect(await isStored(grant.fileUrl)).toBe(false);
  });

  it('never serves bytes PUT to a key outside the grant', async () => {
    const grant = await ask(UPLOAD_SUBJECTS.createGrant, owner, { fileName: 'a.png', fileType: 'image/png' });
    const elsewhere = `users/${stranger}/${randomUUID()}.png`;
    const target = new URL(grant.uploadUrl, baseUrl);
    target.pathname = target.pathname.replace(/users\/.*$/, elsewhere);

    const response = await fetch(target, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });

    // Our signed URL refuses it; s3rver does not check V4 signatures (MinIO does), but nothing was granted there.
    if (driver === 'local') expect(response.status).toBe(403);
    expect((await read(`/api/files/${elsewhere}`, cookieOf(stranger))).status).toBe(404);
  });

  it('ignores a clean-up of someone else’s file and of referenced files; deletes the caller’s unused ones', async () => {
    const used = await upload(owner);
    const unused = await upload(owner);
    await createMemory(owner, [used.fileUrl]);

    await expect(
      ask(UPLOAD_SUBJECTS.cleanup, stranger, { imageUrls: [used.fileUrl, unused.fileUrl] }),
    ).resolves.toEqual({ deleted: 0 });
    expect((await read(unused.fileUrl, cookieOf(owner))).status).toBe(200);

    await expect(
      ask(UPLOAD_SUBJECTS.cleanup, owner, {
        imageUrls: [used.fileUrl, `${baseUrl}${unused.fileUrl}`, 'https://elsewhere.example/a.png'],
      }),
    ).resolves.toEqual({ deleted: 1 });
    expect((await read(used.fileUrl, cookieOf(owner))).status).toBe(200);
    expect((await read(unused.fileUrl, cookieOf(owner))).status).toBe(404);
    expect(await isStored(unused.fileUrl)).toBe(false);
  });

  it('a file pasted into another user’s memory gives that user nothing and does not keep it from clean-up', async () => {
    const file = await upload(owner);
    await createMemory(stranger, [file.fileUrl], [friend]);

    expect((await read(file.fileUrl, cookieOf(stranger))).status).toBe(404);
    expect((await read(file.fileUrl, cookieOf(friend))).status).toBe(404);
    await expect(ask(UPLOAD_SUBJECTS.cleanup, owner, { imageUrls: [file.fileUrl] })).resolves.toEqual({ deleted: 1 });
  });

  it('deleting a memory deletes its images that no other memory of the owner uses', async () => {
    const only = await upload(owner);
    const shared = await upload(owner);
    const doomed = await createMemory(owner, [only.fileUrl, shared.fileUrl]);
    await createMemory(owner, [shared.fileUrl]);

    await ask(MEMORY_SUBJECTS.delete, owner, { id: doomed.id });

    // The deletion event is handled asynchronously: wait (bounded) for its effect.
    for (let attempt = 0; attempt < 100 && (await isStored(only.fileUrl)); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await isStored(only.fileUrl)).toBe(false);
    expect((await read(only.fileUrl, cookieOf(owner))).status).toBe(404);
    expect((await read(shared.fileUrl, cookieOf(owner))).status).toBe(200);
  });

  it('keeps an image that only a kept version of a memory still shows, until the memory and its history are deleted', async () => {
    const cleanup = app.get(FileCleanupService);
    const old = await upload(owner);
    const memory = await createMemory(owner, [old.fileUrl]);
    await ask(MEMORY_SUBJECTS.update, owner, {
      id: memory.id,
      memory: {
        title: 'Harbour walk',
        date: '2024-05-01',
        contentJson: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'No boats' }] }],
        }),
      },
    });
    await setCreatedAt(old.fileUrl, new Date(Date.now() - 25 * HOUR));

    // The editor asks to clean up the image it removed, and the sweep comes by: the old version still shows it.
    await expect(ask(UPLOAD_SUBJECTS.cleanup, owner, { imageUrls: [old.fileUrl] })).resolves.toEqual({ deleted: 0 });
    await cleanup.sweep();
    expect((await read(old.fileUrl, cookieOf(owner))).status).toBe(200);

    await ask(MEMORY_SUBJECTS.delete, owner, { id: memory.id });
    for (let attempt = 0; attempt < 100 && (await isStored(old.fileUrl)); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await isStored(old.fileUrl)).toBe(false);
  });

  it('sweeps files never referenced after 24 hours, keeps used ones, and two replicas never sweep the same file', async () => {
    const cleanup = app.get(FileCleanupService);
    const used = await upload(owner);
    await createMemory(owner, [used.fileUrl]);
    const recent = await upload(owner);
    const stale = await Promise.all([upload(owner), upload(friend), upload(stranger)]);
    for (const file of [used, ...stale]) await setCreatedAt(file.fileUrl, new Date(Date.now() - 25 * HOUR));

    const runs = await Promise.all([cleanup.sweep(), cleanup.sweep()]);

    // Each stale file was looked at by exactly one of the two concurrent runs (row locks, SKIP LOCKED).
    expect(runs.reduce((sum, run) => sum + run.checked, 0)).toBe(stale.length + 1);
    expect(runs.reduce((sum, run) => sum + run.deleted, 0)).toBe(stale.length);
    for (const file of stale) expect(await isStored(file.fileUrl)).toBe(false);
    expect((await read(used.fileUrl, cookieOf(owner))).status).toBe(200);
    expect((await read(recent.fileUrl, cookieOf(owner))).status).toBe(200);
    // The used file is now known to be referenced: later sweeps no longer look at it.
    expect(await cleanup.sweep(new Date(Date.now() + HOUR))).toEqual({ checked: 0, deleted: 0 });
  });

  it('keeps a profile picture in use from the sweep, and shows it only to people its owner shares with, not to those who share with its owner', async () => {
    const person = await ask(SUBJECTS.auth.register, undefined, {
      name: 'Ada Lovelace',
      email: `${randomUUID()}@example.com`,
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    const picture = await upload(person.id);
    await ask(SUBJECTS.auth.updateProfile, person.id, { profileImageUrl: picture.fileUrl });
    await setCreatedAt(picture.fileUrl, new Date(Date.now() - 25 * HOUR));
    await createMemory(person.id, [], [friend]);
    // Sharing with someone introduces nobody to the sharer: the stranger's share shows them nothing of its owner.
    await createMemory(stranger, [], [person.id]);

    await app.get(FileCleanupService).sweep();
    await expect(ask(UPLOAD_SUBJECTS.cleanup, person.id, { imageUrls: [picture.fileUrl] })).resolves.toEqual({
      deleted: 0,
    });

    expect(await isStored(picture.fileUrl)).toBe(true);
    expect((await read(picture.fileUrl, cookieOf(person.id))).status).toBe(200);
    expect((await read(picture.fileUrl, cookieOf(friend))).status).toBe(200);
    expect((await read(picture.fileUrl, cookieOf(stranger))).status).toBe(404);
  });
});
