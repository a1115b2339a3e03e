import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SignupMode } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';

/** auth.instance_settings: one row, what an admin chose at run time (nothing chosen: the environment's default). */
@Injectable()
export class InstanceSettingsRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async signupMode(): Promise<SignupMode | null> {
    const rows = rowsOf<{ signup_mode: SignupMode | null }>(
      await this.db.query('SELECT signup_mode FROM auth.instance_settings'),
    );
    return rows[0]?.signup_mode ?? null;
  }

  async setSignupMode(mode: SignupMode): Promise<void> {
    await this.db.query(
      `INSERT INTO auth.instance_settings (id, signup_mode, updated_at) VALUES (true, $1, now())
       ON CONFLICT (id) DO UPDATE SET signup_mode = EXCLUDED.signup_mode, updated_at = now()`,
      [mode],
    );
  }

  /** The owner's override of PASSWORD_LOGIN (`admin password-login on`); null: the environment decides. */
  async passwordLogin(): Promise<boolean | null> {
    const rows = rowsOf<{ password_login: boolean | null }>(
      await this.db.query('SELECT password_login FROM auth.instance_settings'),
    );
    return rows[0]?.password_login ?? null;
  }

  async setPasswordLogin(enabled: boolean | null): Promise<void> {
    await this.db.query(
      `INSERT INTO auth.instance_settings (id, password_login, updated_at) VALUES (true, $1, now())
       ON CONFLICT (id) DO UPDATE SET password_login = EXCLUDED.password_login, updated_at = now()`,
      [enabled],
    );
  }

  /** Whether the instance has no account yet (its first sign-up is always let in, and becomes the admin). */
  async noAccounts(): Promise<boolean> {
    return rowsOf(await this.db.query('SELECT 1 FROM auth.users LIMIT 1')).length === 0;
  }
}
