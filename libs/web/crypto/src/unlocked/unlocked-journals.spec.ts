import { UnlockedJournals, watchActivity } from './unlocked-journals';

function key(extractable = false): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, extractable, ['encrypt', 'decrypt']);
}

describe('the unlocked journals of a tab', () => {
  afterEach(() => jest.useRealTimers());

  it('keep keys until "Lock now" or sign-out, and tell subscribers', async () => {
    const journals = new UnlockedJournals();
    const seen: string[][] = [];
    journals.subscribe(() => seen.push([...journals.getSnapshot().unlocked]));
    const first = await key();
    journals.unlock('a', first);
    journals.unlock('b', await key());
    expect(journals.key('a')).toBe(first);
    journals.lock('a');
    expect(journals.isUnlocked('a')).toBe(false);
    expect(journals.getSnapshot().lastLock).toBe('asked');
    journals.lockAll('signed-out');
    expect(journals.key('b')).toBeUndefined();
    expect(journals.getSnapshot()).toEqual({ unlocked: new Set(), lastLock: 'signed-out' });
    expect(seen).toEqual([['a'], ['a', 'b'], ['b'], []]);
  });

  it('refuse to keep a key whose bytes a script could read', async () => {
    expect(() => new UnlockedJournals().unlock('a', {} as CryptoKey)).toThrow(TypeError);
    const journals = new UnlockedJournals();
    const exportable = await key(true);
    expect(() => journals.unlock('a', exportable)).toThrow(TypeError);
  });

  it('lock after the chosen idle time, counted from the last activity', async () => {
    const unlockedKey = await key();
    jest.useFakeTimers();
    const journals = new UnlockedJournals();
    const page = new EventTarget();
    const stop = watchActivity(page, journals);
    journals.setIdleMinutes(15);
    journals.unlock('a', unlockedKey);

    jest.advanceTimersByTime(10 * 60_000);
    page.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(10 * 60_000);
    expect(journals.isUnlocked('a')).toBe(true);
    jest.advanceTimersByTime(5 * 60_000);
    expect(journals.isUnlocked('a')).toBe(false);
    expect(journals.getSnapshot().lastLock).toBe('idle');

    stop();
    journals.unlock('a', unlockedKey);
    jest.advanceTimersByTime(14 * 60_000);
    page.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(60_000);
    expect(journals.isUnlocked('a')).toBe(false);
  });

  it('stay unlocked without an idle time until the tab closes', async () => {
    const unlockedKey = await key();
    jest.useFakeTimers();
    const journals = new UnlockedJournals();
    journals.setIdleMinutes(5);
    journals.unlock('a', unlockedKey);
    journals.setIdleMinutes(null);
    jest.advanceTimersByTime(24 * 60 * 60_000);
    expect(journals.isUnlocked('a')).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });
});
