import { generateEs256KeyPair } from './es256-key-pair';
import { normalisePem, parseEs256Key } from './pem-key.validator';
import { generateKeyPairSync } from 'node:crypto';

const keys = generateEs256KeyPair();

describe('ES256 PEM keys', () => {
  it('reads a P-256 private and public key', () => {
    expect(parseEs256Key(keys.privateKey, 'private').asymmetricKeyType).toBe('ec');
    expect(parseEs256Key(keys.publicKey, 'public').type).toBe('public');
  });

  it('refuses a private key where the public one belongs, so the gateway never holds the signing key', () => {
    expect(() => parseEs256Key(keys.privateKey, 'public')).toThrow('must be a public key, not a private one');
  });

  it('refuses an RSA key and text that is no key', () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(() => parseEs256Key(rsa.publicKey, 'public')).toThrow('must be an EC P-256 public key (ES256)');
    expect(() => parseEs256Key('hello', 'private')).toThrow('is not a PEM-encoded private key');
  });

  it('accepts a PEM written on one line with \\n escapes', () => {
    expect(normalisePem(keys.publicKey.replace(/\n/g, '\\n'))).toBe(keys.publicKey.trim());
  });
});
