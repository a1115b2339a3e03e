import type { Journal } from '@memories/contracts';
import { JournalsStore } from './journals-store';

const journal = (id: string, name: string): Journal => ({
  id,
  name,
  color: '#3f6ad8',
  role: 'owner',
  locked: false,
  isDefault: id === 'a',
  memoryCount: 0,
  memberCount: 0,
  position: 0,
});

describe('the journals store', () => {
  it('loads once per person, keeps the list while it refreshes, and forgets it at sign-out', async () => {
    const answers = [[journal('a', 'Journal')], [journal('a', 'Journal'), journal('b', 'Travel')]];
    const list = jest.fn(() => Promise.resolve(answers.shift() ?? []));
    const store = new JournalsStore({ list });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));

    store.ensure('user-1');
    store.ensure('user-1');
    await store.refresh();
    expect(list).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().status).toBe('ready');
    expect(store.getSnapshot().journals.map((item) => item.name)).toEqual(['Journal', 'Travel']);

    store.clear();
    expect(store.getSnapshot()).toEqual({ status: 'loading', journals: [] });
    expect(seen).toEqual(['loading', 'ready', 'ready', 'loading']);
  });

  it('keeps the last list and says why when a refresh fails', async () => {
    const list = jest
      .fn<Promise<Journal[]>, []>()
      .mockResolvedValueOnce([journal('a', 'Journal')])
      .mockRejectedValueOnce(new Error('Could not load your journals'));
    const store = new JournalsStore({ list });
    store.ensure('user-1');
    await Promise.resolve();
    await Promise.resolve();
    await store.refresh();
    expect(store.getSnapshot()).toEqual({
      status: 'error',
      journals: [journal('a', 'Journal')],
      message: 'Could not load your journals',
    });
  });

  it('drops an answer for the person who signed out meanwhile', async () => {
    let answer: (journals: Journal[]) => void = () => undefined;
    const store = new JournalsStore({ list: () => new Promise((resolve) => (answer = resolve)) });
    store.ensure('user-1');
    store.clear();
    answer([journal('a', 'Journal')]);
    await Promise.resolve();
    expect(store.getSnapshot()).toEqual({ status: 'loading', journals: [] });
  });
});
