import { signUploadGrant, verifyUploadGrant } from './upload-grant';

const grant = { key: 'users/u1/f.png', contentType: 'image/png', expiresAt: 1000 };
const signatureIn = (query: string) => new URLSearchParams(query).get('signature') ?? '';

describe('signed upload grants', () => {
  const query = signUploadGrant('secret', grant);

  it('accepts its own signature before expiry', () => {
    expect(new URLSearchParams(query).get('expires')).toBe('1000');
    expect(verifyUploadGrant('secret', grant, signatureIn(query), 999)).toBeNull();
  });

  it('refuses an expired grant', () => {
    expect(verifyUploadGrant('secret', grant, signatureIn(query), 1001)).toBe('expired');
  });

  it('refuses a tampered key, content type, expiry, signature or secret', () => {
    const signature = signatureIn(query);
    expect(verifyUploadGrant('secret', { ...grant, key: 'users/u2/f.png' }, signature, 0)).toBe('invalid');
    expect(verifyUploadGrant('secret', { ...grant, contentType: 'text/html' }, signature, 0)).toBe('invalid');
    expect(verifyUploadGrant('secret', { ...grant, expiresAt: 99999 }, signature, 0)).toBe('invalid');
    expect(verifyUploadGrant('secret', grant, `${signature.slice(1)}A`, 0)).toBe('invalid');
    expect(verifyUploadGrant('other', grant, signature, 0)).toBe('invalid');
  });
});
