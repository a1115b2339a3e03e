import { act, renderHook } from '@testing-library/react';
import { draftMirror, MIRROR_DELAY_MS, MIRROR_IDLE_TIMEOUT_MS, type DraftToMirror } from '../utils/draft-mirror.util';
import { useDraftMirror, type PrepareDraft } from './useDraftMirror';

const KEY = 'memories.editorDraft:u1:m1';

/** The browser's idle callbacks, run by the test when it says the main thread is idle. */
function fakeIdleCallbacks() {
  const queued = new Map<number, IdleRequestCallback>();
  const timeouts: (number | undefined)[] = [];
  let next = 0;
  window.requestIdleCallback = (callback, options) => {
    timeouts.push(options?.timeout);
    next += 1;
    queued.set(next, callback);
    return next;
  };
  window.cancelIdleCallback = (handle) => void queued.delete(handle);
  return {
    /** The timeout asked for with each idle callback. */
    timeouts,
    get count() {
      return queued.size;
    },
    /** The callbacks waiting, taken off the queue (for the test to run with an idle deadline of its own). */
    take() {
      const callbacks = [...queued.values()];
      queued.clear();
      return callbacks;
    },
    runIdle() {
      for (const callback of this.take()) callback({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}

function renderMirror(text: { current: string }, prepare?: PrepareDraft) {
  const snapshot = jest.fn((): DraftToMirror => ({
    title: 'Trip',
    date: '2026-05-01',
    tags: [],
    thumbnailUrl: '',
    mood: null,
    content: {
      head: JSON.stringify({ type: 'doc' }),
      blocks: [JSON.stringify({ type: 'paragraph', content: [{ type: 'text', text: text.current }] })],
    },
    savedAt: 1,
  }));
  const writes = jest.spyOn(draftMirror, 'write');
  const hook = renderHook(() => useDraftMirror(() => KEY, snapshot, prepare));
  return { ...hook, snapshot, writes };
}

const mirroredText = () => draftMirror.read(KEY)?.content.content?.[0]?.content?.[0]?.text;

describe('useDraftMirror', () => {
  const original = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
    window.requestIdleCallback = original.request;
    window.cancelIdleCallback = original.cancel;
  });

  it('writes in an idle moment after the delay, and the keys typed meanwhile do not postpone it', () => {
    const idle = fakeIdleCallbacks();
    const text = { current: 'W' };
    const { result, snapshot, writes } = renderMirror(text);

    act(() => result.current.schedule());
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS - 100));
    text.current = 'We';
    act(() => result.current.schedule());
    act(() => jest.advanceTimersByTime(100));
    expect(snapshot).not.toHaveBeenCalled();
    expect(idle.count).toBe(1);

    text.current = 'We w';
    act(() => idle.runIdle());
    expect(writes).toHaveBeenCalledTimes(1);
    expect(mirroredText()).toBe('We w');
    expect(draftMirror.read(KEY)).toMatchObject({
      title: 'Trip',
      date: '2026-05-01',
      tags: [],
      thumbnailUrl: '',
      savedAt: 1,
    });
  });

  it('prepares the write in as many idle moments as it takes, then writes', () => {
    const idle = fakeIdleCallbacks();
    const slices: boolean[] = [];
    // Three blocks to serialise ahead, one per slice of idle time.
    let left = 3;
    const prepare = jest.fn((hasTime: () => boolean) => {
      while (left > 0 && hasTime()) {
        left -= 1;
        slices.push(true);
        break;
      }
      return left === 0;
    });
    const { result, snapshot, writes } = renderMirror({ current: 'Long' }, prepare);
    const storeAhead = jest.spyOn(draftMirror, 'prepare');

    act(() => result.current.schedule());
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS));
    act(() => idle.runIdle());
    act(() => idle.runIdle());
    expect(snapshot).not.toHaveBeenCalled();
    act(() => idle.runIdle());

    expect(slices).toHaveLength(3);
    // Once serialised, the chunks are stored ahead, then the write lists them.
    expect(storeAhead).toHaveBeenCalledTimes(1);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(storeAhead.mock.invocationCallOrder[0]).toBeLessThan(writes.mock.invocationCallOrder[0] as number);
    expect(mirroredText()).toBe('Long');
    expect(idle.count).toBe(0);
  });

  it('writes whatever is left once the idle slices have taken MIRROR_IDLE_TIMEOUT_MS, so the mirror is never further behind', () => {
    const idle = fakeIdleCallbacks();
    let left = 100;
    const prepare = (hasTime: () => boolean) => {
      while (left > 0 && hasTime()) left -= 1;
      return left === 0;
    };
    const { result, writes } = renderMirror({ current: 'Typed on' }, prepare);
    // Idle moments with no time to spare, as while typing in a long memory.
    const runBusyIdle = () => {
      const callbacks = idle.take();
      for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 0 });
    };

    act(() => result.current.schedule());
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS));
    act(() => runBusyIdle());
    act(() => jest.advanceTimersByTime(MIRROR_IDLE_TIMEOUT_MS - 1));
    act(() => runBusyIdle());
    expect(writes).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    act(() => runBusyIdle());

    expect(left).toBe(0);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(mirroredText()).toBe('Typed on');
  });

  it('always asks for an idle moment with a deadline, also after a slice that ended past it', () => {
    const idle = fakeIdleCallbacks();
    // A slice that overran the whole wait (a machine too busy to keep to the slice).
    const prepare = () => {
      jest.advanceTimersByTime(MIRROR_IDLE_TIMEOUT_MS);
      return false;
    };
    const { result, unmount } = renderMirror({ current: 'Slow' }, prepare);

    act(() => result.current.schedule());
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS));
    act(() => idle.runIdle());
    unmount();

    // requestIdleCallback takes a timeout of 0 for none at all.
    expect(idle.timeouts).toEqual([MIRROR_IDLE_TIMEOUT_MS, 1]);
  });

  it('writes at once when the page is hidden, closed or left, and forgets the idle write it was waiting for', () => {
    const idle = fakeIdleCallbacks();
    const text = { current: 'Hidden' };
    const { result, snapshot, unmount } = renderMirror(text);

    act(() => result.current.schedule());
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS));
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(mirroredText()).toBe('Hidden');
    expect(idle.count).toBe(0);

    text.current = 'Closed';
    act(() => result.current.schedule());
    window.dispatchEvent(new Event('pagehide'));
    expect(mirroredText()).toBe('Closed');

    text.current = 'Left';
    act(() => result.current.schedule());
    unmount();
    expect(mirroredText()).toBe('Left');
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS + MIRROR_IDLE_TIMEOUT_MS));
    act(() => idle.runIdle());
    expect(snapshot).toHaveBeenCalledTimes(3);
  });

  it('writes nothing once everything was saved', () => {
    const idle = fakeIdleCallbacks();
    const { result, snapshot, unmount } = renderMirror({ current: 'Saved' });

    act(() => result.current.schedule());
    act(() => result.current.cancel());
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS));
    act(() => idle.runIdle());
    unmount();

    expect(snapshot).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('writes after the delay where the browser has no idle callbacks', () => {
    Object.assign(window, { requestIdleCallback: undefined, cancelIdleCallback: undefined });
    const { result } = renderMirror({ current: 'Safari' });

    act(() => result.current.schedule());
    act(() => jest.advanceTimersByTime(MIRROR_DELAY_MS));

    expect(mirroredText()).toBe('Safari');
  });
});
