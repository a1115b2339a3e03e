import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadOrCreateVapidKeyPair } from './vapid-key-pair';

describe('loadOrCreateVapidKeyPair', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(path.join(tmpdir(), 'vapid-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('makes a P-256 pair once, readable by the owner only, and gives the same one again', async () => {
    const first = await loadOrCreateVapidKeyPair(path.join(dir, 'keys'));
    const second = await loadOrCreateVapidKeyPair(path.join(dir, 'keys'));

    expect(second).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect((await stat(path.join(dir, 'keys', 'vapid-keys.json'))).mode & 0o777).toBe(0o600);
  });
});
