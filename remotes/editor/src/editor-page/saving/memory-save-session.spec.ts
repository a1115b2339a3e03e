/**
 * @jest-environment node
 */
import type { Memory } from '@memories/contracts';
import { ApiError, MEMORY_FALLBACK_MESSAGES } from '@memories/web-api-client';
import type { MemorySaveRequest, MemorySaveResult } from '@memories/web-offline';

import type { EditorDocument } from '../utils/editor-document';
import {
  AUTO_SAVE_DELAY_MS,
  MemorySaveSession,
  PUBLISHED_MESSAGE,
  SAVED_AS_DRAFT_MESSAGE,
  SAVED_ON_DEVICE_MESSAGE,
} from './memory-save-session';
import type { MemorySaveSessionOptions } from './memory-save-session.types';
import { memoryWith, paragraphDocument } from '../testing/memory.fixture';

const USER = 'u-erin';

/** A save the test answers when it chooses. */
interface Answer {
  request: MemorySaveRequest;
  resolve(result: MemorySaveResult): void;
  reject(failure: unknown): void;
}

/** A session over a stand-in editor (its text, one paragraph) and recording ports; saves wait for the test. */
function sessionOf(options: Partial<MemorySaveSessionOptions> = {}) {
  const editor = {
    text: options.memory ? 'We went.' : '',
    getJSON: () => paragraphDocument(editor.text),
    getHTML: () => `<p>${editor.text}</p>`,
    getText: () => editor.text,
    setContent: jest.fn((content: EditorDocument) => {
      editor.text = content.content?.[0]?.content?.[0]?.text ?? '';
    }),
  };
  const answers: Answer[] = [];
  const mirror = { schedule: jest.fn(), flush: jest.fn(), cancel: jest.fn(), remove: jest.fn() };
  const ports = {
    editor: () => editor,
    send: jest.fn(
      (request: MemorySaveRequest) =>
        new Promise<MemorySaveResult>((resolve, reject) => answers.push({ request, resolve, reject })),
    ),
    discardKept: jest.fn(async () => undefined),
    follow: jest.fn(async (memory: Memory) => memory),
    mirror,
    removedImages: { track: jest.fn(), cleanUp: jest.fn() },
    onSaved: jest.fn(),
  };
  const session = new MemorySaveSession(
    { userId: USER, memory: null, pendingSave: null, initialContent: null, autoSave: false, ...options },
    ports,
  );
  /** Types into the editor. */
  const type = (text: string) => {
    editor.text += text;
    session.edited();
  };
  /** The next save sent, once it is on its way. */
  const nextSave = async (): Promise<Answer> => {
    for (let turn = 0; turn < 10 && answers.length === 0; turn += 1) await Promise.resolve();
    const answer = answers.shift();
    if (!answer) throw new Error('no save was sent');
    return answer;
  };
  /** Lets the session take in an answer. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { session, editor, ports, mirror, type, nextSave, settle };
}

const sent = (memory: Memory): MemorySaveResult => ({ status: 'sent', memory });
const conflictWith = (current: Memory) =>
  new ApiError({ kind: 'http', status: 409, message: 'changed', code: 'MEMORY_VERSION_CONFLICT', detail: { current } });

afterEach(() => jest.useRealTimers());

describe('MemorySaveSession: saving', () => {
  it('checks Save Draft first: the messages come back, nothing is sent', () => {
    const { session, ports } = sessionOf();
    session.change({ date: '' });

    const errors = session.save('draft');

    expect(errors).toEqual({ title: 'Title is required', text: 'Content is required', date: 'Date is required' });
    expect(session.getState().errors).toEqual(errors);
    expect(ports.send).not.toHaveBeenCalled();
  });

  it('clears the message of a field once it changes, and the content message on the next keystroke', () => {
    const { session, type } = sessionOf();
    session.save('draft');

    session.change({ title: 'Trip' });
    expect(session.getState().errors).toEqual({ text: 'Content is required' });
    type('W');
    expect(session.getState().errors).toEqual({});
  });

  it('creates a new memory once: one save at a time, the next one updates what the create made', async () => {
    const { session, type, nextSave, settle, ports } = sessionOf();
    session.change({ title: 'Trip' });
    type('We went.');

    expect(session.save('draft')).toEqual({});
    expect(session.getState().manualSaving).toBe(true);
    expect(session.save('publish')).toEqual({});
    const create = await nextSave();
    expect(create.request).toMatchObject({
      kind: 'create',
      createAttempts: 1,
      autoSave: false,
      input: { title: 'Trip', contentHtml: '<p>We went.</p>', isDraft: true, sharedWith: [] },
    });
    // The publish waits for the create's answer.
    expect(ports.send).toHaveBeenCalledTimes(1);
    create.resolve(sent(memoryWith({ id: 'new-1', version: 1 })));
    const update = await nextSave();

    expect(update.request).toMatchObject({
      kind: 'update',
      memoryId: 'new-1',
      input: { isDraft: false, version: 1 },
    });
    update.resolve(sent(memoryWith({ id: 'new-1', version: 2, isDraft: false })));
    await settle();
    expect(session.getState()).toMatchObject({
      memory: { id: 'new-1', version: 2 },
      isDraft: false,
      manualSaving: false,
      notice: { severity: 'success', message: PUBLISHED_MESSAGE, published: { id: 'new-1' } },
    });
    expect(ports.onSaved).toHaveBeenCalledTimes(2);
    expect(session.hasUnsavedChanges()).toBe(false);
  });

  it('sends a failed create again under the same idempotency key, counting the attempts', async () => {
    const { session, type, nextSave, settle } = sessionOf();
    session.change({ title: 'Trip' });
    type('We went.');

    session.save('draft');
    const first = await nextSave();
    first.reject(new ApiError({ kind: 'http', status: 500, message: MEMORY_FALLBACK_MESSAGES.create }));
    await settle();
    expect(session.getState().notice).toEqual({ severity: 'error', message: MEMORY_FALLBACK_MESSAGES.create });
    session.save('draft');
    const second = await nextSave();

    expect(second.request).toMatchObject({ kind: 'create', createAttempts: 2 });
    expect(second.request.kind === 'create' && second.request.idempotencyKey).toBe(
      first.request.kind === 'create' && first.request.idempotencyKey,
    );
  });

  it('sends the version each save is based on, and carries the shares through', async () => {
    const { session, type, nextSave, settle } = sessionOf({
      memory: memoryWith({ version: 4, sharedWith: ['u-friend'] }),
    });
    type(' Again.');

    session.save('draft');
    const update = await nextSave();
    expect(update.request).toMatchObject({
      kind: 'update',
      memoryId: 'm1',
      base: { version: 4 },
      input: { version: 4, sharedWith: ['u-friend'] },
    });
    update.resolve(sent(memoryWith({ version: 5 })));
    await settle();
    expect(session.getState()).toMatchObject({
      notice: { severity: 'success', message: SAVED_AS_DRAFT_MESSAGE },
      keptOnDevice: false,
    });
  });

  it('keeps what was typed during a save mirrored; a save that took everything clears the mirror', async () => {
    const { session, type, nextSave, settle, mirror } = sessionOf({ memory: memoryWith() });
    type(' One.');
    session.save('draft');
    const first = await nextSave();
    type(' Two.');
    mirror.schedule.mockClear();

    first.resolve(sent(memoryWith({ version: 2 })));
    await settle();
    expect(session.hasUnsavedChanges()).toBe(true);
    expect(mirror.schedule).toHaveBeenCalled();
    expect(mirror.remove).not.toHaveBeenCalled();

    session.save('draft');
    (await nextSave()).resolve(sent(memoryWith({ version: 3 })));
    await settle();
    expect(session.hasUnsavedChanges()).toBe(false);
    expect(mirror.cancel).toHaveBeenCalled();
    expect(mirror.remove).toHaveBeenCalledWith('m1');
  });

  it('says a save was kept on the device; an auto-save kept there says nothing', async () => {
    const { session, type, nextSave, settle } = sessionOf({ memory: memoryWith(), autoSave: true });
    jest.useFakeTimers();
    type(' Offline.');
    session.save('draft');
    (await nextSave()).resolve({ status: 'kept', memory: memoryWith() });
    await jest.runOnlyPendingTimersAsync();
    expect(session.getState()).toMatchObject({
      keptOnDevice: true,
      notice: { severity: 'success', message: SAVED_ON_DEVICE_MESSAGE },
    });

    session.notify(null);
    type(' More.');
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS);
    const auto = await nextSave();
    expect(auto.request).toMatchObject({ autoSave: true });
    auto.resolve({ status: 'kept', memory: memoryWith() });
    jest.useRealTimers();
    await settle();
    expect(session.getState()).toMatchObject({ keptOnDevice: true, notice: null });
  });

  it('asks the server to clean up images taken out of the content, once a save was sent', async () => {
    const { session, type, nextSave, settle, ports } = sessionOf({ memory: memoryWith() });
    session.setImages(['/api/files/a.png', '/api/files/b.png']);
    session.setImages(['/api/files/b.png']);
    expect(ports.removedImages.track).toHaveBeenCalledWith(
      ['/api/files/a.png', '/api/files/b.png'],
      ['/api/files/b.png'],
    );
    type(' Less.');

    session.save('draft');
    (await nextSave()).resolve(sent(memoryWith({ version: 2 })));
    await settle();
    expect(ports.removedImages.cleanUp).toHaveBeenCalledWith(['/api/files/b.png']);
  });
});

describe('MemorySaveSession: auto-save', () => {
  it(`saves a draft ${AUTO_SAVE_DELAY_MS} ms after the last edit, flagged as an auto-save`, async () => {
    jest.useFakeTimers();
    const { type, ports } = sessionOf({ memory: memoryWith(), autoSave: true });

    type(' A');
    jest.advanceTimersByTime(AUTO_SAVE_DELAY_MS - 1);
    type('B');
    jest.advanceTimersByTime(AUTO_SAVE_DELAY_MS - 1);
    expect(ports.send).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);

    expect(ports.send).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'update', autoSave: true, input: expect.objectContaining({ isDraft: true }) }),
    );
  });

  it('waits while the title is empty, an image uploads, a save the user asked for runs, or when it is off', async () => {
    jest.useFakeTimers();
    const { session, type, ports } = sessionOf({ memory: memoryWith(), autoSave: true });

    session.change({ title: ' ' });
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS);
    session.change({ title: 'Trip' });
    session.setUploads(1);
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS);
    session.setUploads(0);
    session.save('draft');
    type('!');
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS);
    expect(ports.send).toHaveBeenCalledTimes(1);
    expect(ports.send).toHaveBeenCalledWith(expect.objectContaining({ autoSave: false }));

    session.setAutoSave(false);
    type('!');
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS * 2);
    expect(ports.send).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed auto-save, and not even that for the generic update failure', async () => {
    const { session, type, nextSave, settle } = sessionOf({ memory: memoryWith(), autoSave: true });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.useFakeTimers();
    type('!');
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS);
    jest.useRealTimers();
    (await nextSave()).reject(new ApiError({ kind: 'http', status: 500, message: MEMORY_FALLBACK_MESSAGES.update }));
    await settle();

    expect(logged).not.toHaveBeenCalled();
    expect(session.getState().notice).toBeNull();
    logged.mockRestore();
  });
});

describe('MemorySaveSession: a newer version saved elsewhere', () => {
  it('saves again on top of a version that was only published or shared elsewhere', async () => {
    const { session, type, nextSave, settle } = sessionOf({ memory: memoryWith() });
    type(' Mine.');
    session.save('draft');
    (await nextSave()).reject(conflictWith(memoryWith({ version: 2, isDraft: false, sharedWith: ['u-other'] })));

    const again = await nextSave();
    expect(again.request).toMatchObject({ input: { version: 2, sharedWith: ['u-other'] } });
    again.resolve(sent(memoryWith({ version: 3 })));
    await settle();
    expect(session.getState().conflict).toBeNull();
  });

  it('asks when the text changed elsewhere: the mirror keeps this text, auto-save waits, "Keep mine" saves on top', async () => {
    jest.useFakeTimers();
    const { session, type, nextSave, mirror, ports } = sessionOf({ memory: memoryWith(), autoSave: true });
    const theirs = memoryWith({ version: 2, contentJson: JSON.stringify(paragraphDocument('They went.')) });
    type(' Mine.');
    session.save('publish');
    (await nextSave()).reject(conflictWith(theirs));
    await jest.advanceTimersByTimeAsync(0);

    expect(session.getState().conflict).toEqual({
      kind: 'publish',
      mine: { title: 'Trip', date: '2026-05-01', tags: ['sea'], text: 'We went. Mine.' },
      theirs,
    });
    expect(mirror.flush).toHaveBeenCalled();
    type('!');
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS * 2);
    expect(ports.send).toHaveBeenCalledTimes(1);

    expect(session.keepMine()).toEqual({});
    const mine = await nextSave();
    expect(mine.request).toMatchObject({ memoryId: 'm1', base: theirs, input: { version: 2, isDraft: false } });
    expect(session.getState().conflict).toBeNull();
  });

  it('"Keep theirs" puts the newer version in the editor as saved, and gives up the save kept on the device', async () => {
    const { session, editor, type, nextSave, settle, mirror, ports } = sessionOf({ memory: memoryWith() });
    const theirs = memoryWith({
      version: 2,
      title: 'Their trip',
      contentJson: JSON.stringify(paragraphDocument('They went.')),
    });
    type(' Mine.');
    session.save('draft');
    (await nextSave()).reject(conflictWith(theirs));
    await settle();

    session.keepTheirs();
    expect(editor.setContent).toHaveBeenCalledWith(paragraphDocument('They went.'));
    expect(session.getState()).toMatchObject({ memory: theirs, fields: { title: 'Their trip' }, conflict: null });
    expect(session.hasUnsavedChanges()).toBe(false);
    expect(ports.discardKept).toHaveBeenCalledWith('m1');
    expect(mirror.remove).toHaveBeenCalledWith('m1');
    expect(ports.onSaved).toHaveBeenCalledWith(theirs);
  });

  it('opens with both versions when the save kept on the device was refused as a conflict', () => {
    const theirs = memoryWith({ version: 3, contentJson: JSON.stringify(paragraphDocument('They went.')) });
    const { session } = sessionOf({
      memory: memoryWith(),
      initialContent: paragraphDocument('We went.'),
      pendingSave: {
        memoryId: 'm1',
        seq: 1,
        kind: 'update',
        createAttempts: 0,
        input: { title: 'Trip', date: '2026-05-01', contentJson: '', isDraft: false },
        base: memoryWith(),
        autoSave: false,
        state: 'conflict',
        theirs,
        revision: 1,
        savedAt: '2026-05-02T10:00:00Z',
      },
    });

    expect(session.getState().conflict).toEqual({
      kind: 'publish',
      mine: { title: 'Trip', date: '2026-05-01', tags: ['sea'], text: 'We went.' },
      theirs,
    });
  });
});

describe('MemorySaveSession: a memory created offline takes its server id', () => {
  const local = memoryWith({ id: 'offline-key-1', version: 0 });

  it('follows the id when the outbox sends the create, moving the mirror of unsaved text with it', () => {
    const { session, type, mirror, ports } = sessionOf({ memory: local });
    type(' More.');
    mirror.schedule.mockClear();

    // Saved again while the create was on its way: only the id is news.
    session.receive({
      type: 'sent',
      userId: USER,
      memory: memoryWith({ id: 's1' }),
      localId: local.id,
      settled: false,
    });
    expect(session.getState().memory).toMatchObject({ id: 's1', version: 0 });
    expect(mirror.remove).toHaveBeenCalledWith(local.id);
    expect(mirror.schedule).toHaveBeenCalled();
    expect(ports.onSaved).toHaveBeenLastCalledWith(expect.objectContaining({ id: 's1' }));

    // The rest was sent as well: that is the saved state.
    session.receive({ type: 'sent', userId: USER, memory: memoryWith({ id: 's1', version: 2 }), settled: true });
    expect(session.getState()).toMatchObject({ memory: { id: 's1', version: 2 }, keptOnDevice: false });
  });

  it('ignores what the outbox says of other memories and other users', () => {
    const { session, ports } = sessionOf({ memory: local });

    session.receive({
      type: 'sent',
      userId: 'u-other',
      memory: memoryWith({ id: 's1' }),
      localId: local.id,
      settled: true,
    });
    session.receive({
      type: 'sent',
      userId: USER,
      memory: memoryWith({ id: 's2' }),
      localId: 'offline-else',
      settled: true,
    });
    session.receive({ type: 'conflict', userId: USER, memoryId: 's2', theirs: memoryWith({ id: 's2' }) });

    expect(session.getState()).toMatchObject({ memory: { id: local.id }, conflict: null });
    expect(ports.onSaved).not.toHaveBeenCalled();
  });

  it('follows the id on start when the create was sent before the session heard of it', async () => {
    const { session, type, mirror, ports } = sessionOf({ memory: local });
    const created = memoryWith({ id: 's1', version: 1 });
    ports.follow.mockResolvedValue(created);
    type(' More.');
    mirror.schedule.mockClear();

    await session.start();

    expect(session.getState().memory).toBe(created);
    expect(mirror.remove).toHaveBeenCalledWith(local.id);
    expect(mirror.schedule).toHaveBeenCalled();
    expect(ports.onSaved).toHaveBeenCalledWith(created);
  });

  it('removes the mirror under the local id when a save answers under the server id', async () => {
    const { session, type, nextSave, settle, mirror } = sessionOf({ memory: local });
    type(' More.');
    session.save('draft');
    (await nextSave()).resolve(sent(memoryWith({ id: 's1', version: 2 })));
    await settle();

    expect(session.getState().memory).toMatchObject({ id: 's1' });
    expect(mirror.remove.mock.calls).toEqual([[local.id], ['s1']]);
  });
});

describe('MemorySaveSession: stopped', () => {
  it('changes nothing with answers that arrive after the form has gone', async () => {
    const { session, type, nextSave, settle, mirror, ports } = sessionOf({ memory: memoryWith(), autoSave: true });
    type(' Last words.');
    session.save('draft');
    const save = await nextSave();

    session.stop();
    save.resolve(sent(memoryWith({ version: 2 })));
    await settle();
    session.receive({ type: 'sent', userId: USER, memory: memoryWith({ version: 3 }), settled: true });

    expect(ports.onSaved).not.toHaveBeenCalled();
    expect(mirror.remove).not.toHaveBeenCalled();
    expect(session.getState().memory).toMatchObject({ version: 1 });
  });

  it('schedules no auto-save once stopped', async () => {
    jest.useFakeTimers();
    const { session, type, ports } = sessionOf({ memory: memoryWith(), autoSave: true });
    type('!');
    session.stop();
    await jest.advanceTimersByTimeAsync(AUTO_SAVE_DELAY_MS * 2);

    expect(ports.send).not.toHaveBeenCalled();
  });
});
