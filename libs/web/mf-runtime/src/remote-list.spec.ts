import { fetchRemoteList, parseRemoteList } from './remote-list';

const answer = (status: number, body: unknown) => async () => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => body,
});

describe('remote list', () => {
  const list = { remotes: [{ name: 'landing', entry: '/remotes/landing/mf-manifest.json' }] };

  it('loads the list without the browser cache', async () => {
    const fetchImpl = jest.fn(answer(200, list));

    await expect(fetchRemoteList('/remotes.json', fetchImpl)).resolves.toEqual(list);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('fails when the list cannot be fetched', async () => {
    await expect(fetchRemoteList('/remotes.json', answer(404, undefined))).rejects.toThrow(
      'The remote list /remotes.json answered 404.',
    );
  });

  it('keeps only name and entry of each remote', () => {
    expect(
      parseRemoteList({ remotes: [{ name: 'viewer', entry: 'http://localhost:4204/mf-manifest.json', extra: 1 }] }),
    ).toEqual({
      remotes: [{ name: 'viewer', entry: 'http://localhost:4204/mf-manifest.json' }],
    });
  });

  it.each([
    ['not an object', 'remotes'],
    ['no remotes array', { remotes: {} }],
    ['a remote without entry', { remotes: [{ name: 'landing' }] }],
    ['a remote with an empty name', { remotes: [{ name: '', entry: '/x.json' }] }],
  ])('rejects a list with %s', (_case, value) => {
    expect(() => parseRemoteList(value)).toThrow(/remote list/i);
  });
});
