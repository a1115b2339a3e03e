import { CreateAuthSchema1732100000000 } from './migrations/1732100000000-create-auth-schema';
import { CreateAuthTables1732200000000 } from './migrations/1732200000000-create-auth-tables';
import { RecordDeletedAccounts1733400000000 } from './migrations/1733400000000-record-deleted-accounts';
import { AccountSecurity1733500000000 } from './migrations/1733500000000-account-security';
import { InstanceAdministration1733600000000 } from './migrations/1733600000000-instance-administration';
import { PersonalAccessTokens1734000000100 } from './migrations/1734000000100-personal-access-tokens';
import { SingleSignOn1734100000000 } from './migrations/1734100000000-single-sign-on';
import { SharedSignInLimits1735000000000 } from './migrations/1735000000000-shared-sign-in-limits';
import { PasswordLoginOverride1735100000000 } from './migrations/1735100000000-password-login-override';
import { SignInRequestInvite1735200000000 } from './migrations/1735200000000-sign-in-request-invite';

/** Every migration of the auth schema, oldest first. */
export const AUTH_MIGRATIONS = [
  CreateAuthSchema1732100000000,
  CreateAuthTables1732200000000,
  RecordDeletedAccounts1733400000000,
  AccountSecurity1733500000000,
  InstanceAdministration1733600000000,
  PersonalAccessTokens1734000000100,
  SingleSignOn1734100000000,
  SharedSignInLimits1735000000000,
  PasswordLoginOverride1735100000000,
  SignInRequestInvite1735200000000,
];
