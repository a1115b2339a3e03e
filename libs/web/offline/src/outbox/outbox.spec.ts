/**
 * @jest-environment node
 */
// Node's structuredClone, which fake-indexeddb needs and jsdom lacks; no DOM is used here.
import 'fake-indexeddb/auto';

import type { Memory, MemoryInput } from '@memories/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@memories/web-api-client';

import { drainOutbox } from './drain-outbox';
import { clearOutboxOf, discardPendingSave, followMemory, keepSave, pendingSaveOf, pendingSavesOf } from './outbox';
import { outboxDatabaseName } from './outbox-database';
import { localMemoryIdOf } from './pending-save';
import { saveMemory } from './save-memory';
import type { SaveApi } from './send-pending-save';

let users = 0;
const newUser = () => `user-${(users += 1)}`;

const input = (title: string, text = title): MemoryInput => ({
  title,
  date: '2026-08-01',
  contentJson: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] }),
  contentHtml: `<p>${text}</p>`,
  tags: [],
  isDraft: true,
  thumbnailUrl: '',
  sharedWith: [],
});

/** A server with the memory API's rules that matter here: idempotent creates, versions, 409 with the current memory. */
function fakeServer() {
  const memories = new Map<string, Memory>();
  const byKey = new Map<string, string>();
  const calls: string[] = [];
  let online = true;
  const unreachable = () => new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE });
  const store = (id: string, body: MemoryInput, version: number, previous?: Memory): Memory => {
    const memory: Memory = {
      ...(previous ?? {
        id,
        userEmail: 'a@example.com',
        ownerId: 'owner',
        createdAt: '',
        viewCount: 0,
        likeCount: 0,
        commentCount: 0,
        journalId: 'journal-1',
        wordCount: 0,
        readingTime: 0,
      }),
      id,
      title: body.title,
      // As the memory service stores a bare date.
      date: `${body.date}T12:00:00`,
      contentJson: String(body.contentJson),
      contentHtml: body.contentHtml ?? '',
      tags: body.tags ?? [],
      isDraft: body.isDraft ?? true,
      thumbnailUrl: body.thumbnailUrl ?? '',
      sharedWith: body.sharedWith ?? [],
      // As the memory service does: left out, an update keeps the mood.
      mood: body.mood === undefined ? (previous?.mood ?? null) : body.mood,
      updatedAt: new Date().toISOString(),
      version,
    } as Memory;
    memories.set(id, memory);
    return memory;
  };
  const api: SaveApi = {
    create: async (body, options) => {
      if (!online) throw unreachable();
      calls.push(`POST ${body.title} key=${options?.idempotencyKey}`);
      const known = options?.idempotencyKey ? byKey.get(options.idempotencyKey) : undefined;
      if (known) return { memory: memories.get(known) as Memory };
      const id = `m${memories.size + 1}`;
      if (options?.idempotencyKey) byKey.set(options.idempotencyKey, id);
      return { memory: store(id, body, 1), message: 'Memory created successfully' };
    },
    update: async (id, body) => {
      if (!online) throw unreachable();
      calls.push(`PUT ${id} ${body.title} v${body.version}`);
      // The gateway's check: a memory's versions start at 1.
      if (body.version !== undefined && body.version < 1)
        throw new ApiError({
          kind: 'http',
          status: 400,
          message: 'Validation failed: version must not be less than 1',
        });
      const current = memories.get(id) as Memory;
      if (body.version !== undefined && body.version !== current.version) {
        throw new ApiError({
          kind: 'http',
          status: 409,
          message: 'changed',
          code: 'MEMORY_VERSION_CONFLICT',
          detail: { current },
        });
      }
      return { memory: store(id, body, current.version + 1, current) };
    },
    get: async (id) => {
      if (!online) throw unreachable();
      calls.push(`GET ${id}`);
      return memories.get(id) as Memory;
    },
  };
  return {
    api,
    calls,
    memories,
    setOnline: (value: boolean) => {
      online = value;
    },
    /** A change made elsewhere (another device). */
    changeElsewhere: (id: string, patch: Partial<Memory>) => {
      const current = memories.get(id) as Memory;
      memories.set(id, { ...current, ...patch, version: current.version + 1 });
    },
  };
}

