import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileTooLargeError } from './file-too-large.error';
import { LocalStorageDriver } from './local-storage.driver';

describe('local storage driver', () => {
  let root: string;
  let storage: LocalStorageDriver;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'memories-storage-'));
    storage = new LocalStorageDriver(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores a stream under its key and reads it back', async () => {
    await expect(storage.write('users/u1/a.png', Readable.from([Buffer.from('hello')]), 100)).resolves.toEqual({
      size: 5,
    });

    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('users/u1/a.png')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect((await storage.readHead('users/u1/a.png', 2)).toString()).toBe('he');
    expect(await storage.stat('users/u1/a.png')).toEqual({ size: 5 });
  });

  it('refuses a body over the cap while receiving and leaves nothing behind', async () => {
    const body = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);

    await expect(storage.write('users/u1/big.png', body, 100)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.stat('users/u1/big.png')).toBeNull();
    expect(await readdir(path.join(root, 'users', 'u1'))).toEqual([]);
  });

  it('deletes objects, and deleting a missing one is not an error', async () => {
    await storage.write('users/u1/a.png', Readable.from([Buffer.from('x')]), 10);
    await storage.delete('users/u1/a.png');
    await storage.delete('users/u1/a.png');
    expect(await storage.stat('users/u1/a.png')).toBeNull();
  });

  it('refuses keys that would escape its directory', async () => {
    await expect(storage.stat('../outside.png')).rejects.toThrow('Unsafe storage key');
    await expect(storage.delete('users/../../etc/passwd')).rejects.toThrow('Unsafe storage key');
    await expect(storage.write('/abs.png', Readable.from([]), 10)).rejects.toThrow('Unsafe storage key');
  });
});
