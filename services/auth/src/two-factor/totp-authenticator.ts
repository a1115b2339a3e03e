import { Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { isTotpCode } from './recovery-codes';

const ISSUER = 'Memories';
/** One time step (30 s) either side of now: a phone clock a little off, or a code typed as it changed. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through otplib, and the QR code an authenticator app scans. */
@Injectable()
export class TotpAuthenticator {
  newSecret(): string {
    return generateSecret();
  }

  otpauthUrl(accountName: string, secret: string): string {
    return generateURI({ issuer: ISSUER, label: accountName, secret });
  }

  async qrCodeDataUrl(otpauthUrl: string): Promise<string> {
    // Loaded when two-factor sign-in is set up, not with every process (issue 39, the server's footprint).
    const { toString: qrCodeSvg } = await import('qrcode');
    const svg = await qrCodeSvg(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }

  /**
   * The time step of a valid code, or null. A code of a step at or before `afterTimeStep` (one already used) is
   * refused, so a code cannot be replayed within its window.
   */
  async verify(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
    // otplib throws on a token that is not of the configured length: that is simply a wrong code.
    if (!isTotpCode(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}
