import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../config/auth.config';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * TOTP secrets must be readable again (a code is checked against the secret itself), so they are encrypted rather
 * than hashed: AES-256-GCM with a key derived (HKDF-SHA256) from the service's signing key, which only the auth
 * service holds. A copy of the database alone then reveals no secret, and no new secret has to be deployed.
 */
@Injectable()
export class TotpSecretBox {
  private readonly key: Buffer;

  constructor(config: AuthConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.AUTH_JWT_PRIVATE_KEY, 'memories-auth', 'totp-secret-v1', 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      sealed.toString('base64url'),
    ].join('.');
  }

  /** null when the value was sealed with another key (the signing key was replaced) or is damaged. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
