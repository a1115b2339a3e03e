import { ownerOfFileKey, ownerOfFileUrl } from './file-key';
import { IMAGE_TYPES, imageExtensionOf } from './image-types';

const KEY = 'users/2f1c8a9e-0000-4000-8000-000000000001/6b0c4f5e-1111-4222-8333-444455556666.webp';

describe('file keys', () => {
  it('names the owner of a key and of its application URL', () => {
    expect(ownerOfFileKey(KEY)).toBe('2f1c8a9e-0000-4000-8000-000000000001');
    expect(ownerOfFileUrl(`/api/files/${KEY}`)).toBe('2f1c8a9e-0000-4000-8000-000000000001');
  });

  it.each([...Object.values(IMAGE_TYPES), 'sealed'])('names the owner of a .%s file', (extension) => {
    expect(ownerOfFileKey(KEY.replace(/webp$/, extension))).toBe('2f1c8a9e-0000-4000-8000-000000000001');
  });

  it('gives each accepted image type its stored extension, and any other type none of them', () => {
    expect(imageExtensionOf('image/jpeg')).toBe('jpg');
    expect(imageExtensionOf('image/webp')).toBe('webp');
    expect(imageExtensionOf('image/svg+xml')).toBe('bin');
    expect(imageExtensionOf('toString')).toBe('bin');
  });

  it.each([
    ['another prefix', `/api/upload/files/${KEY}`],
    ['a foreign URL', `https://elsewhere.example/api/files/${KEY}`],
    ['a path that climbs', '/api/files/users/../etc/passwd'],
    ['an SVG', '/api/files/users/u1/6b0c4f5e-1111-4222-8333-444455556666.svg'],
  ])('names nobody for %s', (_case, url) => {
    expect(ownerOfFileUrl(url)).toBeNull();
  });
});
