import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';

export interface SecretToken {
  /** What the user gets (cookie or link): 256 random bits, base64url. */
  token: string;
  /** What the database keeps. A fast hash is enough for 256-bit random values (no dictionary to attack). */
  hash: string;
}

/** Opaque tokens for refresh cookies and e-mail links. */
@Injectable()
export class SecretTokenGenerator {
  generate(): SecretToken {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: this.hash(token) };
  }

  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}
