import { Readable } from 'node:stream';
import { UPLOAD_ERROR_CODES } from '@memories/contracts';
import type { StoragePort } from './storage.port';
import { UnavailableStorageDriver } from './unavailable-storage.driver';

describe('UnavailableStorageDriver', () => {
  const storage: StoragePort = new UnavailableStorageDriver('s3');

  it.each([
    ['write', () => storage.write('users/u/a.png', Readable.from([]), 10)],
    ['readHead', () => storage.readHead('users/u/a.png', 12)],
    ['read', () => storage.read('users/u/a.png')],
    ['exists', () => storage.exists('users/u/a.png')],
    ['delete', () => storage.delete('users/u/a.png')],
  ])('refuses %s with a 503-mapped code that names the driver and the way out', async (_operation, call) => {
    await expect(call()).rejects.toMatchObject({
      code: UPLOAD_ERROR_CODES.storageUnavailable,
      message: expect.stringMatching(/"s3".*STORAGE_DRIVER=local/),
    });
  });
});
