import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import {
  ADMIN_MESSAGES,
  ADMIN_SUBJECTS,
  SUBJECTS,
  TOKEN_SUBJECTS,
  USER_SUBJECTS,
  type AuthUser,
  type BusRequestMap,
  type BusRequestSubject,
  type SessionGrant,
} from '@memories/contracts';
import {
  MailSender,
  bootstrapService,
  createBusClient,
  generateEs256KeyPair,
  migrateDatabase,
  migrateService,
  type OutgoingMail,
} from '@memories/nest-common';
import {
  getFreePort,
  requestAs,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { AUTH_MIGRATIONS, authServiceDescriptor, runAdminCommand } from '../src';
import { InstanceAdministration1733600000000 } from '../src/database/migrations/1733600000000-instance-administration';

// Instance administration in the auth service, over a real nats-server against a real PostgreSQL: roles, sign-up
// modes, invites, disabled accounts, the look-up budget and confirmed addresses, and the owner's admin command. The
// service runs as deployed with sign-up by invite, addresses that must be confirmed, and 5 look-ups a minute.

const PASSWORD = 'correct horse battery staple';
const LOOKUPS_PER_MINUTE = 5;

describe('instance administration in the auth service', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let client: ReturnType<typeof createBusClient>;
  let db: Client;
  let env: Record<string, string>;
  const mails: OutgoingMail[] = [];
  let admin: AuthUser;

  const ask = <S extends BusRequestSubject>(
    subject: S,
    userId: string | undefined,
    payload: BusRequestMap[S]['payload'],
  ): Promise<BusRequestMap[S]['result']> => requestAs(client, subject, userId, payload);

  const address = (label: string) => `${label}-${randomUUID()}@example.com`;

  const register = (email: string, inviteToken?: string) =>
    ask(SUBJECTS.auth.register, undefined, {
      name: 'Test Person',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...(inviteToken ? { inviteToken } : {}),
    });

  const login = (email: string) =>
    ask(SUBJECTS.auth.login, undefined, { email, password: PASSWORD, rememberMe: false }) as Promise<SessionGrant>;

  /** A member let in by an invite of the admin. */
  async function member(label: string): Promise<AuthUser> {
    const invite = await ask(ADMIN_SUBJECTS.createInvite, admin.id, {});
    return register(address(label), invite.token);
  }

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'fatal',
      AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey,
      PUBLIC_URL: 'https://memories.test',
      SIGNUP_MODE: 'invite',
      REQUIRE_VERIFIED_EMAIL: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
    };
    await migrateService(authServiceDescriptor, env);
    app = await bootstrapService(authServiceDescriptor, env);
    // Replaced rather than spied on: the Jest preset restores spies before every test.
    app.get(MailSender, { strict: false }).send = async (message) => {
      mails.push(message);
    };
    client = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 5000, name: 'admin-test' });
    await client.connect();
    db = new Client({ connectionString: postgres.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await client?.close();
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('opens an empty instance to its first account, which becomes the admin; the next one needs an invite', async () => {
    await expect(ask(ADMIN_SUBJECTS.signUpState, undefined, {})).resolves.toEqual({ signupMode: 'open' });

    admin = await register(address('owner'));
    await login(admin.email);

    expect(admin.role).toBe('admin');
    await expect(ask(ADMIN_SUBJECTS.signUpState, undefined, {})).resolves.toEqual({ signupMode: 'invite' });
    await expect(register(address('stranger'))).rejects.toMatchObject({
      code: 'SIGNUP_CLOSED',
      message: ADMIN_MESSAGES.signupByInvite,
    });
  });

  it('lets one account in with an invite, once; the link carries the token in its fragment', async () => {
    const invite = await ask(ADMIN_SUBJECTS.createInvite, admin.id, {});
    const stored = await db.query('SELECT token_hash FROM auth.invites WHERE id = $1', [invite.id]);

    expect(invite).toMatchObject({ email: null, mailed: false });
    expect(invite.url).toBe(`https://memories.test/register#invite=${invite.token}`);
    expect(stored.rows[0].token_hash).not.toContain(invite.token);
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await expect(ask(ADMIN_SUBJECTS.checkInvite, undefined, { inviteToken: invite.token })).resolves.toEqual({
      email: null,
      expiresAt: invite.expiresAt,
    });
    await expect(register(address('guest'), invite.token)).resolves.toMatchObject({
      role: 'member',
      emailVerified: false,
    });
    await expect(register(address('second-guest'), invite.token)).rejects.toMatchObject({
      code: 'SIGNUP_CLOSED',
      message: ADMIN_MESSAGES.inviteInvalid,
    });
    await expect(ask(ADMIN_SUBJECTS.checkInvite, undefined, { inviteToken: invite.token })).rejects.toMatchObject({
      code: 'INVITE_NOT_FOUND',
    });
  });

  it('admits only the address an invite names, as confirmed, and mails the invite there', async () => {
    const email = address('grace');
    const invite = await ask(ADMIN_SUBJECTS.createInvite, admin.id, { email, expiresInDays: 2 });

    expect(mails.at(-1)).toMatchObject({ to: email, subject: 'You are invited to Memories' });
    expect(mails.at(-1)?.text).toContain(invite.url);
    await expect(register(address('someone-else'), invite.token)).rejects.toMatchObject({
      code: 'SIGNUP_CLOSED',
      message: ADMIN_MESSAGES.inviteForAnotherAddress,
    });
    const mailsBefore = mails.length;
    await expect(register(email.toUpperCase(), invite.token)).resolves.toMatchObject({ emailVerified: true });
    expect(mails).toHaveLength(mailsBefore);
    await expect(ask(ADMIN_SUBJECTS.createInvite, admin.id, { email })).rejects.toMatchObject({
      code: 'USER_ALREADY_EXISTS',
    });
  });

  it('admits nobody with an expired or a revoked invite, and lists only the invites still pending', async () => {
    const expired = await ask(ADMIN_SUBJECTS.createInvite, admin.id, {});
    const revoked = await ask(ADMIN_SUBJECTS.createInvite, admin.id, {});
    const pending = await ask(ADMIN_SUBJECTS.createInvite, admin.id, {});
    await db.query(`UPDATE auth.invites SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);

    await expect(ask(ADMIN_SUBJECTS.revokeInvite, admin.id, { id: revoked.id })).resolves.toEqual({ revoked: true });
    await expect(ask(ADMIN_SUBJECTS.revokeInvite, admin.id, { id: revoked.id })).rejects.toMatchObject({
      code: 'INVITE_NOT_FOUND',
    });
    for (const invite of [expired, revoked]) {
      await expect(register(address('late'), invite.token)).rejects.toMatchObject({ code: 'SIGNUP_CLOSED' });
    }
    const listed = (await ask(ADMIN_SUBJECTS.listInvites, admin.id, {})).map((invite) => invite.id);
    expect(listed).toContain(pending.id);
    expect(listed).not.toContain(expired.id);
    expect(listed).not.toContain(revoked.id);
  });

  it('follows the mode the admin chooses at run time; an invite works in every mode', async () => {
    await expect(ask(ADMIN_SUBJECTS.getSettings, admin.id, {})).resolves.toEqual({ signupMode: 'invite' });

    await ask(ADMIN_SUBJECTS.updateSettings, admin.id, { signupMode: 'open' });
    await expect(register(address('walk-in'))).resolves.toMatchObject({ role: 'member' });

    await ask(ADMIN_SUBJECTS.updateSettings, admin.id, { signupMode: 'closed' });
    await expect(ask(ADMIN_SUBJECTS.signUpState, undefined, {})).resolves.toEqual({ signupMode: 'closed' });
    await expect(register(address('walk-in'))).rejects.toMatchObject({
      code: 'SIGNUP_CLOSED',
      message: ADMIN_MESSAGES.signupClosed,
    });
    await expect(member('invited-while-closed')).resolves.toMatchObject({ role: 'member' });

    await ask(ADMIN_SUBJECTS.updateSettings, admin.id, { signupMode: 'invite' });
  });

  it('refuses every admin subject to a member', async () => {
    const someone = await member('member');
    const calls = [
      ask(ADMIN_SUBJECTS.getSettings, someone.id, {}),
      ask(ADMIN_SUBJECTS.updateSettings, someone.id, { signupMode: 'open' }),
      ask(ADMIN_SUBJECTS.createInvite, someone.id, {}),
      ask(ADMIN_SUBJECTS.listInvites, someone.id, {}),
      ask(ADMIN_SUBJECTS.revokeInvite, someone.id, { id: randomUUID() }),
      ask(ADMIN_SUBJECTS.listAccounts, someone.id, {}),
      ask(ADMIN_SUBJECTS.updateAccount, someone.id, { id: someone.id, role: 'admin' }),
    ];

    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 'ADMIN_ONLY_FORBIDDEN' });
    await expect(ask(ADMIN_SUBJECTS.accountStatus, undefined, { userId: someone.id })).resolves.toEqual({
      active: true,
      role: 'member',
    });
  });

  it('disabling revokes every session and access token at once and refuses sign-in; enabling lets the account back in', async () => {
    const someone = await member('disabled');
    const first = await login(someone.email);
    const second = await login(someone.email);
    const tokens = await Promise.all(
      (['read', 'write'] as const).map((scope) => ask(TOKEN_SUBJECTS.create, someone.id, { name: scope, scope })),
    );
    const othersToken = await ask(TOKEN_SUBJECTS.create, admin.id, { name: 'the admin', scope: 'read' });
    for (const { token } of tokens) {
      await expect(ask(TOKEN_SUBJECTS.verify, undefined, { token })).resolves.toMatchObject({
        grant: { userId: someone.id },
      });
    }

    const disabled = await ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: someone.id, disabled: true });

    expect(disabled).toMatchObject({ id: someone.id, disabled: true, role: 'member' });
    for (const grant of [first, second]) {
      await expect(ask(SUBJECTS.auth.refresh, undefined, { refreshToken: grant.refreshToken })).rejects.toMatchObject({
        code: 'SESSION_UNAUTHORIZED',
      });
    }
    for (const { token } of tokens) {
      await expect(ask(TOKEN_SUBJECTS.verify, undefined, { token })).resolves.toEqual({ grant: null });
    }
    await expect(ask(TOKEN_SUBJECTS.list, someone.id, {})).resolves.toEqual([]);
    // Only that account's tokens end.
    await expect(ask(TOKEN_SUBJECTS.verify, undefined, { token: othersToken.token })).resolves.toMatchObject({
      grant: { userId: admin.id },
    });
    await expect(login(someone.email)).rejects.toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: ADMIN_MESSAGES.accountDisabled,
    });
    await expect(
      ask(SUBJECTS.auth.login, undefined, { email: someone.email, password: 'wrong password', rememberMe: false }),
    ).rejects.toMatchObject({ code: 'CREDENTIALS_UNAUTHORIZED' });
    await expect(ask(ADMIN_SUBJECTS.accountStatus, undefined, { userId: someone.id })).resolves.toEqual({
      active: false,
      role: 'member',
    });

    await ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: someone.id, disabled: false });
    await expect(login(someone.email)).resolves.toMatchObject({ user: { id: someone.id } });
    await expect(ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: randomUUID() })).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });

  it('keeps an enabled admin: the last one can be neither demoted nor disabled (409)', async () => {
    const [{ id: other }] = (await ask(ADMIN_SUBJECTS.listAccounts, admin.id, { size: 1, q: 'walk-in' })).items;

    for (const change of [{ role: 'member' as const }, { disabled: true }]) {
      await expect(ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: admin.id, ...change })).rejects.toMatchObject({
        code: 'LAST_ADMIN_CONFLICT',
        message: ADMIN_MESSAGES.lastAdmin,
      });
    }
    await ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: other, role: 'admin' });
    // Two admins demoting each other at the same moment: one wins, the other is refused.
    const both = await Promise.allSettled([
      ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: other, role: 'member' }),
      ask(ADMIN_SUBJECTS.updateAccount, other, { id: admin.id, role: 'member' }),
    ]);
    const admins = await db.query(`SELECT id FROM auth.users WHERE role = 'admin' AND disabled_at IS NULL`);

    expect(admins.rows).toHaveLength(1);
    expect(both.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    if (admins.rows[0].id !== admin.id) {
      await ask(ADMIN_SUBJECTS.updateAccount, other, { id: admin.id, role: 'admin' });
      await ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: other, role: 'member' });
    }
  });

  it('lists the accounts a page at a time, oldest first, searched by name or e-mail', async () => {
    const first = await ask(ADMIN_SUBJECTS.listAccounts, admin.id, { page: 0, size: 2 });
    const grace = await ask(ADMIN_SUBJECTS.listAccounts, admin.id, { q: 'GRACE-' });
    const literal = await ask(ADMIN_SUBJECTS.listAccounts, admin.id, { q: '%' });

    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({ id: admin.id, role: 'admin', disabled: false });
    expect(first.items[0].lastActiveAt).not.toBeNull();
    expect(first.pagination).toMatchObject({ currentPage: 0, pageSize: 2, hasNext: true });
    expect(grace.items).toHaveLength(1);
    expect(grace.items[0]).toMatchObject({ emailVerified: true, lastActiveAt: null });
    expect(literal.items).toEqual([]);
  });

  it('finds only confirmed addresses, and counts the look-ups of each account', async () => {
    const asker = await member('asker');
    const unconfirmed = await member('unconfirmed');

    const before = await ask(USER_SUBJECTS.findByEmail, asker.id, { email: unconfirmed.email });
    const recipientsBefore = await ask(ADMIN_SUBJECTS.shareRecipients, asker.id, { ids: [unconfirmed.id] });
    await ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: unconfirmed.id, emailVerified: true });
    const after = await ask(USER_SUBJECTS.findByEmail, asker.id, { email: unconfirmed.email.toUpperCase() });
    const recipientsAfter = await ask(ADMIN_SUBJECTS.shareRecipients, asker.id, { ids: [unconfirmed.id] });

    expect(before.users).toEqual([]);
    expect(recipientsBefore.users).toEqual([]);
    expect(after.users.map((user) => user.id)).toEqual([unconfirmed.id]);
    expect(recipientsAfter.users.map((user) => user.id)).toEqual([unconfirmed.id]);
    // Two look-ups taken above; three more fit the minute, the next one does not.
    for (let lookup = 0; lookup < LOOKUPS_PER_MINUTE - 2; lookup++) {
      await ask(USER_SUBJECTS.findByEmail, asker.id, { email: address('nobody') });
    }
    const refused = ask(USER_SUBJECTS.findByEmail, asker.id, { email: address('nobody') });
    await expect(refused).rejects.toMatchObject({ code: 'USER_LOOKUP_RATE_LIMITED' });
    const { detail } = (await refused.catch((error: unknown) => error)) as { detail: { retryAfterSeconds: number } };
    expect(detail.retryAfterSeconds).toBeGreaterThan(0);
    expect(detail.retryAfterSeconds).toBeLessThanOrEqual(60);
    await expect(ask(USER_SUBJECTS.findByEmail, admin.id, { email: address('nobody') })).resolves.toEqual({
      users: [],
    });
  });

  it("grants and revokes the admin role from the owner's command line, never the last admin's", async () => {
    const someone = await member('promoted');
    const commandEnv = {
      DATABASE_URL: postgres.url,
      AUTH_JWT_PRIVATE_KEY: env.AUTH_JWT_PRIVATE_KEY,
      LOG_LEVEL: 'error',
    };
    const run = async (args: string[]) => {
      const lines: string[] = [];
      const code = await runAdminCommand(args, commandEnv, (line) => lines.push(line));
      return { code, output: lines.join('\n') };
    };

    await expect(run(['grant', someone.email])).resolves.toEqual({
      code: 0,
      output: `${someone.email} is now an administrator of this instance.`,
    });
    await expect(ask(ADMIN_SUBJECTS.accountStatus, undefined, { userId: someone.id })).resolves.toMatchObject({
      role: 'admin',
    });
    await expect(run(['revoke', someone.email])).resolves.toMatchObject({ code: 0 });
    await expect(run(['revoke', admin.email])).resolves.toEqual({
      code: 1,
      output: `${admin.email} stays an administrator. ${ADMIN_MESSAGES.lastAdmin}`,
    });
    await expect(run(['grant', 'nobody@example.com'])).resolves.toEqual({
      code: 1,
      output: 'No account uses the e-mail address nobody@example.com.',
    });
    await expect(run(['promote', someone.email])).resolves.toMatchObject({ code: 2 });
  });

  it('hands the admin role to the oldest remaining account when the last admin deletes their account', async () => {
    const leaving = await member('leaving');
    await ask(ADMIN_SUBJECTS.updateAccount, admin.id, { id: leaving.id, role: 'admin' });
    await ask(ADMIN_SUBJECTS.updateAccount, leaving.id, { id: admin.id, role: 'member' });
    const oldestEnabled = await db.query(
      `SELECT id FROM auth.users WHERE id <> $1 AND disabled_at IS NULL ORDER BY created_at, id LIMIT 1`,
      [leaving.id],
    );

    await expect(ask(USER_SUBJECTS.delete, leaving.id, { password: PASSWORD })).resolves.toEqual({ deleted: true });

    const admins = await db.query(`SELECT id FROM auth.users WHERE role = 'admin'`);
    expect(admins.rows.map((row: { id: string }) => row.id)).toEqual([oldestEnabled.rows[0].id]);
    expect(oldestEnabled.rows[0].id).toBe(admin.id);
  });

  it('makes the oldest account of an existing instance its admin when upgrading', async () => {
    await db.query('CREATE DATABASE upgraded');
    const url = postgres.url.replace(/\/[^/]+$/, '/upgraded');
    // The schema as it was before instance administration (later migrations need not have run either).
    const previous = {
      url,
      schema: 'auth',
      migrations: AUTH_MIGRATIONS.slice(0, AUTH_MIGRATIONS.indexOf(InstanceAdministration1733600000000)),
    };
    await migrateDatabase(previous);
    const upgraded = new Client({ connectionString: url });
    await upgraded.connect();
    try {
      for (const [name, age] of [
        ['Newer', '1 day'],
        ['Oldest', '900 days'],
        ['Older', '30 days'],
      ]) {
        await upgraded.query(
          `INSERT INTO auth.users (name, email, password_hash, created_at) VALUES ($1, $2, 'hash', now() - $3::interval)`,
          [name, `${name.toLowerCase()}@example.com`, age],
        );
      }

      await migrateDatabase({ ...previous, migrations: AUTH_MIGRATIONS });

      const roles = await upgraded.query('SELECT name, role FROM auth.users ORDER BY name');
      expect(roles.rows).toEqual([
        { name: 'Newer', role: 'member' },
        { name: 'Older', role: 'member' },
        { name: 'Oldest', role: 'admin' },
      ]);
    } finally {
      await upgraded.end();
    }
  });
});
