import { SealBrokenError } from '../crypto-errors';
import { fromBase64Url, toBase64Url } from '../encoding/base64url';
import { openBytes, sealBytes } from './sealed-bytes';
import { openFile, sealFile } from './sealed-file';
import { openMemoryContent, sealMemoryContent } from './sealed-memory';

const JOURNAL = 'c0ffee00-0000-4000-8000-000000000001';
const OTHER_JOURNAL = 'c0ffee00-0000-4000-8000-000000000002';

function newKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

describe('sealing with the journal key (AES-256-GCM)', () => {
  const content = {
    title: 'Quetzalcoatl evening',
    contentJson: JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
    }),
    tags: ['zyzzyva'],
    thumbnailUrl: '/files/u/1.bin',
  };

  it('opens what it sealed, and the ciphertext shows none of it', async () => {
    const key = await newKey();
    const sealed = await sealMemoryContent(key, JOURNAL, content);
    expect(await openMemoryContent(key, JOURNAL, sealed)).toEqual(content);
    const bytes = new TextDecoder('latin1').decode(fromBase64Url(sealed));
    for (const word of ['Quetzalcoatl', 'zyzzyva', 'paragraph']) {
      expect(sealed).not.toContain(word);
      expect(bytes).not.toContain(word);
    }
  });

  it('uses a fresh IV every time, so equal contents never look equal', async () => {
    const key = await newKey();
    expect(await sealMemoryContent(key, JOURNAL, content)).not.toBe(await sealMemoryContent(key, JOURNAL, content));
  });

  it('refuses a changed byte, a cut, another key, another journal or another purpose', async () => {
    const key = await newKey();
    const sealed = await sealBytes(key, JOURNAL, 'memory', new TextEncoder().encode('hello'));
    const flipped = sealed.slice();
    flipped[flipped.length - 1] ^= 1;
    await expect(openBytes(key, JOURNAL, 'memory', flipped)).rejects.toBeInstanceOf(SealBrokenError);
    await expect(openBytes(key, JOURNAL, 'memory', sealed.slice(0, 20))).rejects.toBeInstanceOf(SealBrokenError);
    await expect(openBytes(await newKey(), JOURNAL, 'memory', sealed)).rejects.toBeInstanceOf(SealBrokenError);
    await expect(openBytes(key, OTHER_JOURNAL, 'memory', sealed)).rejects.toBeInstanceOf(SealBrokenError);
    await expect(openBytes(key, JOURNAL, 'image', sealed)).rejects.toBeInstanceOf(SealBrokenError);
    await expect(openMemoryContent(key, JOURNAL, 'not base64!')).rejects.toBeInstanceOf(SealBrokenError);
    await expect(openMemoryContent(key, JOURNAL, toBase64Url(sealed))).rejects.toThrow();
  });

  it('seals an image as opaque bytes and gives it back with its own type', async () => {
    const key = await newKey();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const sealed = await sealFile(key, JOURNAL, new Blob([png], { type: 'image/png' }));
    expect(sealed.type).toBe('application/octet-stream');
    const sealedBytes = new Uint8Array(await sealed.arrayBuffer());
    expect(Buffer.from(sealedBytes).includes(Buffer.from(png.subarray(0, 8)))).toBe(false);
    const opened = await openFile(key, JOURNAL, sealed);
    expect(opened.type).toBe('image/png');
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(png);
    await expect(openFile(key, OTHER_JOURNAL, sealed)).rejects.toBeInstanceOf(SealBrokenError);
  });
});
