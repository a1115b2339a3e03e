import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  TRANSFER_MESSAGES,
  USER_MESSAGES,
  type AdminUser,
  type CreatedInvite,
  type CreatedPersonalAccessToken,
  type ExportManifest,
  type ImportJobReport,
  type StorageUsage,
  type UserSummary,
} from '@memories/contracts';
import { ApiContract, eventually, unzipBytes, zipBytes } from '@memories/server-testing';
import { callApi, callApiAsDocumented, memoryBody } from './support/api-call';
import { startSplitSystem, type SplitSystem } from './support/split-system';

// Instance administration against the split system: the gateway, auth, memory and upload services as separate
// processes over a real nats-server and PostgreSQL. The instance requires confirmed addresses
// (REQUIRE_VERIFIED_EMAIL), allows 6 e-mail look-ups a minute, and gives every account 1 MB unless an admin says
// otherwise; the upload service forgets an account's status after 2 s. Every part signs in to NATS as itself.

const PASSWORD = 'correct horse battery staple';
const LOOKUPS_PER_MINUTE = 6;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Person {
  id: string;
  email: string;
  token: string;
  /** The refresh cookie of its session. */
  cookie: string;
}

describe('instance administration in the split system', () => {
  let system: SplitSystem;
  let contract: ApiContract;
  let admin: Person;

  beforeAll(async () => {
    system = await startSplitSystem({
      env: {
        auth: { REQUIRE_VERIFIED_EMAIL: 'true', AUTH_RATE_LIMIT_PER_MINUTE: String(LOOKUPS_PER_MINUTE) },
        upload: { STORAGE_QUOTA_MB: '1', ACCOUNT_STATUS_CACHE_SECONDS: '2' },
      },
    });
    contract = await ApiContract.fetch(`${system.api}/docs/json`);
    admin = await register(`owner-${randomUUID()}@example.com`);
  }, 120000);

  afterAll(async () => {
    await system?.stop();
  });

  /** One API call; its answer (and the request, when accepted) must be what the served API document says. */
  const call = <T = unknown>(method: string, url: string, who?: Person, body?: unknown) =>
    callApiAsDocumented<T>(contract, system.api, method, url, { token: who?.token, body });

  async function logIn(email: string, api = system.api): Promise<Response> {
    return fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, rememberMe: false }),
    });
  }

  /** Registers (with an invite, when given) and signs in. */
  async function register(email: string, inviteToken?: string): Promise<Person> {
    const registered = await call<{ id: string }>('POST', '/auth/register', undefined, {
      name: 'Test Person',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...(inviteToken ? { inviteToken } : {}),
    });
    expect(registered.status).toBe(201);
    const session = await logIn(email);
    const { data } = (await session.json()) as { data: { accessToken: string } };
    const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
    return { id: registered.body.data!.id, email, token: data.accessToken, cookie };
  }

  async function invite(email?: string): Promise<CreatedInvite> {
    const created = await call<CreatedInvite>('POST', '/admin/invites', admin, email ? { email } : {});
    expect(created.status).toBe(201);
    return created.body.data!;
  }

  /** A member let in by an invite: one naming the address confirms it, one without leaves it unconfirmed. */
  async function member(label: string, { confirmed = false } = {}): Promise<Person> {
    const email = `${label}-${randomUUID()}@example.com`;
    return register(email, (await invite(confirmed ? email : undefined)).token);
  }

  async function personalToken(who: Person, scope: 'read' | 'write'): Promise<string> {
    const created = await call<CreatedPersonalAccessToken>('POST', '/tokens', who, { name: `${scope} script`, scope });
    expect(created.status).toBe(201);
    return created.body.data!.token;
  }

  /** Every /api/admin route, with a body that changes something when the caller may. */
  const adminRoutes = (on: {
    invite: CreatedInvite;
    account: Person;
    signupMode: string;
  }): Array<[string, string, unknown?]> => [
    ['GET', '/admin/settings'],
    ['PUT', '/admin/settings', { signupMode: on.signupMode }],
    ['GET', '/admin/invites'],
    ['POST', '/admin/invites', {}],
    ['DELETE', `/admin/invites/${on.invite.id}`],
    ['GET', '/admin/users'],
    ['PATCH', `/admin/users/${on.account.id}`, { storageQuotaMb: 5 }],
  ];

  const refresh = (who: Person, api = system.api) =>
    fetch(`${api}/auth/refresh`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'x-requested-with': 'memories-web' },
    });

  it('makes the first account the admin, and with sign-up closed lets in only the holder of an invite, once', async () => {
    const profile = await call<{ role: string }>('GET', '/auth/profile', admin);
    expect(profile.body.data?.role).toBe('admin');

    expect((await call('PUT', '/admin/settings', admin, { signupMode: 'closed' })).status).toBe(200);
    const state = await call<{ signupMode: string }>('GET', '/auth/sign-up');
    const stranger = await call('POST', '/auth/register', undefined, {
      name: 'Stranger Danger',
      email: `stranger-${randomUUID()}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });

    expect(state.body.data?.signupMode).toBe('closed');
    expect(stranger).toMatchObject({
      status: 403,
      body: { message: ADMIN_MESSAGES.signupClosed, error: { code: 'SIGNUP_CLOSED' } },
    });

    const email = `grace-${randomUUID()}@example.com`;
    const created = await invite(email);
    expect(created.url).toMatch(/\/register#invite=[\w-]{43}$/);
    const checked = await call('POST', '/auth/sign-up/invite', undefined, { inviteToken: created.token });
    expect(checked).toMatchObject({ status: 200, body: { data: { email, expiresAt: created.expiresAt } } });
    const pending = await call<Array<{ id: string }>>('GET', '/admin/invites', admin);
    expect(pending.body.data?.map((one) => one.id)).toContain(created.id);

    const grace = await register(email, created.token);
    const anyone = await invite();
    await register(`first-${randomUUID()}@example.com`, anyone.token);
    const again = await call('POST', '/auth/register', undefined, {
      name: 'Second Use',
      email: `second-${randomUUID()}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      inviteToken: anyone.token,
    });
    const afterUse = await call<Array<{ id: string }>>('GET', '/admin/invites', admin);
    const profileOfGrace = await call<{ emailVerified: boolean; role: string }>('GET', '/auth/profile', grace);

    expect(profileOfGrace.body.data).toMatchObject({ emailVerified: true, role: 'member' });
    expect(again).toMatchObject({
      status: 403,
      body: { message: ADMIN_MESSAGES.inviteInvalid, error: { code: 'SIGNUP_CLOSED' } },
    });
    expect(afterUse.body.data?.map((one) => one.id)).not.toContain(created.id);
    expect((await call('DELETE', `/admin/invites/${created.id}`, admin)).body.error?.code).toBe('INVITE_NOT_FOUND');
    await call('PUT', '/admin/settings', admin, { signupMode: 'invite' });
  });

  it('answers every /api/admin route: 401 without a token, 403 to a member, and does it for an admin', async () => {
    const someone = await member('matrix');
    for (const [method, url, body] of adminRoutes({ invite: await invite(), account: someone, signupMode: 'invite' })) {
      const anonymous = await call(method, url, undefined, body);
      const asMember = await call(method, url, someone, body);
      const asAdmin = await call(method, url, admin, body);

      expect([method, url, anonymous.status]).toEqual([method, url, 401]);
      expect([method, url, asMember.status, asMember.body.error?.code]).toEqual([
        method,
        url,
        403,
        'ADMIN_ONLY_FORBIDDEN',
      ]);
      expect([method, url, asAdmin.status]).toEqual([method, url, method === 'POST' ? 201 : 200]);
    }
  });

  it("never lets a personal access token act as the admin (403 TOKEN_ROUTE_FORBIDDEN), but reads the caller's usage with one", async () => {
    const token = await personalToken(admin, 'write');
    const spare = await invite();
    for (const [method, url, body] of adminRoutes({ invite: spare, account: admin, signupMode: 'open' })) {
      const answer = await callApi(system.api, method, url, { token, body });
      expect([method, url, answer.status, answer.body.error?.code]).toEqual([
        method,
        url,
        403,
        'TOKEN_ROUTE_FORBIDDEN',
      ]);
    }
    const usage = await callApi<StorageUsage>(system.api, 'GET', '/upload/usage', {
      token: await personalToken(admin, 'read'),
    });

    expect(usage).toMatchObject({ status: 200, body: { data: { userId: admin.id } } });
    expect((await call<{ signupMode: string }>('GET', '/admin/settings', admin)).body.data?.signupMode).toBe('invite');
    expect(
      (await call<Array<{ id: string }>>('GET', '/admin/invites', admin)).body.data?.map((one) => one.id),
    ).toContain(spare.id);
  });

  it('lists the accounts a page at a time with their role, memories and storage', async () => {
    const writer = await member('writer');
    await call('POST', '/memories/memory', writer, memoryBody('Counted'));
    await uploadImage(writer, Buffer.concat([PNG_SIGNATURE, Buffer.alloc(2000, 1)]));

    const found = await call<AdminUser[]>('GET', `/admin/users?q=${encodeURIComponent(writer.email)}`, admin);
    const firstPage = await call<AdminUser[]>('GET', '/admin/users?size=1', admin);

    expect(found.body.data).toEqual([
      {
        id: writer.id,
        email: writer.email,
        name: 'Test Person',
        role: 'member',
        disabled: false,
        emailVerified: false,
        createdAt: expect.any(String),
        lastActiveAt: expect.any(String),
        memoryCount: 1,
        storageBytes: 2008,
        storageQuotaMb: 1,
      },
    ]);
    expect(firstPage.body.data?.[0].id).toBe(admin.id);
    expect(firstPage.body.pagination).toMatchObject({ currentPage: 0, pageSize: 1, hasNext: true });
  });

  it('refuses an upload or an import over the quota with 413 and what is used and allowed, until the admin lifts it', async () => {
    const keeper = await member('keeper');
    await uploadImage(keeper, Buffer.concat([PNG_SIGNATURE, Buffer.alloc(400_000, 2)]));
    const usage = await call<StorageUsage>('GET', '/upload/usage', keeper);
    expect(usage.body.data).toEqual({ userId: keeper.id, storageBytes: 400_008, storageQuotaMb: 1 });

    const declared = await call('POST', '/upload/presigned-url', keeper, {
      fileName: 'big.png',
      fileType: 'image/png',
      fileSize: 700_000,
    });
    expect(declared).toMatchObject({
      status: 413,
      body: {
        error: { code: 'STORAGE_QUOTA_EXCEEDED', detail: { usedBytes: 400_008, allowedBytes: 1_000_000 } },
      },
    });
    expect(declared.body.message).toBe(
      'Your storage is full: 0.4 MB of 1.0 MB used. Delete images you no longer need, or ask the administrator for more room.',
    );

    // Undeclared, the bytes themselves are stopped at the quota.
    const grant = await call<{ uploadUrl: string }>('POST', '/upload/presigned-url', keeper, {
      fileName: 'big.png',
      fileType: 'image/png',
    });
    const put = await fetch(`${system.files}${grant.body.data!.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(700_000, 3)])),
    });
    expect(put.status).toBe(413);
    expect(await put.json()).toMatchObject({ error: { code: 'STORAGE_QUOTA_EXCEEDED' } });

    const archive = await zipBytes([{ name: 'notes/one.md', data: randomBytes(700_000) }]);
    expect(await startImport(keeper, archive)).toMatchObject({
      status: 413,
      body: { error: { code: 'STORAGE_QUOTA_EXCEEDED', detail: { usedBytes: 400_008, allowedBytes: 1_000_000 } } },
    });

    const lifted = await call<AdminUser>('PATCH', `/admin/users/${keeper.id}`, admin, { storageQuotaMb: null });
    expect(lifted.body.data).toMatchObject({ storageQuotaMb: null, storageBytes: 400_008 });
    expect((await call('POST', '/upload/presigned-url', keeper, { ...grantBody(), fileSize: 700_000 })).status).toBe(
      200,
    );
    const raised = await call<AdminUser>('PATCH', `/admin/users/${keeper.id}`, admin, { storageQuotaMb: 5 });
    expect(raised.body.data?.storageQuotaMb).toBe(5);
  });

  it('signs a disabled account out: its sessions and personal access tokens at once, its access tokens within ACCOUNT_STATUS_CACHE_SECONDS everywhere', async () => {
    const someone = await member('disabled');
    const script = await personalToken(someone, 'read');
    // Another replica, which read the account's status before the change.
    const replica = await system.startGatewayReplica({ ACCOUNT_STATUS_CACHE_SECONDS: '2' });
    try {
      const elsewhere = replica.api;
      const profileAt = async (api: string) =>
        (await callApi(api, 'GET', '/auth/profile', { token: someone.token })).status;
      const exportProgress = async (token = someone.token) =>
        (
          await fetch(`${system.files}/api/export/${randomUUID()}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status;
      const memoriesWithScript = async (api: string) =>
        (await callApi(api, 'GET', '/memories', { token: script })).status;
      expect(await profileAt(elsewhere)).toBe(200);
      expect(await exportProgress()).toBe(404);
      expect(await memoriesWithScript(elsewhere)).toBe(200);
      expect(await exportProgress(script)).toBe(404);

      const disabled = await call<AdminUser>('PATCH', `/admin/users/${someone.id}`, admin, { disabled: true });

      expect(disabled.body.data).toMatchObject({ id: someone.id, disabled: true });
      expect(await profileAt(system.api)).toBe(401);
      expect(await memoriesWithScript(system.api)).toBe(401);
      expect((await refresh(someone)).status).toBe(401);
      // Bounded by the 60 s the issue allows; the replica forgets after 2 s.
      expect(
        await eventually(
          () => profileAt(elsewhere),
          (status) => status === 401,
          600,
        ),
      ).toBe(401);
      expect(await eventually(exportProgress, (status) => status === 401, 600)).toBe(401);
      expect(
        await eventually(
          () => memoriesWithScript(elsewhere),
          (status) => status === 401,
          600,
        ),
      ).toBe(401);
      expect(
        await eventually(
          () => exportProgress(script),
          (status) => status === 401,
          600,
        ),
      ).toBe(401);
      const login = await logIn(someone.email);
      expect(login.status).toBe(403);
      expect(await login.json()).toMatchObject({
        message: ADMIN_MESSAGES.accountDisabled,
        error: { code: 'ACCOUNT_DISABLED' },
      });

      await call('PATCH', `/admin/users/${someone.id}`, admin, { disabled: false });
      expect((await logIn(someone.email)).status).toBe(200);
      // Its tokens were revoked, not paused: enabling the account brings none back.
      expect(await memoriesWithScript(system.api)).toBe(401);
    } finally {
      await replica.close();
    }
  });

  it('keeps an enabled admin: demoting or disabling the last one answers 409', async () => {
    for (const change of [{ role: 'member' }, { disabled: true }]) {
      expect(await call('PATCH', `/admin/users/${admin.id}`, admin, change)).toMatchObject({
        status: 409,
        body: { message: ADMIN_MESSAGES.lastAdmin, error: { code: 'LAST_ADMIN_CONFLICT' } },
      });
    }
    expect((await call('PATCH', `/admin/users/${randomUUID()}`, admin, { disabled: true })).status).toBe(404);
  });

  it('finds and shares with an address only once it is confirmed (an invite naming it, or the admin)', async () => {
    const [owner, unconfirmed] = [await member('owner'), await member('unconfirmed')];
    const created = await call<{ id: string }>('POST', '/memories/memory', owner, memoryBody('For a friend'));
    const memoryId = created.body.data!.id;

    const lookedUp = await call<UserSummary[]>('GET', `/users?email=${encodeURIComponent(unconfirmed.email)}`, owner);
    const shared = await call('POST', `/memories/memory/${memoryId}/share`, owner, { userIds: [unconfirmed.id] });
    await call('PATCH', `/admin/users/${unconfirmed.id}`, admin, { emailVerified: true });
    const confirmed = await call<UserSummary[]>('GET', `/users?email=${encodeURIComponent(unconfirmed.email)}`, owner);
    const sharedNow = await call('POST', `/memories/memory/${memoryId}/share`, owner, { userIds: [unconfirmed.id] });

    expect(lookedUp.body.data).toEqual([]);
    expect(shared).toMatchObject({ status: 400, body: { error: { code: 'MEMORY_SHARE_USERS_INVALID' } } });
    expect(confirmed.body.data?.map((user) => user.id)).toEqual([unconfirmed.id]);
    expect(sharedNow.status).toBe(200);
  });

  it("restores an archive's shares only to confirmed accounts, from the importer's look-up budget, and lists them", async () => {
    const author = await member('author');
    const friend = await member('friend', { confirmed: true });
    const stranger = await member('stranger');
    await call('POST', '/memories/memory', author, { ...memoryBody('Harbour'), sharedWith: [] });
    const exported = await unzipBytes(
      Buffer.from(
        await (
          await fetch(`${system.files}/api/export`, { headers: { authorization: `Bearer ${author.token}` } })
        ).arrayBuffer(),
      ),
    );
    const manifest = JSON.parse(exported.get('memories.json')!.toString()) as ExportManifest;
    manifest.memories[0].sharedWith = [friend.email, stranger.email, `nobody-${randomUUID()}@example.com`];
    exported.set('memories.json', Buffer.from(JSON.stringify(manifest)));
    const importer = await member('importer');

    const report = await importToEnd(importer, await zipBytes([...exported].map(([name, data]) => ({ name, data }))));

    expect(report).toMatchObject({ status: 'done', imported: 1 });
    expect(report.restoredShares).toEqual([{ email: friend.email, memories: 1 }]);
    expect(report.errors.map((issue) => [issue.entry, issue.message])).toEqual([
      // In address order.
      [manifest.memories[0].sharedWith[2], TRANSFER_MESSAGES.shareRecipientNotFound],
      [stranger.email, TRANSFER_MESSAGES.shareRecipientNotFound],
    ]);
    // The import's three look-ups came out of the importer's six a minute.
    const statuses: number[] = [];
    for (let lookup = 0; lookup < LOOKUPS_PER_MINUTE - 2; lookup++) {
      statuses.push((await call('GET', `/users?email=x${lookup}%40example.com`, importer)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call('GET', '/users?email=y%40example.com', importer);
    expect(refused.body).toMatchObject({ message: USER_MESSAGES.tooManyLookups });
  });

  const grantBody = () => ({ fileName: 'photo.png', fileType: 'image/png' });

  async function uploadImage(owner: Person, bytes: Buffer): Promise<void> {
    const grant = await call<{ uploadUrl: string }>('POST', '/upload/presigned-url', owner, grantBody());
    const put = await fetch(`${system.files}${grant.body.data!.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
  }

  async function startImport(who: Person, archive: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(archive)]), 'archive.zip');
    const response = await fetch(`${system.files}/api/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { data?: { jobId: string }; error?: { code: string; detail?: unknown } },
    };
  }

  async function importToEnd(who: Person, archive: Buffer): Promise<ImportJobReport> {
    const started = await startImport(who, archive);
    expect(started.status).toBe(202);
    const read = async () =>
      (
        (await (
          await fetch(`${system.files}/api/import/${started.body.data!.jobId}`, {
            headers: { authorization: `Bearer ${who.token}` },
          })
        ).json()) as { data: ImportJobReport }
      ).data;
    return eventually(read, (report) => report.status === 'done' || report.status === 'failed', 600);
  }
});
