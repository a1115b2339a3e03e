import { randomUUID } from 'node:crypto';
import {
  JOURNAL_ERROR_CODES,
  JOURNAL_MESSAGES,
  MEDIA_COOKIE_NAME,
  SEALED_FILE_CONTENT_TYPE,
  type Journal,
  type JournalMember,
  type Memory,
} from '@memories/contracts';
import {
  ApiContract,
  journalKeyEnvelope,
  sealedImageBytes,
  sealedMemoryBytes,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { callApiAsDocumented, type ApiAnswer } from './support/api-call';
import { PNG, readFileStatus, signUp as signUpAs, uploadImage, type CallAs, type Person } from './support/people';
import { startMemoriesSystem, type MemoriesSystem } from './support/memories-system';

// Journals and shared journals against the split system (gateway, auth, memory and upload services as separate
// processes over a real nats-server and PostgreSQL): every answer is checked against the served API document.

/**
 * The members of a shared journal as the authorization matrix names them (issue 37: members are new roles), and the
 * instance's admin, who administers accounts and reads no one's journal.
 */
type Role = 'owner' | 'editor' | 'viewer' | 'removed' | 'stranger' | 'admin' | 'anonymous';
const ROLES: Role[] = ['owner', 'editor', 'viewer', 'removed', 'stranger', 'admin', 'anonymous'];

describe('journals and shared journals in the split system', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let system: MemoriesSystem;
  let contract: ApiContract;
  let admin: Person;

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: 5000,
      // The auth service counts every member look-up of the owner; the matrix adds one per row within a minute (the
      // limit itself is tested in accounts-and-sharing).
      env: { auth: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } },
    });
    contract = await ApiContract.fetch(`${system.api}/docs/json`);
    // The first account of an instance is its admin.
    admin = await signUp('Ada Admin');
    expect((await call('GET', '/admin/settings', admin)).status).toBe(200);
  }, 120000);

  afterAll(async () => {
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  const call: CallAs = <T>(method: string, url: string, who?: Pick<Person, 'token'>, body?: unknown) =>
    callApiAsDocumented<T>(contract, system.api, method, url, { token: who?.token, body });
  const signUp = (name: string) => signUpAs(call, name);
  const upload = (owner: Person) => uploadImage(call, system.files, owner);
  const readFile = (fileUrl: string, who?: Person) => readFileStatus(system.files, fileUrl, who);

  async function write(author: Person, title: string, journalId?: string, image?: string): Promise<ApiAnswer<Memory>> {
    return call<Memory>('POST', '/memories/memory', author, {
      title,
      date: '2024-05-01',
      contentJson: JSON.stringify({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: title }] },
          ...(image ? [{ type: 'image', attrs: { src: image } }] : []),
        ],
      }),
      isDraft: false,
      ...(journalId ? { journalId } : {}),
    });
  }

  const journals = async (who: Person) => (await call<Journal[]>('GET', '/journals', who)).body.data!;

  describe('a person’s journals', () => {
    it('starts with one default journal that takes every memory naming none', async () => {
      const ana = await signUp('Ana Author');
      const [first] = await journals(ana);
      expect(first).toMatchObject({ name: 'Journal', role: 'owner', locked: false, isDefault: true, memoryCount: 0 });
      expect(await journals(ana)).toEqual([first]);

      const memory = (await write(ana, 'Morning')).body.data!;
      expect(memory.journalId).toBe(first.id);
      expect((await journals(ana))[0].memoryCount).toBe(1);
    });

    it('creates, renames, recolours, reorders and makes default; lists and filters by journal', async () => {
      const ana = await signUp('Ana Organiser');
      const [home] = await journals(ana);
      const created = await call<Journal>('POST', '/journals', ana, { name: '  Travel ' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ message: JOURNAL_MESSAGES.created, data: { name: 'Travel', position: 1 } });
      const travel = created.body.data!;
      expect(travel.color).not.toBe(home.color);

      const renamed = await call<Journal>('PATCH', `/journals/${travel.id}`, ana, { name: 'Trips', color: '#c2410c' });
      expect(renamed.body.data).toMatchObject({ name: 'Trips', color: '#c2410c' });
      await call('PATCH', `/journals/${travel.id}`, ana, { position: 0 });
      expect((await journals(ana)).map((journal) => journal.name)).toEqual(['Trips', 'Journal']);
      await call('PATCH', `/journals/${travel.id}`, ana, { isDefault: true });
      expect((await journals(ana)).map((journal) => [journal.name, journal.isDefault])).toEqual([
        ['Trips', true],
        ['Journal', false],
      ]);

      const rome = (await write(ana, 'Rome')).body.data!;
      const garden = (await write(ana, 'Garden', home.id)).body.data!;
      expect(rome.journalId).toBe(travel.id);
      const inTrips = await call<Memory[]>('GET', `/memories/my?journalId=${travel.id}`, ana);
      expect(inTrips.body.data!.map((memory) => memory.title)).toEqual(['Rome']);
      expect(inTrips.body.pagination?.totalElements).toBe(1);
      const inHome = await call<Memory[]>('GET', `/journals/${home.id}/memories`, ana);
      expect(inHome.body.data!.map((memory) => memory.id)).toEqual([garden.id]);

      // A memory moves between the person's journals.
      const moved = await call<Memory>('PUT', `/memories/memory/${garden.id}`, ana, {
        title: garden.title,
        date: '2024-05-01',
        contentJson: garden.contentJson,
        journalId: travel.id,
      });
      expect(moved.body.data!.journalId).toBe(travel.id);
    });

    it('deletes an empty journal, one with memories only with ?moveTo, never the last or the default', async () => {
      const ana = await signUp('Ana Tidy');
      const [home] = await journals(ana);
      const extra = (await call<Journal>('POST', '/journals', ana, { name: 'Extra' })).body.data!;
      await write(ana, 'Kept', extra.id);

      const refused = await call('DELETE', `/journals/${extra.id}`, ana);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: JOURNAL_MESSAGES.notEmpty });
      expect((await call('DELETE', `/journals/${home.id}`, ana)).status).toBe(409);
      const deleted = await call<{ movedMemories: number }>('DELETE', `/journals/${extra.id}?moveTo=${home.id}`, ana);
      expect(deleted.body).toMatchObject({ message: JOURNAL_MESSAGES.deleted, data: { movedMemories: 1 } });
      expect((await journals(ana)).map((journal) => [journal.name, journal.memoryCount])).toEqual([['Journal', 1]]);
      const last = await call('DELETE', `/journals/${home.id}`, ana);
      expect(last.status).toBe(409);
      expect(last.body).toMatchObject({ message: JOURNAL_MESSAGES.lastJournal });
    });
  });

  describe('a shared journal', () => {
    it('lets every member read, editors write and edit their own, viewers only read, and the owner edit anything', async () => {
      const [owner, editor, viewer] = await Promise.all([
        signUp('Olive Owner'),
        signUp('Eddie Editor'),
        signUp('Vera Viewer'),
      ]);
      const family = (await call<Journal>('POST', '/journals', owner, { name: 'Family' })).body.data!;
      const added = await call<JournalMember>('POST', `/journals/${family.id}/members`, owner, {
        email: editor.email.toUpperCase(),
        role: 'editor',
      });
      expect(added.status).toBe(201);
      expect(added.body.data).toMatchObject({ userId: editor.id, name: 'Eddie Editor', role: 'editor' });
      await call('POST', `/journals/${family.id}/members`, owner, { email: viewer.email, role: 'viewer' });
      const unknown = await call('POST', `/journals/${family.id}/members`, owner, {
        email: `nobody-${randomUUID()}@example.com`,
        role: 'viewer',
      });
      expect(unknown.body).toMatchObject({ success: false, message: JOURNAL_MESSAGES.memberUnknown });
      expect(
        (await call('POST', `/journals/${family.id}/members`, owner, { email: viewer.email, role: 'viewer' })).status,
      ).toBe(409);
      // The owner sees how many people it is shared with; the count leaves out the owner.
      expect((await journals(owner)).find((journal) => journal.id === family.id)?.memberCount).toBe(2);

      const fromOwner = (await write(owner, 'Sunday lunch', family.id)).body.data!;
      const fromEditor = (await write(editor, 'Swimming lesson', family.id)).body.data!;
      expect(fromEditor.journalId).toBe(family.id);
      const viewerWrites = await write(viewer, 'Nope', family.id);
      expect(viewerWrites.status).toBe(403);
      expect(viewerWrites.body).toMatchObject({ message: JOURNAL_MESSAGES.viewerReadOnly });

      const seen = await call<Memory[]>('GET', `/journals/${family.id}/memories`, viewer);
      expect(seen.body.data!.map((memory) => memory.title).sort()).toEqual(['Sunday lunch', 'Swimming lesson']);
      // Who wrote what shows on every memory by someone else; "Shared with me" agrees with the journal's view.
      expect(seen.body.data!.find((memory) => memory.id === fromEditor.id)?.sharedBy?.name).toBe('Eddie Editor');
      const shared = await call<Memory[]>('GET', '/memories/shared', viewer);
      expect(shared.body.data!.map((memory) => memory.id).sort()).toEqual([fromOwner.id, fromEditor.id].sort());

      const edit = (memory: Memory, who: Person) =>
        call<Memory>('PUT', `/memories/memory/${memory.id}`, who, {
          title: `${memory.title}!`,
          date: '2024-05-01',
          contentJson: memory.contentJson,
        });
      expect((await edit(fromOwner, editor)).status).toBe(403);
      expect((await edit(fromEditor, editor)).status).toBe(200);
      expect((await edit(fromEditor, owner)).status).toBe(200);
      expect((await edit(fromOwner, viewer)).status).toBe(403);
      expect((await call('DELETE', `/memories/memory/${fromOwner.id}`, viewer)).status).toBe(403);

      const members = await call<JournalMember[]>('GET', `/journals/${family.id}/members`, viewer);
      expect(members.body.data!.map((member) => [member.name, member.role])).toEqual([
        ['Olive Owner', 'owner'],
        ['Eddie Editor', 'editor'],
        ['Vera Viewer', 'viewer'],
      ]);
      expect((await journals(viewer)).find((journal) => journal.id === family.id)).toMatchObject({
        role: 'viewer',
        owner: { id: owner.id, name: 'Olive Owner' },
        memoryCount: 2,
        memberCount: 2,
      });
    });

    it('looks back over one journal for its members: timeline, calendar, On This Day, years and stats', async () => {
      const [owner, member, stranger] = await Promise.all([
        signUp('Tilda Owner'),
        signUp('Max Member'),
        signUp('Sam Stranger'),
      ]);
      const trips = (await call<Journal>('POST', '/journals', owner, { name: 'Trips' })).body.data!;
      await call('POST', `/journals/${trips.id}/members`, owner, { email: member.email, role: 'editor' });
      const dated = async (author: Person, title: string, date: string, journalId?: string) =>
        expect(
          (
            await call('POST', '/memories/memory', author, {
              title,
              date,
              contentJson: JSON.stringify({
                type: 'doc',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Four words in all' }] }],
              }),
              isDraft: false,
              ...(journalId ? { journalId } : {}),
            })
          ).status,
        ).toBe(201);
      await dated(owner, 'Lake in May', '2024-05-01', trips.id);
      await dated(member, 'Hills in May', '2023-05-01', trips.id);
      await dated(owner, 'Not a trip', '2022-05-01');

      const inTrips = `journalId=${trips.id}`;
      const titles = (page: ApiAnswer<{ entries: Array<{ title: string }> }>) =>
        page.body.data!.entries.map((entry) => entry.title);
      expect(titles(await call('GET', `/memories/timeline?${inTrips}`, member))).toEqual([
        'Lake in May',
        'Hills in May',
      ]);
      expect(titles(await call('GET', '/memories/timeline', member))).toEqual(['Hills in May']);
      expect(
        (
          await call<Array<{ title: string }>>('GET', `/memories/on-this-day?date=2026-05-01&${inTrips}`, member)
        ).body.data!.map((memory) => memory.title),
      ).toEqual(['Lake in May', 'Hills in May']);
      expect(
        (await call('GET', `/memories/calendar?from=2024-05-01&to=2024-05-31&${inTrips}`, member)).body.data,
      ).toEqual([{ date: '2024-05-01', count: 1, mood: null }]);
      expect((await call('GET', `/memories/years?${inTrips}`, member)).body.data).toEqual([
        { year: 2024, count: 1 },
        { year: 2023, count: 1 },
      ]);
      expect((await call('GET', `/memories/stats?date=2024-05-02&${inTrips}`, member)).body.data).toMatchObject({
        totalMemories: 2,
        totalWords: 8,
        currentStreak: 1,
        longestStreak: 1,
      });
      // Not a member: as if the journal did not exist.
      const refused = await call('GET', `/memories/timeline?${inTrips}`, stranger);
      expect([refused.status, refused.body.error?.code]).toEqual([404, 'JOURNAL_NOT_FOUND']);
    });

    it('takes a removed member’s access to memories and images at once, and gives them back what they wrote', async () => {
      const [owner, editor] = await Promise.all([signUp('Owen Owner'), signUp('Emma Editor')]);
      const trip = (await call<Journal>('POST', '/journals', owner, { name: 'Trip' })).body.data!;
      await call('POST', `/journals/${trip.id}/members`, owner, { email: editor.email, role: 'editor' });
      const empty = await call<Memory[]>('GET', `/journals/${trip.id}/memories`, editor);
      expect([empty.status, empty.body.data]).toEqual([200, []]);
      const ownersImage = await upload(owner);
      const editorsImage = await upload(editor);
      const ownersMemory = (await write(owner, 'Harbour', trip.id, ownersImage)).body.data!;
      const editorsMemory = (await write(editor, 'Lighthouse', trip.id, editorsImage)).body.data!;
      expect(await readFile(ownersImage, editor)).toBe(200);
      expect(await readFile(editorsImage, owner)).toBe(200);

      const removed = await call('DELETE', `/journals/${trip.id}/members/${editor.id}`, owner);
      expect(removed.body).toMatchObject({ success: true, message: JOURNAL_MESSAGES.memberRemoved });
      expect((await journals(owner)).find((journal) => journal.id === trip.id)?.memberCount).toBe(0);

      expect((await call('GET', `/memories/memory/${ownersMemory.id}`, editor)).status).toBe(404);
      expect(await readFile(ownersImage, editor)).toBe(404);
      expect((await call('GET', `/journals/${trip.id}/memories`, editor)).status).toBe(404);
      const back = await call<Memory>('GET', `/memories/memory/${editorsMemory.id}`, editor);
      const [editorsDefault] = await journals(editor);
      expect(back.body.data!.journalId).toBe(editorsDefault.id);
      expect((await call('GET', `/memories/memory/${editorsMemory.id}`, owner)).status).toBe(404);
      expect(await readFile(editorsImage, owner)).toBe(404);
    });

    it('lets a member leave, refuses to share a locked journal, and keeps per-memory sharing as it was', async () => {
      const [owner, friend] = await Promise.all([signUp('Lena Owner'), signUp('Finn Friend')]);
      const book = (await call<Journal>('POST', '/journals', owner, { name: 'Book club' })).body.data!;
      await call('POST', `/journals/${book.id}/members`, owner, { email: friend.email, role: 'viewer' });
      const left = await call('DELETE', `/journals/${book.id}/members/${friend.id}`, friend);
      expect(left.body).toMatchObject({ message: JOURNAL_MESSAGES.left });
      expect((await journals(friend)).map((journal) => journal.name)).toEqual(['Journal']);

      const diary = (
        await call<Journal>('POST', '/journals', owner, { name: 'Diary', keyEnvelope: journalKeyEnvelope() })
      ).body.data!;
      const locked = (answer: ApiAnswer) => [answer.status, answer.body.error?.code];
      const conflict = [409, JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT];
      expect(
        locked(await call('POST', `/journals/${diary.id}/members`, owner, { email: friend.email, role: 'viewer' })),
      ).toEqual(conflict);
      // Only ciphertext goes into a locked journal, and a locked memory is never shared either.
      expect(locked(await write(owner, 'In the clear', diary.id))).toEqual(conflict);
      const sealed = await call<Memory>('POST', '/memories/memory', owner, {
        title: '',
        date: '2024-05-02',
        contentJson: '',
        isDraft: false,
        journalId: diary.id,
        sealed: sealedMemoryBytes(),
      });
      expect(sealed.status).toBe(201);
      expect(
        locked(await call('POST', `/memories/memory/${sealed.body.data!.id}/share`, owner, { userIds: [friend.id] })),
      ).toEqual(conflict);

      const memory = (await write(owner, 'Just for Finn')).body.data!;
      await call('POST', `/memories/memory/${memory.id}/share`, owner, { userIds: [friend.id] });
      expect((await call('GET', `/memories/memory/${memory.id}`, friend)).status).toBe(200);
    });
  });

  describe('a locked journal’s images', () => {
    it('are granted to its owner only, stored and served as opaque bytes, and kept while a locked memory uses them', async () => {
      const [owner, friend] = await Promise.all([signUp('Sage Sealer'), signUp('Fay Friend')]);
      const diary = (
        await call<Journal>('POST', '/journals', owner, { name: 'Diary', keyEnvelope: journalKeyEnvelope() })
      ).body.data!;
      const [plain] = await journals(owner);
      const grant = (who: Person, journalId?: string) =>
        call<{ uploadUrl: string; fileUrl: string }>('POST', '/upload/presigned-url', who, {
          fileName: 'sealed-image',
          fileType: SEALED_FILE_CONTENT_TYPE,
          ...(journalId ? { journalId } : {}),
        });
      const refusal = (answer: ApiAnswer) => [answer.status, answer.body.error?.code];
      const notFound = [404, JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND];
      expect(refusal(await grant(owner))).toEqual(notFound);
      expect(refusal(await grant(friend, diary.id))).toEqual(notFound);
      expect(refusal(await grant(owner, plain.id))).toEqual([409, JOURNAL_ERROR_CODES.JOURNAL_LOCKED_CONFLICT]);
      const put = async (uploadUrl: string, bytes: Buffer) =>
        fetch(`${system.files}${uploadUrl}`, {
          method: 'PUT',
          headers: { 'content-type': SEALED_FILE_CONTENT_TYPE },
          body: new Uint8Array(bytes),
        });

      // Bytes that are not a seal (here a plain PNG) are refused, and their key holds nothing.
      const unsealed = (await grant(owner, diary.id)).body.data!;
      expect((await put(unsealed.uploadUrl, PNG)).status).toBe(415);
      expect(await readFile(unsealed.fileUrl, owner)).toBe(404);

      const granted = await grant(owner, diary.id);
      expect(granted.status).toBe(200);
      const { uploadUrl, fileUrl } = granted.body.data!;
      expect(fileUrl).toMatch(new RegExp(`^/api/files/users/${owner.id}/[0-9a-f-]{36}\\.sealed$`));
      const bytes = sealedImageBytes();
      expect((await put(uploadUrl, bytes)).status).toBe(200);
      const memory = await call<Memory>('POST', '/memories/memory', owner, {
        title: '',
        date: '2024-05-03',
        contentJson: '',
        isDraft: false,
        journalId: diary.id,
        sealed: sealedMemoryBytes([fileUrl]),
      });
      expect(memory.status).toBe(201);

      // A download, never shown or sniffed as anything else, and only to its owner.
      const served = await fetch(`${system.files}${fileUrl}`, {
        headers: { cookie: `${MEDIA_COOKIE_NAME}=${owner.token}` },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(SEALED_FILE_CONTENT_TYPE);
      expect(served.headers.get('content-disposition')).toBe('attachment; filename="sealed-image"');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      expect(await readFile(fileUrl, friend)).toBe(404);

      // The locked memory names it, so the editor's clean-up leaves it.
      const cleanup = await call<{ deleted: number }>('POST', '/memories/cleanup-images', owner, {
        imageUrls: [fileUrl],
      });
      expect(cleanup.body.data).toEqual({ deleted: 0 });
      expect(await readFile(fileUrl, owner)).toBe(200);
    });
  });

  describe('authorization matrix of the journal endpoints', () => {
    const people = {} as Record<Exclude<Role, 'anonymous'>, Person>;
    const who = (role: Role) => (role === 'anonymous' ? undefined : people[role]);

    beforeAll(async () => {
      const [owner, editor, viewer, removed, stranger] = await Promise.all([
        signUp('Mia Owner'),
        signUp('Ed Matrix'),
        signUp('Val Matrix'),
        signUp('Rex Removed'),
        signUp('Sid Stranger'),
      ]);
      Object.assign(people, { owner, editor, viewer, removed, stranger, admin });
    });

    /** A fresh journal of the owner with an editor, a viewer and a member who was removed, and a memory with an image. */
    async function sharedJournal(): Promise<{ journal: Journal; memory: Memory; image: string }> {
      const journal = (await call<Journal>('POST', '/journals', people.owner, { name: `M ${randomUUID()}` })).body
        .data!;
      for (const [role, person] of [
        ['editor', people.editor],
        ['viewer', people.viewer],
        ['viewer', people.removed],
      ] as const)
        await call('POST', `/journals/${journal.id}/members`, people.owner, { email: person.email, role });
      await call('DELETE', `/journals/${journal.id}/members/${people.removed.id}`, people.owner);
      const image = await upload(people.owner);
      const memory = (await write(people.owner, 'Matrix memory', journal.id, image)).body.data!;
      return { journal, memory, image };
    }

    const member = (role: Role) =>
      role === 'anonymous' ? 401 : ['owner', 'editor', 'viewer'].includes(role) ? 200 : 404;
    const ownerOnly = (role: Role) =>
      role === 'anonymous' ? 401 : role === 'owner' ? 200 : ['editor', 'viewer'].includes(role) ? 403 : 404;
    const writer = (role: Role) =>
      role === 'anonymous' ? 401 : role === 'owner' ? 200 : ['editor', 'viewer'].includes(role) ? 403 : 404;
    const writesNew = (role: Role) =>
      role === 'anonymous' ? 401 : ['owner', 'editor'].includes(role) ? 201 : role === 'viewer' ? 403 : 404;

    type Cell = [
      string,
      (s: { journal: Journal; memory: Memory }) => [string, string, unknown?],
      (role: Role) => number,
    ];
    const cells: Cell[] = [
      ['GET /journals/{id}/memories', ({ journal }) => ['GET', `/journals/${journal.id}/memories`], member],
      // The list's statement checks membership itself; a filter or a page past the end takes other statements.
      [
        'GET /journals/{id}/memories?title=Matrix',
        ({ journal }) => ['GET', `/journals/${journal.id}/memories?title=Matrix`],
        member,
      ],
      [
        'GET /journals/{id}/memories?page=9 (past the end)',
        ({ journal }) => ['GET', `/journals/${journal.id}/memories?page=9`],
        member,
      ],
      ['GET /journals/{id}/members', ({ journal }) => ['GET', `/journals/${journal.id}/members`], member],
      ['PATCH /journals/{id} (name)', ({ journal }) => ['PATCH', `/journals/${journal.id}`, { name: 'X' }], ownerOnly],
      [
        'POST /journals/{id}/members',
        ({ journal }) => ['POST', `/journals/${journal.id}/members`, { email: people.stranger.email, role: 'viewer' }],
        (role) => (ownerOnly(role) === 200 ? 201 : ownerOnly(role)),
      ],
      [
        'PATCH /journals/{id}/members/{editor}',
        ({ journal }) => ['PATCH', `/journals/${journal.id}/members/${people.editor.id}`, { role: 'viewer' }],
        ownerOnly,
      ],
      [
        'DELETE /journals/{id}',
        ({ journal }) => ['DELETE', `/journals/${journal.id}`],
        (role) => (ownerOnly(role) === 200 ? 409 : ownerOnly(role)),
      ],
      ['GET /memories/memory/{id}', ({ memory }) => ['GET', `/memories/memory/${memory.id}`], member],
      [
        'PUT /memories/memory/{id} (the owner’s memory)',
        ({ memory }) => [
          'PUT',
          `/memories/memory/${memory.id}`,
          { title: 'C', date: '2024-05-02', contentJson: memory.contentJson },
        ],
        writer,
      ],
      ['DELETE /memories/memory/{id}', ({ memory }) => ['DELETE', `/memories/memory/${memory.id}`], writer],
      [
        'POST /memories/memory into the journal',
        ({ journal }) => [
          'POST',
          '/memories/memory',
          { title: 'N', date: '2024-05-02', contentJson: '{"type":"doc","content":[]}', journalId: journal.id },
        ],
        writesNew,
      ],
    ];

    it.each(
      cells.flatMap(([name, request, expected]) => ROLES.map((role) => [name, role, expected(role), request] as const)),
    )('%s as %s → %i', async (_name, role, status, request) => {
      const made = await sharedJournal();
      const [method, url, body] = request(made);

      const answer = await call(method, url, who(role), body);

      expect(answer.status).toBe(status);
      if (status >= 400) expect(answer.body.success).toBe(false);
    });

    it.each(ROLES.map((role) => [role, member(role) === 200 ? 200 : 404] as const))(
      "the journal memory's image read by %s → %i, the removed member included at once",
      async (role, status) => {
        const { image } = await sharedJournal();
        expect(await readFile(image, who(role))).toBe(status);
      },
    );
  });
});
