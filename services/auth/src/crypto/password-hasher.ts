import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { AuthConfig } from '../config/auth.config';

/** Argon2id (OWASP: at least 19 MiB of memory, 2 iterations). */
@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  constructor(private readonly config: AuthConfig) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.config.AUTH_ARGON2_MEMORY_KIB,
      timeCost: 2,
      parallelism: 1,
    });
  }

  /** An account without a password (made by single sign-on) matches no password, in the time a real one takes. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    if (hash === null) return this.verifyAgainstDummy(password);
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the time of a real verification for an e-mail that has no account, so the answer time does not tell
   * whether an account exists.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash('memories-dummy-password');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
