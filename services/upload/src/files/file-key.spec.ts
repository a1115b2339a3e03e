import { ownerOfFileKey } from '@memories/contracts';
import { keyOfFileUrl } from './file-key';

const KEY = 'users/u-1/0b5e1f2a-8c1d-4e2f-9a3b-4c5d6e7f8a9b.png';

describe('file keys and URLs', () => {
  it('finds the key of a file URL, relative or resolved by the browser', () => {
    expect(keyOfFileUrl(`/api/files/${KEY}`)).toBe(KEY);
    expect(keyOfFileUrl(`https://memories.example/api/files/${KEY}?v=1`)).toBe(KEY);
  });

  it('ignores anything that is not one of our keys', () => {
    expect(keyOfFileUrl('https://elsewhere.example/cat.png')).toBeNull();
    expect(keyOfFileUrl('/api/files/users/u-1/not-a-uuid.png')).toBeNull();
    expect(keyOfFileUrl(`/api/files/${KEY.replace('.png', '.svg')}`)).toBeNull();
  });

  it('reads the path as the browser would, so dot segments cannot hide another owner', () => {
    const key = keyOfFileUrl(`/api/files/users/u-1/../u-2/${KEY.split('/')[2]}`);
    expect(key && ownerOfFileKey(key)).toBe('u-2');
  });

  it('reads the owner from the key', () => {
    expect(ownerOfFileKey(KEY)).toBe('u-1');
    expect(ownerOfFileKey(`x/${KEY}`)).toBeNull();
  });
});
