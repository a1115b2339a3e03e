import { Injectable } from '@nestjs/common';
import { SINGLE_SIGN_ON_ERROR_CODES, SINGLE_SIGN_ON_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { InstanceSettingsRepository } from '../admin/instance-settings.repository';
import { AuthConfig } from '../config/auth.config';

/**
 * Whether people may sign in and register with a password (PASSWORD_LOGIN, unless the instance owner turned it on
 * with `admin password-login on` when the provider locked everyone out). Off, every password route refuses with
 * 403 PASSWORD_LOGIN_FORBIDDEN before it looks at the request, so it tells nothing about any account.
 */
@Injectable()
export class PasswordLoginPolicy {
  constructor(
    private readonly config: AuthConfig,
    private readonly settings: InstanceSettingsRepository,
  ) {}

  async enabled(): Promise<boolean> {
    return this.config.PASSWORD_LOGIN || (await this.settings.passwordLogin()) === true;
  }

  async requireEnabled(): Promise<void> {
    if (!(await this.enabled())) {
      throw new DomainError(
        SINGLE_SIGN_ON_ERROR_CODES.PASSWORD_LOGIN_FORBIDDEN,
        SINGLE_SIGN_ON_MESSAGES.passwordLoginOff,
      );
    }
  }
}
