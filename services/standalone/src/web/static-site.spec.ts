import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { RUNTIME_REMOTE_NAMES, type RuntimeRemoteName } from '@memories/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStaticSite } from './static-site';

const script = 'export const greeting = "hello from a hashed chunk";'.repeat(40);

describe('static site', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'memories-static-site-'));
    const shell = path.join(root, 'shell');
    mkdirSync(shell);
    writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Memories</title>');
    writeFileSync(path.join(shell, 'main.0123456789abcdef.js'), script);
    writeFileSync(path.join(shell, 'main.0123456789abcdef.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(shell, 'main.0123456789abcdef.js.gz'), gzipSync(script));
    writeFileSync(path.join(shell, 'plain.0123456789abcdef.js'), script);
    const remotes = Object.fromEntries(
      RUNTIME_REMOTE_NAMES.map((name) => {
        const folder = path.join(root, 'remotes', name);
        mkdirSync(folder, { recursive: true });
        return [name, folder];
      }),
    ) as Record<RuntimeRemoteName, string>;
    writeFileSync(path.join(remotes.landing, 'remoteEntry.js'), script);
    writeFileSync(path.join(remotes.landing, 'remoteEntry.js.gz'), gzipSync(script));
    app = Fastify();
    await registerStaticSite(app, { shell, remotes });
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file a browser accepts, as JavaScript with its encoding', async () => {
    const response = await get('/main.0123456789abcdef.js', 'gzip, deflate, br, zstd');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts no encoding', async () => {
    const gzip = await get('/main.0123456789abcdef.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/main.0123456789abcdef.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('falls back to the file itself when no compressed sibling was built', async () => {
    const response = await get('/plain.0123456789abcdef.js', 'br, gzip');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(script);
  });

  it('serves a remote precompressed too, still revalidating its entry', async () => {
    const response = await get('/remotes/landing/remoteEntry.js', 'br, gzip');

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('answers client-side routes with the app page', async () => {
    const response = await get('/memory/edit/42', 'br, gzip');

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Memories</title>');
  });
});
