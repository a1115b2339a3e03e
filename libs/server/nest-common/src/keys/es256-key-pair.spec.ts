import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadOrCreateEs256KeyPair } from './es256-key-pair';

describe('loadOrCreateEs256KeyPair', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'memories-keys-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates the pair on first start with owner-only files, and reuses it afterwards', async () => {
    const first = await loadOrCreateEs256KeyPair(path.join(dir, 'keys'));
    const second = await loadOrCreateEs256KeyPair(path.join(dir, 'keys'));

    expect(second).toEqual(first);
    expect(first.privateKey).toContain('BEGIN PRIVATE KEY');
    expect((await stat(path.join(dir, 'keys', 'jwt-es256-private.pem'))).mode & 0o777).toBe(0o600);
  });

  it('refuses to replace keys it cannot read, saying how to recover', async () => {
    await loadOrCreateEs256KeyPair(dir);
    await writeFile(path.join(dir, 'jwt-es256-private.pem'), 'garbage');

    await expect(loadOrCreateEs256KeyPair(dir)).rejects.toThrow('delete them to generate new ones');
  });
});
