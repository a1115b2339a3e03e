import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateVapidKeyPair, loadOrCreateVapidKeyPair } from './vapid-key-pair';

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

  it('gives a kept private key that lost its leading zero byte back in its 32 bytes', async () => {
    const { publicKey, privateKey } = generateVapidKeyPair();
    const short = Buffer.from(privateKey, 'base64url').subarray(1);
    await mkdir(path.join(dir, 'keys'));
    await writeFile(
      path.join(dir, 'keys', 'vapid-keys.json'),
      JSON.stringify({ publicKey, privateKey: short.toString('base64url') }),
    );

    const kept = await loadOrCreateVapidKeyPair(path.join(dir, 'keys'));

    expect(Buffer.from(kept.privateKey, 'base64url')).toEqual(Buffer.concat([Buffer.alloc(1), short]));
  });
});

describe('generateVapidKeyPair', () => {
  it('always gives a 32-byte private key (one P-256 scalar in 256 starts with a zero byte)', () => {
    // 3,000 pairs hold a scalar with a leading zero byte but for a chance of about one in 100,000.
    const lengths = new Set(
      Array.from({ length: 3000 }, () => Buffer.from(generateVapidKeyPair().privateKey, 'base64url').length),
    );

    expect([...lengths]).toEqual([32]);
  });
});
