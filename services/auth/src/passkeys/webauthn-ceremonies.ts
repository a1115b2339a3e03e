import { Injectable, Logger } from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { WebAuthnJson } from '@memories/contracts';
import { RelyingParty } from './relying-party';

/** How long the browser may wait for the authenticator. */
const CEREMONY_TIMEOUT_MS = 120_000;

/**
 * @simplewebauthn/server and its ASN.1 and COSE parsers (~0.9 MB of code) load with the first ceremony, not with the
 * process: most instances and most sign-ins never use a passkey (issue 39, the server's footprint).
 */
function simpleWebAuthn(): Promise<typeof import('@simplewebauthn/server')> {
  return import('@simplewebauthn/server');
}

export interface StoredCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/**
 * The WebAuthn ceremonies through @simplewebauthn/server. Passkeys are discoverable credentials with user
 * verification required, so a passkey alone is two factors (the device and its PIN or biometric) and signs in
 * without a password or a TOTP code.
 */
@Injectable()
export class WebAuthnCeremonies {
  private readonly logger = new Logger(WebAuthnCeremonies.name);

  constructor(private readonly relyingParty: RelyingParty) {}

  async registrationOptions(
    user: { id: string; email: string; name: string },
    existing: StoredCredential[],
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { generateRegistrationOptions } = await simpleWebAuthn();
    return generateRegistrationOptions({
      rpName: this.relyingParty.name,
      rpID: this.relyingParty.id,
      userID: new TextEncoder().encode(user.id),
      userName: user.email,
      userDisplayName: user.name,
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map((credential) => ({
        id: credential.credentialId,
        transports: this.transports(credential),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  }

  async authenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { generateAuthenticationOptions } = await simpleWebAuthn();
    return generateAuthenticationOptions({
      rpID: this.relyingParty.id,
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
    });
  }

  /** The new credential, or null when the answer does not prove one for this challenge, origin and RP. */
  async verifyRegistration(response: WebAuthnJson, expectedChallenge: string): Promise<StoredCredential | null> {
    const { verifyRegistrationResponse } = await simpleWebAuthn();
    try {
      const { verified, registrationInfo } = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.relyingParty.origin,
        expectedRPID: this.relyingParty.id,
        requireUserVerification: true,
      });
      if (!verified || !registrationInfo) return null;
      const { credential } = registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    } catch (error) {
      this.logger.warn(`Passkey registration refused: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /** The authenticator's new signature counter, or null when the answer is not a valid assertion by `credential`. */
  async verifyAuthentication(
    response: WebAuthnJson,
    expectedChallenge: string,
    credential: StoredCredential,
  ): Promise<number | null> {
    const { verifyAuthenticationResponse } = await simpleWebAuthn();
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.relyingParty.origin,
        expectedRPID: this.relyingParty.id,
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(credential.publicKey),
          counter: credential.counter,
          transports: this.transports(credential),
        },
        requireUserVerification: true,
      });
      return verified ? authenticationInfo.newCounter : null;
    } catch (error) {
      this.logger.warn(`Passkey sign-in refused: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private transports(credential: StoredCredential): AuthenticatorTransport[] {
    return credential.transports as AuthenticatorTransport[];
  }
}
