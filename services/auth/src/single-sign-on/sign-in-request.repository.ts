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
  /** The invite a first sign-in may make its account with (purpose 'sign-in'). */
  inviteToken: string | null;
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
  invite_token: string | null;
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
  inviteToken: row.invite_token,
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
    // An invite is kept only while its sign-in can still complete: a settled request is kept without it.
    await this.db.query(
      `UPDATE auth.sign_in_requests SET invite_token = NULL WHERE invite_token IS NOT NULL AND expires_at <= $1`,
      [now],
    );
    await this.db.query(
      `INSERT INTO auth.sign_in_requests
         (state_hash, binding_hash, purpose, user_id, code_verifier, nonce, persistent, return_to, invite_token,
          created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        request.stateHash,
        request.bindingHash,
        request.purpose,
        request.userId,
        request.codeVerifier,
        request.nonce,
        request.persistent,
        request.returnTo,
        request.inviteToken,
        now,
        request.expiresAt,
      ],
    );
  }

  /**
   * Uses the request of a callback up, atomically, if it is unused, unexpired and was started by this browser: two
   * callbacks with one state can never both pass; its invite goes with it (the self-join reads it before it is
   * cleared). Otherwise says why not (a replay first: it is what happened).
   */
  async claim(stateHash: string, bindingHash: string | null, now: Date): Promise<SignInRequestClaim> {
    const claimed = rowsOf<SignInRequestRow>(
      await this.db.query(
        `UPDATE auth.sign_in_requests request SET used_at = $3, invite_token = NULL
         FROM auth.sign_in_requests started
         WHERE request.state_hash = $1 AND started.state_hash = $1 AND request.binding_hash = $2
           AND request.used_at IS NULL AND request.expires_at > $3
         RETURNING request.purpose, request.user_id, request.code_verifier, request.nonce, request.persistent,
           request.return_to, started.invite_token`,
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
