import { randomBytes, randomUUID } from 'node:crypto';
import {
  SEALED_FILE_CONTENT_TYPE,
  TRANSFER_HTTP_API,
  TRANSFER_MESSAGES,
  type ExportManifest,
  type ImportJobReport,
  type Journal,
  type Memory,
} from '@memories/contracts';
import {
  ApiContract,
  dayOneArchive,
  forge,
  journalKeyEnvelope,
  markEncrypted,
  pngBytes,
  sealedImageBytes,
  sealedMemoryBytes,
  unzipBytes,
  zipBytes,
  type FixtureEntry,
} from '@memories/server-testing';
import { callApi } from './support/api-call';
import { startSplitSystem, type SplitSystem } from './support/split-system';

// Export and import against the real services as deployed: gateway, auth, memory and upload as separate processes
// over nats-server and PostgreSQL. Archives go to the upload service's own port (the proxy's route in production).

interface Account {
  token: string;
  id: string;
  email: string;
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('export and import of whole journals (split services)', () => {
  let system: SplitSystem;

  beforeAll(async () => {
    // Short job timeouts, so that a job whose process was killed resumes within seconds.
    system = await startSplitSystem({
      env: { upload: { IMPORT_JOB_TIMEOUT_SECONDS: '4' } },
    });
  }, 120000);

  afterAll(async () => {
    await system?.stop();
  });

  const transfer = (path: string) => `${system.files}/api${path}`;
  // Every answer of the transfer routes must be what the API document says of them.
  const contract = ApiContract.ofServiceApi(TRANSFER_HTTP_API);
  async function checked(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(transfer(path), { ...init, method });
    await contract.verifyResponse({ method, url: `/api${path}` }, response);
    return response;
  }

  async function signUp(name: string): Promise<Account> {
    const email = `${name}-${randomUUID()}@example.com`;
    const password = 'correct horse battery staple';
    await callApi(system.api, 'POST', '/auth/register', {
      body: { name: `${name} Tester`, email, password, confirmPassword: password },
    });
    const session = await callApi<{ accessToken: string; user: { id: string } }>(system.api, 'POST', '/auth/login', {
      body: { email, password, rememberMe: false },
    });
    return { token: session.body.data?.accessToken ?? '', id: session.body.data?.user.id ?? '', email };
  }

  async function uploadImage(account: Account, bytes: Buffer): Promise<string> {
    const grant = await callApi<{ uploadUrl: string; fileUrl: string }>(system.api, 'POST', '/upload/presigned-url', {
      token: account.token,
      body: { fileName: 'photo.png', fileType: 'image/png' },
    });
    const put = await fetch(`${system.files}${grant.body.data?.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    return grant.body.data?.fileUrl ?? '';
  }

  async function createMemory(account: Account, body: Record<string, unknown>): Promise<Memory> {
    const created = await callApi<Memory>(system.api, 'POST', '/memories/memory', { token: account.token, body });
    expect(created.status).toBe(201);
    return created.body.data as Memory;
  }

  async function exportZip(account: Account): Promise<{ response: Response; files: Map<string, Buffer> }> {
    const response = await checked('GET', '/export', { headers: { authorization: `Bearer ${account.token}` } });
    expect(response.status).toBe(200);
    return { response, files: await unzipBytes(Buffer.from(await response.arrayBuffer())) };
  }

  async function startImport(account: Account | undefined, archive: Buffer, fileName = 'archive.zip') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(archive)]), fileName);
    const response = await checked('POST', '/import', {
      headers: account ? { authorization: `Bearer ${account.token}` } : {},
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        success: boolean;
        message: string;
        data?: { jobId: string };
        error?: { code: string; detail?: unknown };
      },
    };
  }

  async function report(account: Account, jobId: string): Promise<ImportJobReport> {
    const response = await checked('GET', `/import/${jobId}`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: ImportJobReport }).data;
  }

  async function importToEnd(account: Account, archive: Buffer): Promise<ImportJobReport> {
    const started = await startImport(account, archive);
    expect(started.status).toBe(202);
    const jobId = started.body.data?.jobId ?? '';
    for (;;) {
      const current = await report(account, jobId);
      if (current.status === 'done' || current.status === 'failed') return current;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function myMemories(account: Account): Promise<Memory[]> {
    const page = await callApi<Memory[]>(system.api, 'GET', '/memories/my?size=100', { token: account.token });
    return page.body.data ?? [];
  }

  /**
   * memories.json without what an import into another account changes: ids, owner, journal ids (that account's own),
   * and the version (the count of saves on this server, for optimistic concurrency: an imported memory starts its own).
   */
  function comparable(manifest: ExportManifest) {
    return manifest.memories.map(
      ({ id: _id, userEmail: _owner, ownerId: _ownerId, version: _version, journalId: _journalId, ...memory }) =>
        memory,
    );
  }

  /** How many journals the memories of an export are in. */
  const journalsOf = (manifest: ExportManifest) => new Set(manifest.memories.map((memory) => memory.journalId)).size;

  let author: Account;
  let friend: Account;
  let firstExport: Map<string, Buffer>;
  const photo = pngBytes(21);

  it('exports every memory, its Markdown file with front matter, its images, and recipients as e-mails', async () => {
    [author, friend] = await Promise.all([signUp('author'), signUp('friend')]);
    const fileUrl = await uploadImage(author, photo);
    const shared = await createMemory(author, {
      title: 'Reef day',
      date: '2024-05-01',
      contentJson: JSON.stringify({
        type: 'doc',
        content: [paragraph('Blue water'), { type: 'image', attrs: { src: fileUrl, alt: 'fish' } }],
      }),
      tags: ['sea'],
      isDraft: false,
      thumbnailUrl: fileUrl,
      mood: 4,
    });
    await callApi(system.api, 'POST', `/memories/memory/${shared.id}/share`, {
      token: author.token,
      body: { userIds: [friend.id] },
    });
    await createMemory(author, {
      title: 'Draft thoughts',
      date: '2024-06-02',
      contentJson: JSON.stringify({ type: 'doc', content: [paragraph('Not yet')] }),
      isDraft: true,
    });

    const { response, files } = await exportZip(author);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="memories-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const manifest = JSON.parse(files.get('memories.json')?.toString() ?? '{}') as ExportManifest;
    expect(manifest).toMatchObject({ format: 'memories-export', version: 1, owner: { email: author.email } });
    expect(manifest.memories.map((memory) => [memory.title, memory.isDraft, memory.sharedWith, memory.mood])).toEqual([
      ['Reef day', false, [friend.email], 4],
      ['Draft thoughts', true, [], null],
    ]);
    expect(manifest.memories[0]).toMatchObject({
      thumbnailUrl: 'images/2024-05-01-reef-day/1.png',
      // In the folder of the author's one journal, "Journal".
      markdownFile: 'memories/journal/2024-05-01-reef-day.md',
      date: '2024-05-01T12:00:00',
    });
    expect(files.get('images/2024-05-01-reef-day/1.png')).toEqual(photo);
    const markdown = files.get('memories/journal/2024-05-01-reef-day.md')?.toString() ?? '';
    expect(markdown).toMatch(
      /^---\ntitle: Reef day\ndate: 2024-05-01T12:00:00\ntags:\n {2}- sea\ndraft: false\nmood: 4\ncreated: .+\nupdated: .+\n---\n\nBlue water\n\n!\[fish\]\(\.\.\/\.\.\/images\/2024-05-01-reef-day\/1\.png\)\n$/,
    );
    firstExport = files;
  });

  it('lets a browser download with a one-time ticket and reports the export progress to its owner only', async () => {
    const ticket = await checked('POST', '/export', { headers: { authorization: `Bearer ${author.token}` } });
    expect(ticket.status).toBe(201);
    const { data } = (await ticket.json()) as { data: { exportId: string; downloadUrl: string } };
    const download = await fetch(`${system.files}${data.downloadUrl}`);
    expect(download.status).toBe(200);
    expect((await unzipBytes(Buffer.from(await download.arrayBuffer()))).has('memories.json')).toBe(true);
    const again = await fetch(`${system.files}${data.downloadUrl}`);
    expect(again.status).toBe(404);
    const progress = await checked('GET', `/export/${data.exportId}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(((await progress.json()) as { data: unknown }).data).toMatchObject({
      status: 'done',
      memoriesTotal: 2,
      memoriesWritten: 2,
    });
    const stranger = await checked('GET', `/export/${data.exportId}`, {
      headers: { authorization: `Bearer ${friend.token}` },
    });
    expect(stranger.status).toBe(404);
    expect((await checked('GET', '/export')).status).toBe(401);
  });

  it('round trip: importing the export into a new account and exporting again gives the same memories.json', async () => {
    const newcomer = await signUp('newcomer');
    const archive = await zipBytes([...firstExport].map(([name, data]) => ({ name, data })));
    const imported = await importToEnd(newcomer, archive);
    expect(imported).toMatchObject({
      status: 'done',
      format: 'memories',
      total: 2,
      imported: 2,
      skipped: 0,
      failed: 0,
      errors: [],
    });
    const { files } = await exportZip(newcomer);
    const before = JSON.parse(firstExport.get('memories.json')?.toString() ?? '{}') as ExportManifest;
    const after = JSON.parse(files.get('memories.json')?.toString() ?? '{}') as ExportManifest;
    expect(comparable(after)).toEqual(comparable(before));
    // Both were in the author's one (default) journal, and are in the newcomer's.
    expect([journalsOf(before), journalsOf(after)]).toEqual([1, 1]);
    expect(files.get('images/2024-05-01-reef-day/1.png')).toEqual(photo);

    const again = await importToEnd(newcomer, archive);
    expect(again).toMatchObject({ status: 'done', imported: 0, skipped: 2, failed: 0 });
    expect(await myMemories(newcomer)).toHaveLength(2);
  });

  it('exports each journal with its folder and members and a locked one as ciphertext with its wrapped key, and an import puts every memory back into a journal like it', async () => {
    const [keeper, pal, heir] = await Promise.all([signUp('keeper'), signUp('pal'), signUp('heir')]);
    const api = <T>(method: string, path: string, who: Account, body?: unknown) =>
      callApi<T>(system.api, method, path, { token: who.token, body });
    const travel = (await api<Journal>('POST', '/journals', keeper, { name: 'Travel', color: '#2e7d32' })).body.data!;
    expect(
      (await api('POST', `/journals/${travel.id}/members`, keeper, { email: pal.email, role: 'viewer' })).status,
    ).toBe(201);
    const keyEnvelope = journalKeyEnvelope();
    const diary = (await api<Journal>('POST', '/journals', keeper, { name: 'Diary', keyEnvelope })).body.data!;
    expect(diary).toMatchObject({ name: 'Diary', locked: true });
    await createMemory(keeper, {
      title: 'Lisbon',
      date: '2024-07-01',
      contentJson: JSON.stringify({ type: 'doc', content: [paragraph('Trams uphill')] }),
      isDraft: false,
      journalId: travel.id,
    });
    await createMemory(keeper, {
      title: 'Home',
      date: '2024-07-02',
      contentJson: JSON.stringify({ type: 'doc', content: [paragraph('Tea')] }),
      isDraft: false,
    });
    const sealed = sealedMemoryBytes();
    await createMemory(keeper, {
      title: '',
      date: '2024-07-03',
      contentJson: '',
      isDraft: false,
      journalId: diary.id,
      sealed,
    });

    const { files } = await exportZip(keeper);
    const manifest = JSON.parse(files.get('memories.json')?.toString() ?? '{}') as ExportManifest;
    expect(
      manifest.journals?.map(({ name, folder, role, locked, isDefault, members }) => [
        name,
        folder,
        role,
        locked,
        isDefault,
        members,
      ]),
    ).toEqual([
      ['Journal', 'journal', 'owner', false, true, []],
      ['Travel', 'travel', 'owner', false, false, [{ email: pal.email, role: 'viewer' }]],
      ['Diary', 'diary', 'owner', true, false, []],
    ]);
    expect(manifest.journals?.[2].keyEnvelope).toEqual(keyEnvelope);
    const journalIds = new Map(manifest.journals?.map((journal) => [journal.id, journal.name]));
    expect(
      manifest.memories.map((memory) => [journalIds.get(memory.journalId), memory.title, memory.markdownFile]).sort(),
    ).toEqual([
      ['Diary', '', ''],
      ['Journal', 'Home', 'memories/journal/2024-07-02-home.md'],
      ['Travel', 'Lisbon', 'memories/travel/2024-07-01-lisbon.md'],
    ]);
    expect(files.get('memories/travel/2024-07-01-lisbon.md')?.toString()).toContain('Trams uphill');
    // The locked memory is in the archive as the server holds it, and nowhere as a file of its own.
    expect(manifest.memories.find((memory) => memory.journalId === diary.id)).toMatchObject({ sealed, tags: [] });
    expect([...files.keys()].filter((name) => name.startsWith('memories/diary'))).toEqual([]);

    const imported = await importToEnd(heir, await zipBytes([...files].map(([name, data]) => ({ name, data }))));
    expect(imported).toMatchObject({ status: 'done', imported: 3, failed: 0 });
    const theirs = (await api<Journal[]>('GET', '/journals', heir)).body.data!;
    expect(theirs.map(({ name, locked, memoryCount }) => [name, locked, memoryCount])).toEqual([
      ['Journal', false, 1],
      ['Travel', false, 1],
      ['Diary', true, 1],
    ]);
    // The same wrapped key, so the same passphrase opens it; the members who have an account here are members again.
    const diaryThere = theirs.find((journal) => journal.name === 'Diary')!;
    expect((await api('GET', `/journals/${diaryThere.id}/key`, heir)).body.data).toEqual(keyEnvelope);
    const travelThere = theirs.find((journal) => journal.name === 'Travel')!;
    const members = (
      await api<Array<{ email: string; role: string }>>('GET', `/journals/${travelThere.id}/members`, heir)
    ).body.data!;
    expect(members.map(({ email, role }) => [email, role])).toEqual([
      [heir.email, 'owner'],
      [pal.email, 'viewer'],
    ]);
    const lockedThere = (await myMemories(heir)).find((memory) => memory.journalId === diaryThere.id);
    expect(lockedThere).toMatchObject({ title: '', sealed });
  });

  it('carries a locked memory’s encrypted images to the address its ciphertext names, where that address is free', async () => {
    const [writer, reader, traveller] = await Promise.all([signUp('writer'), signUp('reader'), signUp('traveller')]);
    const diary = (
      await callApi<Journal>(system.api, 'POST', '/journals', {
        token: writer.token,
        body: { name: 'Diary', keyEnvelope: journalKeyEnvelope() },
      })
    ).body.data!;
    const grant = await callApi<{ uploadUrl: string; fileUrl: string }>(system.api, 'POST', '/upload/presigned-url', {
      token: writer.token,
      body: { fileName: 'sealed-image', fileType: SEALED_FILE_CONTENT_TYPE, journalId: diary.id },
    });
    const { uploadUrl, fileUrl } = grant.body.data!;
    const image = sealedImageBytes();
    const put = await fetch(`${system.files}${uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': SEALED_FILE_CONTENT_TYPE },
      body: new Uint8Array(image),
    });
    expect(put.status).toBe(200);
    const sealed = sealedMemoryBytes([fileUrl]);
    await createMemory(writer, {
      title: '',
      date: '2024-08-01',
      contentJson: '',
      isDraft: false,
      journalId: diary.id,
      sealed,
    });
    const readFile = async (url: string, who: Account) => {
      const response = await fetch(`${system.files}${url}`, { headers: { authorization: `Bearer ${who.token}` } });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    };

    // The archive holds the encrypted bytes as stored, listed by the address the ciphertext names them with.
    const { files } = await exportZip(writer);
    const manifestText = files.get('memories.json')?.toString() ?? '{}';
    const [exported] = (JSON.parse(manifestText) as ExportManifest).memories;
    expect(exported).toMatchObject({ sealed, sealedImageFiles: { [fileUrl]: expect.stringMatching(/\.sealed$/) } });
    expect(files.get(exported.sealedImageFiles![fileUrl])?.equals(image)).toBe(true);

    // Here the address is the writer's: another account's import keeps the memory and says the image was left out.
    const here = await importToEnd(reader, await zipBytes([...files].map(([name, data]) => ({ name, data }))));
    expect(here).toMatchObject({ status: 'done', imported: 1, failed: 0 });
    expect(here.errors.map((issue) => issue.message)).toEqual([
      expect.stringMatching(/^Image \d+\.sealed was left out: Another account here has a file at its address\.$/),
    ]);
    expect((await myMemories(reader))[0].sealed?.imageUrls).toEqual([]);
    expect((await readFile(fileUrl, reader)).status).toBe(404);

    // From another instance (the address of an account this one does not have), it is stored there for the importer.
    const elsewhere = `/api/files/users/${randomUUID()}/${randomUUID()}.sealed`;
    const moved = [...files].map(([name, data]) => ({
      name,
      data: name === 'memories.json' ? Buffer.from(manifestText.split(fileUrl).join(elsewhere)) : data,
    }));
    const there = await importToEnd(traveller, await zipBytes(moved));
    expect(there).toMatchObject({ status: 'done', imported: 1, failed: 0, errors: [] });
    expect((await myMemories(traveller))[0].sealed?.imageUrls).toEqual([elsewhere]);
    const stored = await readFile(elsewhere, traveller);
    expect(stored.status).toBe(200);
    expect(stored.bytes.equals(image)).toBe(true);
    expect((await readFile(elsewhere, writer)).status).toBe(404);
  });

  it('imports a Day One export with its photos, and creates nothing new when it is imported again', async () => {
    const reader = await signUp('dayone');
    const archive = await zipBytes(dayOneArchive().entries);
    const first = await importToEnd(reader, archive);
    expect(first).toMatchObject({ status: 'done', format: 'dayone', total: 2, imported: 2, skipped: 0, failed: 0 });
    expect(first.errors).toEqual([
      {
        entry: 'Journal, entry of 2021-03-03T11:48:50Z',
        message: 'A video was left out: Memories keeps text and images.',
      },
    ]);
    const memories = await myMemories(reader);
    // Newest first by the entries' own creation dates.
    expect(memories.map((memory) => [memory.title, memory.date, memory.createdAt])).toEqual([
      ['Back home, same photo again.', '2021-03-06T06:15:00', '2021-03-05T20:15:00.000Z'],
      ['Cairns', '2021-03-03T22:48:50', '2021-03-03T11:48:50.000Z'],
    ]);
    const cairns = memories[1];
    expect(cairns.tags).toEqual(['travel', 'australia', 'Starred']);
    const images = [...cairns.contentHtml.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(images).toHaveLength(2);
    // The copied photo is the same stored file in both entries.
    expect(memories[0].contentHtml).toContain(images[0]);
    const read = await fetch(`${system.files}${images[0]}`, { headers: { cookie: `memories_media=${reader.token}` } });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(dayOneArchive().photo);

    expect(await importToEnd(reader, archive)).toMatchObject({ status: 'done', imported: 0, skipped: 2 });
    expect(await myMemories(reader)).toHaveLength(2);
  });

  it("imports Markdown files and Memos' old export, reporting each entry it could not take", async () => {
    const writer = await signUp('markdown');
    const archive = await zipBytes([
      { name: 'journal/2023-04-01-spring.md', data: '# Spring\n\nBlossoms ![tree](tree.png) everywhere.' },
      { name: 'journal/tree.png', data: pngBytes(5) },
      { name: 'journal/fake.md', data: 'Not an image: ![x](fake.png)' },
      { name: 'journal/fake.png', data: '<html>not a picture</html>' },
      { name: 'journal/2023-05-01T08:30:00Z-42-PRIVATE.md', data: 'Bought #books today' },
      { name: 'journal/broken.md', data: '---\ndate: sometime\n---\nText' },
      // Random text: past the 1 MB cap of one memory, yet no zip bomb.
      { name: 'journal/huge.md', data: randomBytes(800 * 1024).toString('base64') },
    ]);
    const result = await importToEnd(writer, archive);
    expect(result).toMatchObject({ status: 'done', format: 'markdown', total: 5, imported: 3, skipped: 0, failed: 2 });
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { entry: 'broken.md', message: 'Its date "sometime" is not a date.' },
        { entry: 'huge.md', message: 'It is larger than the 1 MB a memory can hold.' },
        { entry: 'fake.md', message: 'Image fake.png was left out: It is not a PNG, JPEG, GIF, WebP or AVIF image.' },
      ]),
    );
    const titles = (await myMemories(writer)).map((memory) => [memory.title, memory.date, memory.tags]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ['Spring', '2023-04-01T12:00:00', []],
        ['Bought #books today', '2023-05-01T08:30:00', ['books']],
        ['fake', expect.any(String), []],
      ]),
    );
  });

  it('keeps entries holding control characters or half of a surrogate pair, cleaned, instead of failing them', async () => {
    const writer = await signUp('controls');
    const dayOne = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0',
          creationDate: '2022-01-02T10:00:00Z',
          timeZone: 'UTC',
          tags: ['bell\u0007', 'half \ud83d'],
          text: '# Night\u0000 bus\n\nA NUL\u0000, an escape\u001b[0m and half an emoji \ud83d here.',
        },
      ],
    };
    const fromDayOne = await importToEnd(
      writer,
      await zipBytes([{ name: 'Journal.json', data: JSON.stringify(dayOne) }]),
    );
    expect(fromDayOne).toMatchObject({ status: 'done', imported: 1, failed: 0 });

    const markdown = await zipBytes([
      {
        name: 'notes/2022-02-03-tea\u0001.md',
        data: Buffer.from('---\ntitle: "Tea\\0 time\\uD83D"\ntags: ["cup\\x07"]\n---\nGreen\u0000 tea.', 'utf8'),
      },
    ]);
    const fromMarkdown = await importToEnd(writer, markdown);
    expect(fromMarkdown).toMatchObject({ status: 'done', imported: 1, failed: 0 });

    const memories = await myMemories(writer);
    expect(memories.map((memory) => [memory.title, memory.tags, memory.contentHtml])).toEqual([
      ['Tea time\ufffd', ['cup'], '<p>Green tea.</p>'],
      ['Night bus', ['bell', 'half \ufffd'], '<p>A NUL, an escape[0m and half an emoji \ufffd here.</p>'],
    ]);
  });

  it('refuses archives that are no journal at once with a 4xx that says why, never a 500', async () => {
    const owner = await signUp('refused');
    const refusals: Array<[string, Buffer, number, string]> = [
      ['not a ZIP', Buffer.from('plain text'), 400, 'not a ZIP archive'],
      ['encrypted', markEncrypted(await zipBytes([{ name: 'a.md', data: 'x' }])), 400, 'encrypted'],
      ['a zip bomb', await zipBytes([{ name: 'a.md', data: Buffer.alloc(16 * 1024 * 1024) }]), 400, 'zip bomb'],
      [
        'a path leaving it',
        forge(await zipBytes([{ name: 'xx/a.md', data: 'x' }]), 'xx/a.md', '../a.md'),
        400,
        'outside the archive',
      ],
      [
        'a link',
        await zipBytes([{ name: 'a.md', data: '/etc/passwd', mode: 0o120777 } satisfies FixtureEntry]),
        400,
        'link',
      ],
      ['an unknown format', await zipBytes([{ name: 'notes.txt', data: 'x' }]), 400, 'Day One JSON export'],
    ];
    for (const [, archive, status, words] of refusals) {
      const answer = await startImport(owner, archive);
      expect([answer.status, answer.body.success]).toEqual([status, false]);
      expect(answer.body.message).toContain(words);
    }
    const noFile = await fetch(transfer('/import'), {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--',
    });
    expect(noFile.status).toBe(400);
    // A control character in the file's name (FormData, like a browser, sends it as it is) makes the part's header
    // malformed.
    const unreadable = await startImport(owner, await zipBytes([{ name: 'a.md', data: 'x' }]), 'tea\u0001time.zip');
    expect([unreadable.status, unreadable.body.message]).toEqual([400, TRANSFER_MESSAGES.unreadableUpload]);
    expect((await startImport(undefined, Buffer.from('x'))).status).toBe(401);
    const invalidJson = await importToEnd(owner, await zipBytes([{ name: 'Journal.json', data: '{"entries": [' }]));
    expect(invalidJson).toMatchObject({
      status: 'failed',
      imported: 0,
      errors: [{ entry: 'archive.zip', message: expect.stringContaining('Journal.json is not valid JSON') }],
    });
    expect(await myMemories(owner)).toEqual([]);
  });

  it('runs one export and one import per person at a time, refusing another with 409 until it has finished', async () => {
    const [busy, other] = await Promise.all([signUp('busy'), signUp('other')]);
    const bearer = (account: Account) => ({ headers: { authorization: `Bearer ${account.token}` } });
    const failure = async (response: Response) =>
      (await response.json()) as { message: string; error: { code: string; detail?: unknown } };

    // An export: its unused ticket is an export under way, as is a download an API client started.
    const first = await checked('POST', '/export', bearer(busy));
    expect(first.status).toBe(201);
    const { data } = (await first.json()) as { data: { exportId: string; downloadUrl: string } };
    const twice = await checked('POST', '/export', bearer(busy));
    expect(twice.status).toBe(409);
    expect(await failure(twice)).toMatchObject({
      message: TRANSFER_MESSAGES.exportRunning,
      error: { code: 'EXPORT_ALREADY_RUNNING', detail: { exportId: data.exportId } },
    });
    expect((await checked('GET', '/export', bearer(busy))).status).toBe(409);
    expect((await checked('POST', '/export', bearer(other))).status).toBe(201);
    await (await fetch(`${system.files}${data.downloadUrl}`)).arrayBuffer();
    expect((await checked('POST', '/export', bearer(busy))).status).toBe(201);

    // An import: while the memory service is away, the first one cannot finish.
    const archive = await zipBytes([{ name: 'notes/2024-01-02-one.md', data: '# One\n\nA line.' }]);
    await system.stopProcess('memory');
    let queued = '';
    try {
      const started = await startImport(busy, archive);
      expect(started.status).toBe(202);
      queued = started.body.data?.jobId ?? '';
      const refused = await startImport(busy, archive);
      expect(refused).toMatchObject({
        status: 409,
        body: { message: TRANSFER_MESSAGES.importRunning, error: { code: 'IMPORT_ALREADY_RUNNING' } },
      });
      expect(refused.body.error).toMatchObject({ detail: { jobId: queued } });
      expect((await startImport(other, archive)).status).toBe(202);
    } finally {
      await system.startProcess('memory');
    }
    for (let current = await report(busy, queued); current.status !== 'done'; current = await report(busy, queued)) {
      expect(current.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await importToEnd(busy, archive)).toMatchObject({ status: 'done', skipped: 1 });
  });

  it("answers 404 for another user's import and memory, and downloads one memory as Markdown or as a ZIP with its images", async () => {
    const mine = await myMemories(author);
    const reef = mine.find((memory) => memory.title === 'Reef day') as Memory;
    const thoughts = mine.find((memory) => memory.title === 'Draft thoughts') as Memory;
    const plain = await checked('GET', `/export/memories/${thoughts.id}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(plain.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(plain.headers.get('content-disposition')).toContain('filename="2024-06-02-draft-thoughts.md"');
    expect(await plain.text()).toContain('title: Draft thoughts');
    // The friend it is shared with may download it too, images included.
    const zipped = await checked('GET', `/export/memories/${reef.id}`, {
      headers: { authorization: `Bearer ${friend.token}` },
    });
    expect(zipped.headers.get('content-disposition')).toContain('filename="2024-05-01-reef-day.zip"');
    const files = await unzipBytes(Buffer.from(await zipped.arrayBuffer()));
    expect([...files.keys()]).toEqual(['2024-05-01-reef-day.md', 'images/1.png']);
    expect(files.get('2024-05-01-reef-day.md')?.toString()).toContain('![fish](images/1.png)');
    expect(
      (
        await fetch(transfer(`/export/memories/${thoughts.id}`), {
          headers: { authorization: `Bearer ${friend.token}` },
        })
      ).status,
    ).toBe(404);
    const started = await startImport(author, await zipBytes([{ name: 'a.md', data: 'x' }]));
    expect(
      (
        await fetch(transfer(`/import/${started.body.data?.jobId}`), {
          headers: { authorization: `Bearer ${friend.token}` },
        })
      ).status,
    ).toBe(404);
  });

  it('finishes an import whose upload service was killed in the middle, without doubling any memory', async () => {
    const owner = await signUp('restart');
    const entries = Array.from({ length: 600 }, (_, index) => ({
      name: `notes/${String(index).padStart(4, '0')}.md`,
      data: `# Note ${index}\n\nWritten on day ${index}.`,
    }));
    const started = await startImport(owner, await zipBytes(entries));
    const jobId = started.body.data?.jobId ?? '';
    let current = await report(owner, jobId);
    while (current.status === 'queued' || current.imported === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = await report(owner, jobId);
    }
    expect(current.status).toBe('running');
    await system.crashAndRestart('upload');
    for (;;) {
      current = await report(owner, jobId);
      if (current.status === 'done' || current.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(current).toMatchObject({ status: 'done', total: 600, imported: 600, skipped: 0, failed: 0 });
    const listed = await callApi<Memory[]>(system.api, 'GET', '/memories/my?size=1', { token: owner.token });
    expect(listed.body.pagination?.totalElements).toBe(600);
  });
});