/** A new memory saved with no connection: kept in the outbox under its local id. */
async function createdOffline(server: ReturnType<typeof fakeServer>, userId: string, idempotencyKey: string) {
  server.setOnline(false);
  const created = await saveMemory(server.api, userId, {
    kind: 'create',
    idempotencyKey,
    createAttempts: 1,
    input: input('Draft'),
    autoSave: false,
  });
  expect(created).toMatchObject({ status: 'kept' });
  return created.memory;
}

/**
 * Holds the user's outbox in a write of its own (as another tab's would) until released: every read or write of its
 * saves waits behind it, in the order it was asked for.
 */
function holdSaves(userId: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(outboxDatabaseName(userId));
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      const saves = database.transaction('saves', 'readwrite').objectStore('saves');
      let held = true;
      // A transaction ends once no request of it is waiting: one request after another keeps it open.
      const keepOpen = () => {
        if (held) saves.count().onsuccess = keepOpen;
        else database.close();
      };
      saves.count().onsuccess = () => {
        keepOpen();
        resolve(() => {
          held = false;
        });
      };
    };
  });
}

describe('the outbox', () => {
  it('keeps saves that cannot reach the server and sends them in order, once each, when it returns', async () => {
    const userId = newUser();
    const server = fakeServer();
    const existing = (await server.api.create(input('Third'))).memory;
    server.calls.length = 0;
    server.setOnline(false);

    const first = await saveMemory(server.api, userId, {
      kind: 'create',
      idempotencyKey: 'key-1',
      createAttempts: 1,
      input: input('First'),
      autoSave: false,
    });
    const second = await saveMemory(server.api, userId, {
      kind: 'create',
      idempotencyKey: 'key-2',
      createAttempts: 1,
      input: input('Second'),
      autoSave: false,
    });
    const edit = await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: existing.id,
      input: { ...input('Third, edited'), version: 1 },
      base: existing,
      autoSave: true,
    });

    expect([first.status, second.status, edit.status]).toEqual(['kept', 'kept', 'kept']);
    expect(first.memory).toMatchObject({ id: localMemoryIdOf('key-1'), title: 'First' });
    expect(edit.memory).toMatchObject({ id: existing.id, title: 'Third, edited', version: 1 });
    expect((await pendingSavesOf(userId)).map((save) => save.memoryId)).toEqual([
      localMemoryIdOf('key-1'),
      localMemoryIdOf('key-2'),
      existing.id,
    ]);
    expect(await drainOutbox(server.api, userId)).toBe(false);

    server.setOnline(true);
    expect(await drainOutbox(server.api, userId)).toBe(true);
    expect(server.calls).toEqual([
      'POST First key=key-1',
      'POST Second key=key-2',
      `PUT ${existing.id} Third, edited v1`,
    ]);
    expect(await pendingSavesOf(userId)).toEqual([]);

    // Drained: a second drain sends nothing again.
    expect(await drainOutbox(server.api, userId)).toBe(true);
    expect(server.calls).toHaveLength(3);
    expect(server.memories.size).toBe(3);
  });

  it('keeps the mood of a save made offline, shows it on the kept copy and sends it when the server returns', async () => {
    const userId = newUser();
    const server = fakeServer();
    const existing = (await server.api.create({ ...input('Swim'), mood: 2 })).memory;
    server.setOnline(false);

    const created = await saveMemory(server.api, userId, {
      kind: 'create',
      idempotencyKey: 'key-mood',
      createAttempts: 1,
      input: { ...input('Picnic'), mood: 5 },
      autoSave: false,
    });
    const edited = await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: existing.id,
      input: { ...input('Swim, after all'), mood: 4, version: 1 },
      base: existing,
      autoSave: false,
    });

    expect([created.memory.mood, edited.memory.mood]).toEqual([5, 4]);
    expect((await pendingSavesOf(userId)).map((save) => save.input.mood)).toEqual([5, 4]);
    server.setOnline(true);
    expect(await drainOutbox(server.api, userId)).toBe(true);
    expect([...server.memories.values()].map((memory) => [memory.title, memory.mood])).toEqual([
      ['Swim, after all', 4],
      ['Picnic', 5],
    ]);
  });

  it('collapses several saves of one memory into one: the latest content on the original base version', async () => {
    const userId = newUser();
    const server = fakeServer();
    const { memory } = await server.api.create(input('Base'));
    server.setOnline(false);
    await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: memory.id,
      input: { ...input('One'), version: 1 },
      base: memory,
      autoSave: true,
    });
    const kept = await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: memory.id,
      input: { ...input('Two'), version: 1 },
      base: memory,
      autoSave: false,
    });

    const saves = await pendingSavesOf(userId);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      kind: 'update',
      baseVersion: 1,
      input: { title: 'Two' },
      autoSave: false,
      revision: 2,
    });
    expect(kept.memory.version).toBe(1);
  });

  it('folds edits of a memory created offline into its create, keeping its idempotency key', async () => {
    const userId = newUser();
    const server = fakeServer();
    server.setOnline(false);
    const created = await saveMemory(server.api, userId, {
      kind: 'create',
      idempotencyKey: 'key-new',
      createAttempts: 1,
      input: input('Draft'),
      autoSave: true,
    });
    await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: created.memory.id,
      input: { ...input('Draft, longer'), version: 0 },
      base: created.memory,
      autoSave: true,
    });

    const saves = await pendingSavesOf(userId);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ kind: 'create', idempotencyKey: 'key-new', input: { title: 'Draft, longer' } });

    server.setOnline(true);
    await drainOutbox(server.api, userId);
    // The first attempt never reached the server: the create's answer holds the latest text, no update follows.
    expect(server.calls).toEqual(['POST Draft, longer key=key-new']);
    // The local id now stands for the server's.
    const followUp = await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: created.memory.id,
      input: { ...input('Later'), version: 1 },
      base: created.memory,
      autoSave: false,
    });
    expect(followUp).toMatchObject({ status: 'sent', memory: { id: 'm1', title: 'Later', version: 2 } });
  });

  it('answers a save that the drain sent while it was being kept as sent, under the server id, not as kept', async () => {
    const userId = newUser();
    const server = fakeServer();
    server.setOnline(false);
    const created = await saveMemory(server.api, userId, {
      kind: 'create',
      idempotencyKey: 'key-race',
      createAttempts: 1,
      input: input('Draft'),
      autoSave: false,
    });
    expect(created).toMatchObject({ status: 'kept' });

    // The connection returns: the drain sends the create, whose answer is slow; the user saves again meanwhile.
    server.setOnline(true);
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slowCreates: SaveApi = {
      ...server.api,
      create: async (...args) => answered.then(() => server.api.create(...args)),
    };
    const drained = drainOutbox(slowCreates, userId);
    const saved = saveMemory(slowCreates, userId, {
      kind: 'update',
      memoryId: created.memory.id,
      input: { ...input('Draft, longer'), version: 0 },
      base: created.memory,
      autoSave: false,
    });
    while ((await pendingSaveOf(userId, created.memory.id))?.revision !== 2)
      await new Promise((resolve) => setTimeout(resolve, 5));
    answer();

    expect(await drained).toBe(true);
    // The drain sent the create and then the rest under the server id; the save finds nothing left of it to send.
    expect(await saved).toMatchObject({ status: 'sent', memory: { id: 'm1', title: 'Draft, longer', version: 2 } });
    expect(server.calls).toEqual(['POST Draft key=key-race', 'PUT m1 Draft, longer v1', 'GET m1']);
    expect(await pendingSavesOf(userId)).toEqual([]);
  });

  it('sends an edit addressed by the local id after the drain sent the create, on top of what the create made', async () => {
    const userId = newUser();
    const server = fakeServer();
    const created = await createdOffline(server, userId, 'key-heard-late');
    server.setOnline(true);
    await drainOutbox(server.api, userId);

    // The editor has not heard of the drain yet (another tab sent it): it saves the memory as it had it.
    const saved = await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: created.id,
      input: { ...input('Draft, longer'), version: created.version },
      base: created,
      autoSave: false,
    });

    expect(saved).toMatchObject({ status: 'sent', memory: { id: 'm1', title: 'Draft, longer', version: 2 } });
    expect(server.calls).toEqual(['POST Draft key=key-heard-late', 'PUT m1 Draft, longer v1']);
  });

  it("keeps an edit whose memory's create the drain sent while the edit was on its way, on top of what the create made", async () => {
    const userId = newUser();
    const server = fakeServer();
    const created = await createdOffline(server, userId, 'key-kept-late');

    // The connection returns and the drain sends the create. The outbox is busy (another tab) while the create is
    // answered and the user saves again: the drain's record of the create is asked for first, so it goes first.
    server.setOnline(true);
    let createSent = () => undefined as void;
    const sent = new Promise<void>((resolve) => (createSent = resolve));
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slowCreates: SaveApi = {
      ...server.api,
      create: async (...args) => {
        createSent();
        await answered;
        return server.api.create(...args);
      },
    };
    const drained = drainOutbox(slowCreates, userId);
    await sent;
    const release = await holdSaves(userId);
    const saved = saveMemory(slowCreates, userId, {
      kind: 'update',
      memoryId: created.id,
      input: { ...input('Draft, longer'), version: created.version },
      base: created,
      autoSave: false,
    });
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();

    expect(await saved).toMatchObject({ status: 'sent', memory: { id: 'm1', title: 'Draft, longer', version: 2 } });
    expect(await drained).toBe(true);
    expect(server.memories.get('m1')).toMatchObject({ title: 'Draft, longer', version: 2 });
    expect(await pendingSavesOf(userId)).toEqual([]);
  });

  it('follows a memory created offline to the memory its create made, with what still waits of it on top', async () => {
    const userId = newUser();
    const server = fakeServer();
    const local = await createdOffline(server, userId, 'key-follow');
    expect(await followMemory(userId, local)).toBe(local);

    server.setOnline(true);
    await drainOutbox(server.api, userId);
    expect(await followMemory(userId, local)).toMatchObject({ id: 'm1', title: 'Draft', version: 1 });

    server.setOnline(false);
    await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: local.id,
      input: { ...input('Draft, longer'), version: local.version },
      base: local,
      autoSave: true,
    });
    expect(await followMemory(userId, local)).toMatchObject({ id: 'm1', title: 'Draft, longer', version: 1 });
  });

  it('never makes a second memory when a create is sent again with its key', async () => {
    const userId = newUser();
    const server = fakeServer();
    // The first attempt arrived, but its answer was lost: the editor counts it, and the outbox keeps the same key.
    await server.api.create(input('Arrived'), { idempotencyKey: 'key-lost' });
    await keepSave(userId, {
      kind: 'create',
      localId: localMemoryIdOf('key-lost'),
      idempotencyKey: 'key-lost',
      createAttempts: 1,
      input: input('Arrived, then more'),
      autoSave: false,
    });

    await drainOutbox(server.api, userId);
    expect(server.memories.size).toBe(1);
    expect(server.memories.get('m1')).toMatchObject({ title: 'Arrived, then more', version: 2 });
  });

  it('keeps a save refused with 409 as a conflict holding both versions, and sends the others', async () => {
    const userId = newUser();
    const server = fakeServer();
    const { memory: mine } = await server.api.create(input('Mine'));
    const { memory: other } = await server.api.create(input('Other'));
    server.setOnline(false);
    await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: mine.id,
      input: { ...input('Mine, offline'), version: 1 },
      base: mine,
      autoSave: false,
    });
    await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: other.id,
      input: { ...input('Other, offline'), version: 1 },
      base: other,
      autoSave: false,
    });
    server.setOnline(true);
    server.changeElsewhere(mine.id, { title: 'Mine, changed on the phone' });

    expect(await drainOutbox(server.api, userId)).toBe(true);
    const [conflict, ...rest] = await pendingSavesOf(userId);
    expect(rest).toEqual([]);
    expect(conflict).toMatchObject({
      memoryId: mine.id,
      state: 'conflict',
      input: { title: 'Mine, offline' },
      theirs: { title: 'Mine, changed on the phone', version: 2 },
    });
    expect(server.memories.get(mine.id)?.title).toBe('Mine, changed on the phone');
    expect(server.memories.get(other.id)?.title).toBe('Other, offline');

    // A later drain leaves it for the user; keeping theirs drops it.
    await drainOutbox(server.api, userId);
    expect(await pendingSaveOf(userId, mine.id)).toMatchObject({ state: 'conflict' });
    await discardPendingSave(userId, mine.id);
    expect(await pendingSavesOf(userId)).toEqual([]);
  });

  it('"Keep mine" saves on top of the newer version', async () => {
    const userId = newUser();
    const server = fakeServer();
    const { memory } = await server.api.create(input('Mine'));
    await keepSave(userId, {
      kind: 'update',
      memoryId: memory.id,
      input: { ...input('Mine, offline'), version: 1 },
      base: memory,
      autoSave: false,
    });
    server.changeElsewhere(memory.id, { title: 'Theirs' });
    await drainOutbox(server.api, userId);
    const theirs = (await pendingSaveOf(userId, memory.id))?.theirs as Memory;

    const kept = await saveMemory(server.api, userId, {
      kind: 'update',
      memoryId: memory.id,
      input: { ...input('Mine, offline'), version: theirs.version },
      base: theirs,
      autoSave: false,
    });
    expect(kept).toMatchObject({ status: 'sent', memory: { title: 'Mine, offline', version: 3 } });
    expect(await pendingSavesOf(userId)).toEqual([]);
  });

  it('saves on top without asking when the memory was only published or shared elsewhere, or already holds the save', async () => {
    const userId = newUser();
    const server = fakeServer();
    const { memory: published } = await server.api.create(input('Published'));
    const { memory: arrived } = await server.api.create(input('Arrived'));
    await keepSave(userId, {
      kind: 'update',
      memoryId: published.id,
      input: { ...input('Published, edited'), version: 1 },
      base: published,
      autoSave: false,
    });
    server.changeElsewhere(published.id, { isDraft: false });
    // The save had reached the server once, but its answer was lost.
    await server.api.update(arrived.id, { ...input('Arrived, edited'), version: 1 });
    await keepSave(userId, {
      kind: 'update',
      memoryId: arrived.id,
      input: { ...input('Arrived, edited'), version: 1 },
      base: arrived,
      autoSave: false,
    });

    expect(await drainOutbox(server.api, userId)).toBe(true);
    expect(await pendingSavesOf(userId)).toEqual([]);
    expect(server.memories.get(published.id)).toMatchObject({ title: 'Published, edited', version: 3 });
    expect(server.memories.get(arrived.id)).toMatchObject({ title: 'Arrived, edited', version: 2 });
  });

  it('keeps a save made while an earlier one was on its way, as an update of what was sent', async () => {
    const userId = newUser();
    const server = fakeServer();
    const create = server.api.create;
    server.api.create = async (body, options) => {
      // The user saves again while the create is on its way.
      await keepSave(userId, {
        kind: 'update',
        memoryId: localMemoryIdOf('key-busy'),
        input: { ...input('Newer'), version: 0 },
        base: null,
        autoSave: false,
      });
      return create(body, options);
    };
    await keepSave(userId, {
      kind: 'create',
      localId: localMemoryIdOf('key-busy'),
      idempotencyKey: 'key-busy',
      createAttempts: 0,
      input: input('Older'),
      autoSave: false,
    });

    await drainOutbox(server.api, userId);
    expect(server.memories.get('m1')).toMatchObject({ title: 'Newer', version: 2 });
    expect(await pendingSavesOf(userId)).toEqual([]);
  });

  it('clears the outbox of one user only', async () => {
    const [leaving, staying] = [newUser(), newUser()];
    await keepSave(leaving, {
      kind: 'create',
      localId: localMemoryIdOf('a'),
      idempotencyKey: 'a',
      createAttempts: 1,
      input: input('Leaving'),
      autoSave: false,
    });
    await keepSave(staying, {
      kind: 'create',
      localId: localMemoryIdOf('b'),
      idempotencyKey: 'b',
      createAttempts: 1,
      input: input('Staying'),
      autoSave: false,
    });

    await clearOutboxOf(leaving);
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain(outboxDatabaseName(leaving));
    expect(names).toContain(outboxDatabaseName(staying));
    expect(await pendingSavesOf(leaving)).toEqual([]);
    expect(await pendingSavesOf(staying)).toHaveLength(1);
  });

  it('answers a refusal other than a conflict as the api call would, without keeping a save that was not waiting', async () => {
    const userId = newUser();
    const server = fakeServer();
    server.api.create = async () => {
      throw new ApiError({ kind: 'http', status: 400, message: 'Title is required' });
    };
    await expect(
      saveMemory(server.api, userId, {
        kind: 'create',
        idempotencyKey: 'k',
        createAttempts: 1,
        input: input(''),
        autoSave: false,
      }),
    ).rejects.toThrow('Title is required');
    expect(await pendingSavesOf(userId)).toEqual([]);
  });
});
