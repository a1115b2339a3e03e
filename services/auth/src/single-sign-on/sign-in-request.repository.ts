import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

export type SignInPurpose = 'sign-in' | 'link';

/** An authorization request a browser started: what its callback must match and needs. */
export interface NewSignInRequest {
  stateHash: string;
  bindingHash: string;
  purpose: SignInPurpose;
  /** The account to link (purpose 'link'). */
  userId: string | null;
  codeVerifier: string;
  nonce: string;
  persistent: boolean;
  returnTo: string;
  expiresAt: Date;
}

export type SignInRequestRecord = Omit<NewSignInRequest, 'stateHash' | 'bindingHash' | 'expiresAt'>;

/** Why a callback's request cannot be used. */
export type SignInRequestClaim =
  | { claimed: true; request: SignInRequestRecord }
  | { claimed: false; reason: 'unknown' | 'other-browser' | 'used' | 'expired' };

interface SignInRequestRow {
  purpose: SignInPurpose;
  user_id: string | null;
  code_verifier: string;
  nonce: string;
  persistent: boolean;
  return_to: string;
  binding_matches: boolean;
  used_at: Date | null;
  expired: boolean;
}

const toRecord = (row: SignInRequestRow): SignInRequestRecord => ({
  purpose: row.purpose,
  userId: row.user_id,
  codeVerifier: row.code_verifier,
  nonce: row.nonce,
  persistent: row.persistent,
  returnTo: row.return_to,
});

/** How long a settled request is kept, so that a replay is told apart from a wrong state for a while. */
const KEPT_AFTER_EXPIRY = '1 day';

/** auth.sign_in_requests: single-use, expiring, bound to the browser that started them. */
@Injectable()
export class SignInRequestRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async create(request: NewSignInRequest, now: Date): Promise<void> {
    await this.db.query(
      `DELETE FROM auth.sign_in_requests WHERE expires_at < $1::timestamptz - interval '${KEPT_AFTER_EXPIRY}'`,
      [now],
    );
    await this.db.query(
      `INSERT INTO auth.sign_in_requests
         (state_hash, binding_hash, purpose, user_id, code_verifier, nonce, persistent, return_to, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        request.stateHash,
        request.bindingHash,
        request.purpose,
        request.userId,
        request.codeVerifier,
        request.nonce,
        request.persistent,
        request.returnTo,
        now,
        request.expiresAt,
      ],
    );
  }

  /**
   * Uses the request of a callback up, atomically, if it is unused, unexpired and was started by this browser: two
   * callbacks with one state can never both pass. Otherwise says why not (a replay first: it is what happened).
   */
  async claim(stateHash: string, bindingHash: string | null, now: Date): Promise<SignInRequestClaim> {
    const claimed = rowsOf<SignInRequestRow>(
      await this.db.query(
        `UPDATE auth.sign_in_requests SET used_at = $3
         WHERE state_hash = $1 AND binding_hash = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING purpose, user_id, code_verifier, nonce, persistent, return_to`,
        [stateHash, bindingHash, now],
      ),
    );
    if (claimed[0]) return { claimed: true, request: toRecord(claimed[0]) };
    const found = rowsOf<SignInRequestRow>(
      await this.db.query(
        `SELECT binding_hash = $2 AS binding_matches, used_at, expires_at <= $3 AS expired
         FROM auth.sign_in_requests WHERE state_hash = $1`,
        [stateHash, bindingHash, now],
      ),
    )[0];
    if (!found) return { claimed: false, reason: 'unknown' };
    if (found.used_at) return { claimed: false, reason: 'used' };
    return { claimed: false, reason: found.expired ? 'expired' : 'other-browser' };
  }
}
