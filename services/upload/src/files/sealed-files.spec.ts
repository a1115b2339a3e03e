import { randomBytes } from 'node:crypto';
import { SEAL_FORMAT } from '@memories/contracts';
import { MAX_SEALED_FILE_BYTES, looksSealed } from './sealed-files';

describe('a locked journal’s encrypted image, as this service can check it', () => {
  const sealed = (size: number) => Buffer.concat([Buffer.from([SEAL_FORMAT]), randomBytes(size - 1)]);

  it('starts with the seal’s format byte and has room for its IV, tag and one byte of image', () => {
    expect(looksSealed(sealed(64), 64)).toBe(true);
    expect(looksSealed(sealed(30), 30)).toBe(true);
    expect(looksSealed(sealed(29), 29)).toBe(false);
    // A PNG (or anything else) is not a seal.
    expect(looksSealed(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 64)).toBe(false);
  });

  it('is no larger than the largest image once sealed', () => {
    expect(looksSealed(sealed(16), MAX_SEALED_FILE_BYTES)).toBe(true);
    expect(looksSealed(sealed(16), MAX_SEALED_FILE_BYTES + 1)).toBe(false);
  });
});
