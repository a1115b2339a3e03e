import { startAppUpdates, type AppUpdatesOptions } from './app-updates';
import { PROMOTE_RELEASE_MESSAGE, RELEASE_READY_MESSAGE } from './service-worker/release-messages';

/** A stand-in for workbox-window's Workbox: the events it raises and the calls the page makes. */
function fakeWorkbox() {
  const listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  const workbox = {
    addEventListener: jest.fn((type: string, listener: (event: { data?: unknown }) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    ),
    register: jest.fn(() => Promise.resolve(undefined)),
    messageSkipWaiting: jest.fn(),
    messageSW: jest.fn(() => Promise.resolve(undefined)),
  };
  const workerMessages = {
    addEventListener: jest.fn((type: string, listener: (event: { data?: unknown }) => void) =>
      listeners.set(`worker:${type}`, [listener]),
    ),
  };
  const emit = (type: string, event: { data?: unknown } = {}) =>
    listeners.get(type)?.forEach((listener) => listener(event));
  const options = { workbox, workerMessages } as unknown as Pick<AppUpdatesOptions, 'workbox' | 'workerMessages'>;
  return { workbox, emit, options };
}

describe('startAppUpdates', () => {
  const reload = jest.fn();
  beforeEach(() => reload.mockClear());

  it('registers the worker once the page has loaded, and has no update to offer at first', () => {
    const { workbox, options } = fakeWorkbox();
    const updates = startAppUpdates({ ...options, reloadPage: reload });
    expect(document.readyState).toBe('complete');
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(updates.isUpdateReady()).toBe(false);
  });

  it('offers a waiting shell build, and reloads only after the new worker takes over', () => {
    const { workbox, emit, options } = fakeWorkbox();
    const updates = startAppUpdates({ ...options, reloadPage: reload });
    const listener = jest.fn();
    updates.subscribe(listener);
    emit('waiting');
    expect(updates.isUpdateReady()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    updates.reload();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a new remote release, and makes it current before reloading', async () => {
    const { workbox, emit, options } = fakeWorkbox();
    const updates = startAppUpdates({ ...options, reloadPage: reload });
    emit('worker:message', { data: { type: 'something-else' } });
    expect(updates.isUpdateReady()).toBe(false);
    emit('worker:message', { data: { type: RELEASE_READY_MESSAGE } });
    expect(updates.isUpdateReady()).toBe(true);

    updates.reload();
    expect(workbox.messageSW).toHaveBeenCalledWith({ type: PROMOTE_RELEASE_MESSAGE });
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });
});
