import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../config/auth.config';
import { SessionRepository } from '../sessions/session.repository';
import { IdentityProviderClient } from './identity-provider.client';

/**
 * With OIDC_LOGOUT=true, signing out of a session that single sign-on started also signs out at the provider: the
 * browser is sent to its end_session_endpoint (with the session's ID token as the hint), which sends it back to our
 * login page. A provider out of reach never stops our own logout.
 */
@Injectable()
export class ProviderLogout {
  constructor(
    private readonly config: AuthConfig,
    private readonly sessions: SessionRepository,
    private readonly provider: IdentityProviderClient,
  ) {}

  async endSessionUrlOf(familyId: string): Promise<string | undefined> {
    if (!this.config.OIDC_LOGOUT || !this.provider.isConfigured()) return undefined;
    const idToken = await this.sessions.idTokenOf(familyId);
    return (idToken && (await this.provider.endSessionUrl(idToken))) || undefined;
  }
}
