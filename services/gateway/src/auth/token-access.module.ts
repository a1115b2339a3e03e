import { Global, Module } from '@nestjs/common';
import { PersonalAccessTokenVerifier } from '@memories/nest-common';

/**
 * One PersonalAccessTokenVerifier for the whole gateway: the guard checks tokens with it, and the routes that revoke
 * tokens (revoking one, signing out everywhere, deleting the account) make it forget them at once.
 */
@Global()
@Module({ providers: [PersonalAccessTokenVerifier], exports: [PersonalAccessTokenVerifier] })
export class TokenAccessModule {}
