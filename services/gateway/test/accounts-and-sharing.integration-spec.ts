import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import {
  MEMORY_MESSAGES,
  USER_MESSAGES,
  type Memory,
  type TwoFactorSetup,
  type UserSummary,
} from '@memories/contracts';
import { ApiContract, countAccountRows, countUserFiles, eventually } from '@memories/server-testing';
import { callApi, callApiAsDocumented } from './support/api-call';
import { PASSWORD, readFileStatus, signUp as signUpAs, uploadImage, type CallAs, type Person } from './support/people';
import { startSplitSystem, type SplitSystem } from './support/split-system';

// Sharing, the users API and account deletion against the split system: the gateway, auth, memory and upload
// services as separate processes over a real nats-server and PostgreSQL, files on the upload service's disk.

type Role = 'owner' | 'recipient' | 'removed' | 'stranger' | 'anonymous';
const ROLES: Role[] = ['owner', 'recipient', 'removed', 'stranger', 'anonymous'];

describe('accounts and sharing in the split system', () => {
  let system: SplitSystem;
  let contract: ApiContract;

  beforeAll(async () => {
    system = await startSplitSystem();
    contract = await ApiContract.fetch(`${system.api}/docs/json`);
  }, 120000);

  afterAll(async () => {
    await system?.stop();
  });

  /** One API call; its answer (and the request, when accepted) must be what the served API document says. */
  const call: CallAs = <T>(method: string, url: string, who?: Pick<Person, 'token'>, body?: unknown) =>
    callApiAsDocumented<T>(contract, system.api, method, url, { token: who?.token, body });
  const signUp = (name: string) => signUpAs(call, name);
  const upload = (owner: Person) => uploadImage(call, system.files, owner);
  const readFile = (fileUrl: string, who?: Person) => readFileStatus(system.files, fileUrl, who);

  async function memoryWithImage(
    owner: Person,
    title: string,
    sharedWith: Person[] = [],
  ): Promise<{ memory: Memory; image: string }> {
    const image = await upload(owner);
    const contentJson = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: title }] },
        { type: 'image', attrs: { src: image } },
      ],
    });
    const created = await call<Memory>('POST', '/memories/memory', owner, {
      title,
      date: '2024-05-01',
      contentJson,
      tags: ['sea'],
      isDraft: false,
      sharedWith: sharedWith.map((p) => p.id),
    });
    expect(created.status).toBe(201);
    return { memory: created.body.data!, image };
  }

  describe('finding someone to share with', () => {
    it('answers only the exact e-mail match, with no more than id, name, e-mail and picture', async () => {
      const [asker, ada] = await Promise.all([signUp('Asker Person'), signUp('Ada Lovelace')]);

      const exact = await call<UserSummary[]>(
        'GET',
        `/users?email=${encodeURIComponent(ada.email.toUpperCase())}`,
        asker,
      );
      const prefix = await call<UserSummary[]>(
        'GET',
        `/users?email=${encodeURIComponent(ada.email.slice(0, 8))}`,
        asker,
      );
      const unknown = await call<UserSummary[]>('GET', '/users?email=nobody%40example.com', asker);
      const missing = await call('GET', '/users', asker);

      expect(exact.body).toEqual({
        success: true,
        data: [{ id: ada.id, name: 'Ada Lovelace', email: ada.email, profileImageUrl: null }],
      });
      expect(prefix.body).toEqual({ success: true, data: [] });
      expect(unknown.body).toEqual({ success: true, data: [] });
      expect(missing.status).toBe(400);
      expect((await call('GET', `/users?email=${encodeURIComponent(ada.email)}`)).status).toBe(401);
    });

    it('limits look-ups per signed-in user with a 429 and a message, one count across gateway replicas', async () => {
      const [asker, other] = await Promise.all([signUp('Busy Asker'), signUp('Other Asker')]);
      // A second replica: the auth service keeps the count (AUTH_RATE_LIMIT_PER_MINUTE, 10), not each gateway.
      const replica = await system.startGatewayReplica();
      try {
        const apis = [system.api, replica.api];
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 11; attempt++) {
          const api = apis[attempt % 2];
          statuses.push(
            (await callApi(api, 'GET', `/users?email=x${attempt}%40example.com`, { token: asker.token })).status,
          );
        }
        const refused = await callApi(apis[1], 'GET', '/users?email=x%40example.com', { token: asker.token });
        const someoneElse = await callApi(apis[1], 'GET', '/users?email=x%40example.com', { token: other.token });

        expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
        expect(refused.body).toMatchObject({
          success: false,
          message: USER_MESSAGES.tooManyLookups,
          error: { code: 'USER_LOOKUP_RATE_LIMITED' },
        });
        expect(someoneElse.status).toBe(200);
      } finally {
        await replica.close();
      }
    });
  });

  describe('authorization matrix of the new endpoints', () => {
    const people = {} as Record<Exclude<Role, 'anonymous'>, Person>;
    let avatar: string;

    beforeAll(async () => {
      const [owner, recipient, removed, stranger] = await Promise.all([
        signUp('Olive Owner'),
        signUp('Rita Recipient'),
        signUp('Remy Removed'),
        signUp('Stan Stranger'),
      ]);
      Object.assign(people, { owner, recipient, removed, stranger });
      avatar = await upload(owner);
      expect((await call('PUT', `/users/${owner.id}`, owner, { profileImageUrl: avatar })).status).toBe(200);
    });

    const who = (role: Role) => (role === 'anonymous' ? undefined : people[role]);

    /** A fresh memory of the owner, shared with the recipient and with the removed recipient, who is then removed. */
    async function sharedMemory(): Promise<{ memory: Memory; image: string }> {
      const made = await memoryWithImage(people.owner, `Matrix ${randomUUID()}`, [people.recipient, people.removed]);
      const removal = await call<Memory>(
        'DELETE',
        `/memories/memory/${made.memory.id}/share/${people.removed.id}`,
        people.owner,
      );
      expect(removal.body).toMatchObject({
        success: true,
        message: MEMORY_MESSAGES.unshared,
        data: { sharedWith: [people.recipient.id] },
      });
      return made;
    }

    const reader = (role: Role) => (role === 'owner' || role === 'recipient' ? 200 : role === 'anonymous' ? 401 : 404);
    const ownerOnly = (role: Role) => (role === 'owner' ? 200 : role === 'anonymous' ? 401 : 404);
    const cells: Array<[string, (m: Memory) => [string, string, unknown?], (role: Role) => number]> = [
      ['GET share (recipients)', (m) => ['GET', `/memories/memory/${m.id}/share`], ownerOnly],
      [
        'DELETE share/{recipient}',
        (m) => ['DELETE', `/memories/memory/${m.id}/share/${people.recipient.id}`],
        ownerOnly,
      ],
      ['GET /memories/{id}', (m) => ['GET', `/memories/${m.id}`], reader],
      ['GET /memories/memory/{id}', (m) => ['GET', `/memories/memory/${m.id}`], reader],
      [
        'PUT /memories/{id}',
        (m) => ['PUT', `/memories/${m.id}`, { title: 'Changed', date: '2024-05-02', contentJson: m.contentJson }],
        ownerOnly,
      ],
      ['DELETE /memories/{id}', (m) => ['DELETE', `/memories/${m.id}`], ownerOnly],
      ['GET /users/{owner}', () => ['GET', `/users/${people.owner.id}`], reader],
      ['PUT /users/{owner}', () => ['PUT', `/users/${people.owner.id}`, { phoneNumber: '+441234567890' }], ownerOnly],
    ];

    it.each(
      cells.flatMap(([name, request, expected]) => ROLES.map((role) => [name, role, expected(role), request] as const)),
    )('%s as %s → %i', async (_name, role, status, request) => {
      const { memory } = await sharedMemory();
      const [method, url, body] = request(memory);

      const answer = await call(method, url, who(role), body);

      expect(answer.status).toBe(status);
      if (status === 404) expect(answer.body.success).toBe(false);
    });

    it.each(ROLES.map((role) => [role, reader(role) === 200 ? 200 : 404] as const))(
      "the memory's image read by %s → %i, the removed recipient included at once",
      async (role, status) => {
        const { image } = await sharedMemory();

        expect(await readFile(image, who(role))).toBe(status);
      },
    );

    it.each(ROLES.map((role) => [role, reader(role) === 200 ? 200 : 404] as const))(
      "the owner's profile picture read by %s → %i",
      async (role, status) => {
        await sharedMemory();

        expect(await readFile(avatar, who(role))).toBe(status);
      },
    );

    it('GET /users/{id}: yourself and someone who shared with you as id, name, e-mail and picture; DELETE /users/{someone else} is a 404', async () => {
      const self = await call<Record<string, unknown>>('GET', `/users/${people.owner.id}`, people.owner);
      const ownerSeenByRecipient = await call<Record<string, unknown>>(
        'GET',
        `/users/${people.owner.id}`,
        people.recipient,
      );
      const deleteOther = await call('DELETE', `/users/${people.recipient.id}`, people.owner, { password: PASSWORD });

      expect(self.body.data).toEqual({
        id: people.owner.id,
        name: 'Olive Owner',
        email: people.owner.email,
        profileImageUrl: avatar,
      });
      expect(ownerSeenByRecipient.body.data).toEqual(self.body.data);
      expect(deleteOther.status).toBe(404);
      expect((await call('DELETE', `/users/${people.owner.id}`, undefined, { password: PASSWORD })).status).toBe(401);
    });

    it('introduces nobody by sharing: sharing with someone shows the sharer their profile and picture only once they share back', async () => {
      const [sharer, chosen] = await Promise.all([signUp('Sam Sharer'), signUp('Cleo Chosen')]);
      const picture = await upload(chosen);
      expect((await call('PUT', `/users/${chosen.id}`, chosen, { profileImageUrl: picture })).status).toBe(200);
      await memoryWithImage(sharer, 'Unasked', [chosen]);

      const profileBefore = await call('GET', `/users/${chosen.id}`, sharer);
      const pictureBefore = await readFile(picture, sharer);
      await memoryWithImage(chosen, 'Shared back', [sharer]);
      const profileAfter = await call('GET', `/users/${chosen.id}`, sharer);

      expect(profileBefore.status).toBe(404);
      expect(pictureBefore).toBe(404);
      expect(profileAfter.status).toBe(200);
      expect(await readFile(picture, sharer)).toBe(200);
    });

    it('shows the recipient who shared ("Shared by") in the shared list and the memory, and the owner no such thing', async () => {
      const { memory } = await sharedMemory();
      const sharedBy = { id: people.owner.id, name: 'Olive Owner', email: people.owner.email, profileImageUrl: avatar };

      const inbox = await call<Memory[]>('GET', '/memories/shared?size=100', people.recipient);
      const read = await call<Memory>('GET', `/memories/memory/${memory.id}`, people.recipient);
      const own = await call<Memory>('GET', `/memories/memory/${memory.id}`, people.owner);
      const removedInbox = await call<Memory[]>('GET', '/memories/shared?size=100', people.removed);

      expect(inbox.body.data!.find((m) => m.id === memory.id)?.sharedBy).toEqual(sharedBy);
      expect(read.body.data!.sharedBy).toEqual(sharedBy);
      expect(own.body.data!.sharedBy).toBeUndefined();
      expect(removedInbox.body.data!.some((m) => m.id === memory.id)).toBe(false);
    });

    it('lists the recipients for the owner, with names and pictures', async () => {
      const { memory } = await sharedMemory();

      const recipients = await call<UserSummary[]>('GET', `/memories/memory/${memory.id}/share`, people.owner);

      expect(recipients.body.data).toEqual([
        { id: people.recipient.id, name: 'Rita Recipient', email: people.recipient.email, profileImageUrl: null },
      ]);
    });

    it('GET|POST /memories answer as their twins', async () => {
      const created = await call<Memory>('POST', '/memories', people.stranger, {
        title: 'Generic',
        date: '2024-05-01',
        contentJson: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
        }),
      });
      const listed = await call<Memory[]>('GET', '/memories?size=100', people.stranger);
      const twin = await call<Memory[]>('GET', '/memories/my?size=100', people.stranger);

      expect(created).toMatchObject({
        status: 201,
        body: { message: MEMORY_MESSAGES.created, data: { title: 'Generic', ownerId: people.stranger.id } },
      });
      expect(listed.body).toEqual(twin.body);
      expect((await call('GET', '/memories')).status).toBe(401);
    });
  });

  describe('profile pictures', () => {
    it('takes only a file the user uploaded, and deletes the picture it replaces', async () => {
      const [ada, bob] = await Promise.all([signUp('Ada Lovelace'), signUp('Bob Builder')]);
      const first = await upload(ada);
      const second = await upload(ada);
      const bobs = await upload(bob);

      const foreign = await call('PUT', '/auth/profile', ada, { profileImageUrl: bobs });
      const set = await call('PUT', '/auth/profile', ada, { profileImageUrl: first });
      const replaced = await call('PUT', `/users/${ada.id}`, ada, { profileImageUrl: second });

      expect(foreign).toMatchObject({ status: 400, body: { message: USER_MESSAGES.profileImageInvalid } });
      expect(set.status).toBe(200);
      expect(replaced.body).toMatchObject({ success: true, data: { profileImageUrl: second } });
      expect(await readFile(first, ada)).toBe(404);
      expect(await readFile(second, ada)).toBe(200);
      expect(await countUserFiles(system.uploadsDir, ada.id)).toBe(1);
    });
  });

  describe('deleting an account', () => {
    async function accountWithEverything(): Promise<{
      owner: Person;
      friend: Person;
      shared: Memory;
      fromFriend: Memory;
    }> {
      const [owner, friend] = await Promise.all([signUp('Dora Deleted'), signUp('Fred Friend')]);
      const avatar = await upload(owner);
      await call('PUT', '/auth/profile', owner, { profileImageUrl: avatar });
      const { memory: shared } = await memoryWithImage(owner, 'Shared by Dora', [friend]);
      await memoryWithImage(owner, 'Dora alone');
      const { memory: fromFriend } = await memoryWithImage(friend, 'From Fred', [owner]);
      // Two-factor sign-in with its recovery codes, and a passkey ceremony left open.
      const setup = await call<TwoFactorSetup>('POST', '/auth/two-factor/setup', owner, { password: PASSWORD });
      expect(
        (
          await call('POST', '/auth/two-factor/enable', owner, {
            code: await generate({ secret: setup.body.data!.secret }),
          })
        ).status,
      ).toBe(200);
      expect((await call('POST', '/auth/passkeys/registration-options', owner, { password: PASSWORD })).status).toBe(
        200,
      );
      return { owner, friend, shared, fromFriend };
    }

    it('asks for the password, then leaves no row and no file of the user, signs out, and spares everyone else', async () => {
      const { owner, friend, shared, fromFriend } = await accountWithEverything();
      const before = await countAccountRows(system.postgres.url, owner.id);
      const filesBefore = await countUserFiles(system.uploadsDir, owner.id);

      const wrong = await call('DELETE', `/users/${owner.id}`, owner, { password: 'not it' });
      const response = await fetch(`${system.api}/users/${owner.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      });

      expect(Object.keys(before).sort()).toEqual(
        [
          'auth.refresh_tokens.user_id',
          'auth.sessions.user_id',
          'auth.two_factor.user_id',
          'auth.recovery_codes.user_id',
          'auth.webauthn_challenges.user_id',
          'auth.users.id',
          'auth.action_tokens.user_id',
          'memory.journals.owner_id',
          'memory.journal_members.user_id',
          'memory.memories.user_id',
          'memory.memory_shares.user_id',
          'memory.owner_counts.user_id',
          'memory.owner_tag_counts.user_id',
          'memory.owner_words.user_id',
          'memory.owner_day_counts.user_id',
          'upload.files.owner_id',
        ].sort(),
      );
      expect(filesBefore).toBe(3);
      expect(wrong).toMatchObject({ status: 400, body: { message: USER_MESSAGES.passwordWrong } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, data: null, message: USER_MESSAGES.accountDeleted });
      expect(
        response.headers
          .getSetCookie()
          .map((cookie) => cookie.split('=')[0])
          .sort(),
      ).toEqual(['memories_media', 'memories_refresh']);
      // The event reaches the memory and upload services a moment after the answer.
      await expect(
        eventually(
          () => countAccountRows(system.postgres.url, owner.id),
          (rows) => Object.keys(rows).length === 0,
        ),
      ).resolves.toEqual({});
      await expect(
        eventually(
          () => countUserFiles(system.uploadsDir, owner.id),
          (files) => files === 0,
        ),
      ).resolves.toBe(0);
      expect(
        (await call('POST', '/auth/login', undefined, { email: owner.email, password: PASSWORD, rememberMe: false }))
          .status,
      ).toBe(401);
      expect((await call('GET', `/memories/memory/${shared.id}`, friend)).status).toBe(404);
      expect((await call<Memory>('GET', `/memories/memory/${fromFriend.id}`, friend)).body.data!.sharedWith).toEqual(
        [],
      );
      expect(await countUserFiles(system.uploadsDir, friend.id)).toBe(1);
    });

    it('still deletes everything when the memory and upload services were down as the account was deleted', async () => {
      const { owner } = await accountWithEverything();
      await Promise.all([system.stopProcess('memory'), system.stopProcess('upload')]);

      const deleted = await call('DELETE', `/users/${owner.id}`, owner, { password: PASSWORD });
      const whileDown = await countAccountRows(system.postgres.url, owner.id);
      await Promise.all([system.startProcess('memory'), system.startProcess('upload')]);

      expect(deleted.status).toBe(200);
      expect(whileDown['memory.memories.user_id']).toBe(2);
      await expect(
        eventually(
          () => countAccountRows(system.postgres.url, owner.id),
          (rows) => Object.keys(rows).length === 0,
        ),
      ).resolves.toEqual({});
      await expect(
        eventually(
          () => countUserFiles(system.uploadsDir, owner.id),
          (files) => files === 0,
        ),
      ).resolves.toBe(0);
    });
  });
});
