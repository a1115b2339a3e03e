import { isImageType } from '@memories/contracts';
import { detectImageType } from './image-types';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('image type detection', () => {
  it('recognises every allowed type by its magic bytes', () => {
    expect(detectImageType(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(bytes('GIF89a'))).toBe('image/gif');
    expect(detectImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(detectImageType(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('image/avif');
  });

  it('refuses HTML, SVG and truncated headers', () => {
    expect(detectImageType(bytes('<!doctype html><script>'))).toBeNull();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectImageType(bytes([0x89], 'PN'))).toBeNull();
  });

  it('accepts only the listed content types', () => {
    expect(isImageType('image/webp')).toBe(true);
    expect(isImageType('image/svg+xml')).toBe(false);
    expect(isImageType('text/html')).toBe(false);
    expect(isImageType('toString')).toBe(false);
  });
});
