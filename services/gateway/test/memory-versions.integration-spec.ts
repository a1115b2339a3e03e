import {
  MEMORY_VERSION_MESSAGES,
  type Journal,
  type Memory,
  type MemoryVersion,
  type MemoryVersionSummary,
  type RestoredMemoryVersion,
  type SealedMemory,
} from '@memories/contracts';
import {
  ApiContract,
  journalKeyEnvelope,
  sealedMemoryBytes,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { callApiAsDocumented, signUpAndLogIn, type ApiAnswer } from './support/api-call';
import { uploadImage, type CallAs } from './support/people';
import { startMemoriesSystem, type MemoriesSystem } from './support/memories-system';

// The version history of a locked journal's memory in the split system (gateway, auth, memory and upload services
// over a real nats-server and PostgreSQL), every answer checked against the served API document: the server keeps,
// answers and restores each version as the ciphertext the browser sealed, and never has more than that.

describe('version history of a locked memory in the split system', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let system: MemoriesSystem;
  let contract: ApiContract;
  let token: string;

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    system = await startMemoriesSystem({ natsUrl: nats.url, databaseUrl: postgres.url, busTimeoutMs: 5000 });
    contract = await ApiContract.fetch(`${system.api}/docs/json`);
    token = await signUpAndLogIn(system.api);
  }, 120000);

  afterAll(async () => {
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  const callAs: CallAs = <T>(method: string, url: string, who?: { token: string }, body?: unknown) =>
    callApiAsDocumented<T>(contract, system.api, method, url, { token: who?.token, body });
  const call = <T>(method: string, url: string, body?: unknown): Promise<ApiAnswer<T>> =>
    callAs<T>(method, url, { token }, body);
  /** An image of this server, as the encrypted images of a locked memory are. */
  const uploadedImage = () => uploadImage(callAs, system.files, { token });

  /** A save into a locked journal as the browser sends it: the ciphertext, every plaintext field empty. */
  const sealedBody = (journalId: string, sealed: SealedMemory) => ({
    title: '',
    date: '2024-05-02',
    contentJson: '',
    isDraft: true,
    journalId,
    sealed,
  });

  it('lists a sealed version without its ciphertext, answers it with its ciphertext, and restores that ciphertext', async () => {
    const diary = (await call<Journal>('POST', '/journals', { name: 'Diary', keyEnvelope: journalKeyEnvelope() })).body
      .data!;
    const first: SealedMemory = { ...sealedMemoryBytes(), imageUrls: [await uploadedImage()] };
    const second = sealedMemoryBytes();
    const created = await call<Memory>('POST', '/memories/memory', sealedBody(diary.id, first));
    expect(created.status).toBe(201);
    const memory = created.body.data!;
    const saved = await call<Memory>('PUT', `/memories/memory/${memory.id}`, sealedBody(diary.id, second));
    expect(saved.status).toBe(200);

    const listed = await call<MemoryVersionSummary[]>('GET', `/memories/memory/${memory.id}/versions`);
    expect(listed.status).toBe(200);
    const [kept] = listed.body.data!;
    expect(listed.body.data).toEqual([
      expect.objectContaining({ title: '', wordCount: 0, wordCountDelta: null, replacedBy: 'save', sealed: true }),
    ]);
    // A page of the list stays small: the ciphertexts come one version at a time.
    expect(JSON.stringify(listed.body)).not.toContain(first.ciphertext);

    const read = await call<MemoryVersion>('GET', `/memories/memory/${memory.id}/versions/${kept.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: kept.id,
      memoryId: memory.id,
      title: '',
      contentJson: '',
      contentHtml: '',
      contentText: '',
      tags: [],
      sealed: first,
      current: { title: '', contentText: '', isDraft: true },
    });

    const restored = await call<RestoredMemoryVersion>(
      'POST',
      `/memories/memory/${memory.id}/versions/${kept.id}/restore`,
    );
    expect(restored).toMatchObject({
      status: 200,
      body: { success: true, message: MEMORY_VERSION_MESSAGES.restored, data: { memory: { sealed: first } } },
    });
    expect(restored.body.data!.memory).toMatchObject({ title: '', contentJson: '', contentHtml: '', tags: [] });
    expect((await call<Memory>('GET', `/memories/memory/${memory.id}`)).body.data!.sealed).toEqual(first);

    // What the restore replaced is kept sealed too, and restoring it undoes the restore.
    const undoVersionId = restored.body.data!.undoVersionId!;
    const afterRestore = (await call<MemoryVersionSummary[]>('GET', `/memories/memory/${memory.id}/versions`)).body
      .data!;
    expect(afterRestore.map(({ id, replacedBy, sealed }) => ({ id, replacedBy, sealed }))).toEqual([
      { id: undoVersionId, replacedBy: 'restore', sealed: true },
      { id: kept.id, replacedBy: 'save', sealed: true },
    ]);
    const undo = await call<MemoryVersion>('GET', `/memories/memory/${memory.id}/versions/${undoVersionId}`);
    expect(undo.body.data!.sealed).toEqual(second);
    const undone = await call<RestoredMemoryVersion>(
      'POST',
      `/memories/memory/${memory.id}/versions/${undoVersionId}/restore`,
    );
    expect(undone.status).toBe(200);
    expect(undone.body.data!.memory.sealed).toEqual(second);
  });

  it('leaves sealed out of a plain memory’s versions, as they were before locked journals', async () => {
    const document = (text: string) =>
      JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
    const memory = (
      await call<Memory>('POST', '/memories/memory', {
        title: 'Pier',
        date: '2024-05-01',
        contentJson: document('Gulls'),
      })
    ).body.data!;
    await call('PUT', `/memories/memory/${memory.id}`, {
      title: 'Pier',
      date: '2024-05-01',
      contentJson: document('Gulls and terns'),
    });

    const [kept] = (await call<MemoryVersionSummary[]>('GET', `/memories/memory/${memory.id}/versions`)).body.data!;
    const read = await call<MemoryVersion>('GET', `/memories/memory/${memory.id}/versions/${kept.id}`);

    expect(kept).not.toHaveProperty('sealed');
    expect(read.body.data).not.toHaveProperty('sealed');
    expect(read.body.data).toMatchObject({ contentHtml: '<p>Gulls</p>', wordCountDelta: null });
  });
});
