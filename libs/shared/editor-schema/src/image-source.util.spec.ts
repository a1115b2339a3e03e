import { HOSTILE_IMAGE_SOURCES } from '../test/xss-corpus';
import { isAllowedImageSource } from './image-source.util';

describe('isAllowedImageSource', () => {
  it('accepts web and root-relative image URLs when no file URL prefix is configured', () => {
    expect(isAllowedImageSource('https://cdn.example.com/a.png')).toBe(true);
    expect(isAllowedImageSource('http://localhost:3000/api/files/u1/a.png')).toBe(true);
    expect(isAllowedImageSource('/api/files/u1/a.png')).toBe(true);
  });

  it.each(HOSTILE_IMAGE_SOURCES.map((src) => [src.slice(0, 60), src]))('refuses %s', (_label, src) => {
    expect(isAllowedImageSource(src)).toBe(false);
    expect(isAllowedImageSource(src, 'https://app.example/api/files/')).toBe(false);
  });

  describe('with the app file URL prefix', () => {
    const prefix = 'https://app.example/api/files';

    it('accepts files below the prefix', () => {
      expect(isAllowedImageSource('https://app.example/api/files/u1/photo.jpg', prefix)).toBe(true);
      expect(isAllowedImageSource('/api/files/u1/photo.jpg', '/api/files/')).toBe(true);
    });

    it('refuses other hosts and look-alike paths', () => {
      expect(isAllowedImageSource('https://cdn.example.com/u1/photo.jpg', prefix)).toBe(false);
      expect(isAllowedImageSource('https://app.example/api/files-evil/photo.jpg', prefix)).toBe(false);
      expect(isAllowedImageSource('https://app.example/api/filesx', prefix)).toBe(false);
      expect(isAllowedImageSource('https://app.example.evil.com/api/files/a.png', prefix)).toBe(false);
      expect(isAllowedImageSource('https://app.example/api/files/', prefix)).toBe(false);
    });

    it('refuses paths that climb out of the prefix', () => {
      expect(isAllowedImageSource('https://app.example/api/files/../auth/me', prefix)).toBe(false);
      expect(isAllowedImageSource('https://app.example/api/files/u1/../../x', prefix)).toBe(false);
      expect(isAllowedImageSource('https://app.example/api/files/%2e%2e/x', prefix)).toBe(false);
      expect(isAllowedImageSource('https://app.example/api/files//evil.example/x', prefix)).toBe(false);
    });
  });
});
