import type { RuntimeRemote, RuntimeRemoteList } from '@memories/contracts';

type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

const isRemote = (value: unknown): value is RuntimeRemote =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RuntimeRemote).name === 'string' &&
  (value as RuntimeRemote).name !== '' &&
  typeof (value as RuntimeRemote).entry === 'string' &&
  (value as RuntimeRemote).entry !== '';

/** Checks the shape of a `/remotes.json` document; a wrong list fails loudly instead of registering nonsense. */
export function parseRemoteList(value: unknown): RuntimeRemoteList {
  const remotes = typeof value === 'object' && value !== null ? (value as { remotes?: unknown }).remotes : undefined;
  if (!Array.isArray(remotes)) throw new Error('The remote list must be an object with a "remotes" array.');
  const invalid = remotes.findIndex((remote) => !isRemote(remote));
  if (invalid !== -1) throw new Error(`Remote #${invalid} in the remote list needs a non-empty "name" and "entry".`);
  return { remotes: remotes.map(({ name, entry }: RuntimeRemote) => ({ name, entry })) };
}

/** Loads the environment's runtime remote list. Never cached by the browser: a deploy changes it, not the shell. */
export async function fetchRemoteList(
  url: string,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<RuntimeRemoteList> {
  const response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The remote list ${url} answered ${response.status}.`);
  return parseRemoteList(await response.json());
}
