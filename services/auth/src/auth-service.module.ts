import { type DynamicModule, Module } from '@nestjs/common';
import { MailSender, ServiceCoreModule, createMailSender, eventPublisherProviders } from '@memories/nest-common';
import { AccountDeletionService } from './accounts/account-deletion.service';
import { AccountHandler } from './accounts/account.handler';
import { DeletedAccountRepository } from './accounts/deleted-account.repository';
import { AccountGuard } from './account-security/account-guard';
import { ActionTokenRepository } from './action-tokens/action-token.repository';
import { AccountAdminRepository } from './admin/account-admin.repository';
import { AccountAdmissionRepository } from './admin/account-admission.repository';
import { AccountAdmission } from './admin/account-admission.service';
import { InstanceAdminHandler } from './admin/instance-admin.handler';
import { InstanceAdminService } from './admin/instance-admin.service';
import { InstanceSettingsRepository } from './admin/instance-settings.repository';
import { InviteRepository } from './admin/invite.repository';
import { SignUpService } from './admin/sign-up.service';
import { AuthHandler } from './auth/auth.handler';
import { AuthService } from './auth/auth.service';
import type { AuthConfig } from './config/auth.config';
import { AccessTokenSigner } from './crypto/access-token.signer';
import { Clock } from './crypto/clock';
import { PasswordHasher } from './crypto/password-hasher';
import { SecretTokenGenerator } from './crypto/secret-token.generator';
import { AUTH_MIGRATIONS } from './database/auth.migrations';
import { DirectoryHandler } from './directory/directory.handler';
import { DirectoryService } from './directory/directory.service';
import { AuthHealthHandler } from './health/auth-health.handler';
import { PasskeyRepository } from './passkeys/passkey.repository';
import { PasskeysHandler } from './passkeys/passkeys.handler';
import { PasskeysService } from './passkeys/passkeys.service';
import { RelyingParty } from './passkeys/relying-party';
import { WebAuthnCeremonies } from './passkeys/webauthn-ceremonies';
import { ActionLinks } from './recovery/action-links';
import { RecoveryHandler } from './recovery/recovery.handler';
import { RecoveryService } from './recovery/recovery.service';
import { RefreshTokenRepository } from './sessions/refresh-token.repository';
import { RateLimitRepository } from './sign-in-limits/rate-limit.repository';
import { RateLimitsHandler } from './sign-in-limits/rate-limits.handler';
import { SignInFailuresRepository } from './sign-in-limits/sign-in-failures.repository';
import { SessionIssuer } from './sessions/session-issuer';
import { SessionRepository } from './sessions/session.repository';
import { SessionsHandler } from './sessions/sessions.handler';
import { SessionsService } from './sessions/sessions.service';
import { IdentityProviderClient } from './single-sign-on/identity-provider.client';
import { LinkedIdentitiesService } from './single-sign-on/linked-identities.service';
import { LinkedIdentityRepository } from './single-sign-on/linked-identity.repository';
import { PasswordLoginPolicy } from './single-sign-on/password-login.policy';
import { ProviderLogout } from './single-sign-on/provider-logout';
import { SignInRequestRepository } from './single-sign-on/sign-in-request.repository';
import { SingleSignOnAccounts } from './single-sign-on/single-sign-on-accounts';
import { SingleSignOnHandler } from './single-sign-on/single-sign-on.handler';
import { SingleSignOnService } from './single-sign-on/single-sign-on.service';
import { PersonalAccessTokenRepository } from './tokens/personal-access-token.repository';
import { PersonalAccessTokensHandler } from './tokens/personal-access-tokens.handler';
import { PersonalAccessTokensService } from './tokens/personal-access-tokens.service';
import { TotpAuthenticator } from './two-factor/totp-authenticator';
import { TotpSecretBox } from './two-factor/totp-secret-box';
import { TwoFactorChallengeSigner } from './two-factor/two-factor-challenge';
import { TwoFactorHandler } from './two-factor/two-factor.handler';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';
import { UserRepository } from './users/user.repository';

export const AUTH_SCHEMA = 'auth';

/** The auth service: the same module runs as its own process or inside the standalone. */
@Module({})
export class AuthServiceModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthServiceModule,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'auth',
          config,
          database: { schema: AUTH_SCHEMA, migrations: AUTH_MIGRATIONS },
        }),
      ],
      controllers: [
        AuthHealthHandler,
        AuthHandler,
        DirectoryHandler,
        AccountHandler,
        RecoveryHandler,
        SessionsHandler,
        TwoFactorHandler,
        PasskeysHandler,
        InstanceAdminHandler,
        PersonalAccessTokensHandler,
        SingleSignOnHandler,
        RateLimitsHandler,
      ],
      providers: [
        AuthService,
        UserRepository,
        RefreshTokenRepository,
        ActionTokenRepository,
        PasswordHasher,
        SecretTokenGenerator,
        AccessTokenSigner,
        Clock,
        { provide: MailSender, useFactory: () => createMailSender(config) },
        DirectoryService,
        DeletedAccountRepository,
        AccountDeletionService,
        ...eventPublisherProviders(config, 'auth-events'),
        AccountGuard,
        ActionLinks,
        RecoveryService,
        SessionRepository,
        SessionIssuer,
        SessionsService,
        TwoFactorRepository,
        TwoFactorService,
        TwoFactorChallengeSigner,
        TotpAuthenticator,
        TotpSecretBox,
        PasskeyRepository,
        PasskeysService,
        RelyingParty,
        WebAuthnCeremonies,
        AccountAdminRepository,
        AccountAdmissionRepository,
        AccountAdmission,
        InstanceAdminService,
        InstanceSettingsRepository,
        InviteRepository,
        SignUpService,
        PersonalAccessTokenRepository,
        PersonalAccessTokensService,
        IdentityProviderClient,
        SignInRequestRepository,
        LinkedIdentityRepository,
        SingleSignOnAccounts,
        SingleSignOnService,
        LinkedIdentitiesService,
        PasswordLoginPolicy,
        ProviderLogout,
        RateLimitRepository,
        SignInFailuresRepository,
      ],
    };
  }
}
