import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../config/auth.config';

/**
 * The WebAuthn relying party is the app's public origin (PUBLIC_URL) in every run mode: its host name is the RP ID
 * and its origin the only one a passkey answer may come from. Browsers refuse IP addresses as an RP ID, which is why
 * `npm start` publishes http://localhost:<port> (docs/decisions.md, "Account security").
 */
@Injectable()
export class RelyingParty {
  readonly name = 'Memories';
  readonly id: string;
  readonly origin: string;

  constructor(config: AuthConfig) {
    const url = new URL(config.PUBLIC_URL);
    this.id = url.hostname;
    this.origin = url.origin;
  }
}
