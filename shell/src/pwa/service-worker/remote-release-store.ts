/// <reference lib="webworker" />
import { RUNTIME_REMOTE_LIST_PATH } from '@memories/contracts';
import { parseRemoteList } from '@memories/web-mf-runtime/src/remote-list';
import { releaseFiles, type RemoteManifest } from './remote-release-files';

declare const self: ServiceWorkerGlobalScope;

/**
 * One cache per release of the remotes, named after its content: the runtime list, each listed remote's manifest and
 * entry, and every file of each remote. It is only ever used whole: a release is named current or pending once all
 * of it is stored, and pages are answered from the current one only.
 */
const RELEASE_CACHE_PREFIX = 'memories-release-';
/** Which release pages load (`current`), and which newer one waits for a load that may use it (`pending`). */
const RELEASES_CACHE = 'memories-releases';
/** The caches of the worker before releases were kept whole, deleted at activation. */
const SUPERSEDED_CACHES = ['memories-remotes-current', 'memories-remotes-pending', 'memories-remote-chunks'];

interface ReleasePointers {
  current?: string;
  pending?: string;
}

interface EntryPoint {
  url: string;
  response: Response;
  body: ArrayBuffer;
}

/** The runtime list and each remote's manifest and entry (the files that keep their names), and all their files. */
export interface RemoteRelease {
  id: string;
  entryPoints: EntryPoint[];
  assets: string[];
}

const remoteListUrl = () => new URL(RUNTIME_REMOTE_LIST_PATH, self.location.origin).href;
const pointersUrl = () => new URL(`/${RELEASES_CACHE}.json`, self.location.origin).href;
const cacheNameOf = (id: string) => `${RELEASE_CACHE_PREFIX}${id}`;

async function readPointers(): Promise<ReleasePointers> {
  const stored = await caches.match(pointersUrl(), { cacheName: RELEASES_CACHE });
  return stored ? ((await stored.json()) as ReleasePointers) : {};
}

async function writePointers(pointers: ReleasePointers): Promise<void> {
  const body = JSON.stringify(pointers);
  await (
    await caches.open(RELEASES_CACHE)
  ).put(pointersUrl(), new Response(body, { headers: { 'content-type': 'application/json' } }));
}

/** Deletes a release's cache unless a pointer names it (again: another event may have moved them meanwhile). */
async function dropUnlessNamed(id: string): Promise<void> {
  const { current, pending } = await readPointers();
  if (id !== current && id !== pending) await caches.delete(cacheNameOf(id));
}

async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return response;
}

/** Revalidated with the server: these files keep their names from one release to the next. */
async function fetchEntryPoint(url: string): Promise<EntryPoint> {
  const response = await fetchOk(url, { cache: 'no-cache' });
  return { url, response, body: await response.clone().arrayBuffer() };
}

const jsonOf = (body: ArrayBuffer): unknown => JSON.parse(new TextDecoder().decode(body));

/** Names a release by its entry points: the same files are the same release, in every worker and on every visit. */
async function releaseId(entryPoints: EntryPoint[]): Promise<string> {
  const encoder = new TextEncoder();
  const parts = entryPoints.flatMap(({ url, body }) => [
    encoder.encode(`${url} ${body.byteLength}\n`),
    new Uint8Array(body),
  ]);
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The release the network serves now: the list, and each listed remote's manifest, entry and files. */
export async function fetchRelease(): Promise<RemoteRelease> {
  const listUrl = remoteListUrl();
  const list = await fetchEntryPoint(listUrl);
  // An entry may name another origin: a remote deployed on its own.
  const manifestUrls = parseRemoteList(jsonOf(list.body)).remotes.map(({ entry }) => new URL(entry, listUrl).href);
  const manifests = await Promise.all(manifestUrls.map(fetchEntryPoint));
  const files = manifests.map(({ url, body }) => releaseFiles(url, jsonOf(body) as RemoteManifest));
  const entries = await Promise.all(files.map(({ entry }) => fetchEntryPoint(entry)));
  const entryPoints = [list, ...manifests, ...entries];
  return {
    id: await releaseId(entryPoints),
    entryPoints,
    assets: [...new Set(files.flatMap(({ assets }) => assets))],
  };
}

async function releaseCacheNames(): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(RELEASE_CACHE_PREFIX));
}

// A query never changes a kept file: a retry may add one to get past a cache, and the name is what identifies it.
const KEPT_FILE_MATCH = { ignoreVary: true, ignoreSearch: true };

/** A content-hashed file as any kept release holds it: the same name is the same bytes. */
export async function keptHashedFile(url: string): Promise<Response | undefined> {
  for (const cacheName of await releaseCacheNames()) {
    const kept = await caches.match(url, { ...KEPT_FILE_MATCH, cacheName });
    if (kept) return kept;
  }
  return undefined;
}

/** A file of the release pages load now. */
export async function currentReleaseFile(url: string): Promise<Response | undefined> {
  const { current } = await readPointers();
  return current ? caches.match(url, { ...KEPT_FILE_MATCH, cacheName: cacheNameOf(current) }) : undefined;
}

async function storedUrls(id: string): Promise<Set<string>> {
  if (!(await caches.has(cacheNameOf(id)))) return new Set();
  return new Set((await (await caches.open(cacheNameOf(id))).keys()).map(({ url }) => url));
}

const missingFrom = async (release: RemoteRelease) => {
  const stored = await storedUrls(release.id);
  return [...release.entryPoints.map(({ url }) => url), ...release.assets].filter((url) => !stored.has(url));
};

/** Stores every file of a release not stored yet: a file that another release keeps is copied, not downloaded. */
async function storeRelease(release: RemoteRelease): Promise<void> {
  const missing = new Set(await missingFrom(release));
  if (missing.size === 0) return;
  const cache = await caches.open(cacheNameOf(release.id));
  await Promise.all(
    release.assets
      .filter((url) => missing.has(url))
      .map(async (url) => cache.put(url, (await keptHashedFile(url)) ?? (await fetchOk(url)))),
  );
  for (const { url, response } of release.entryPoints) await cache.put(url, response.clone());
  const stillMissing = await missingFrom(release);
  if (stillMissing.length > 0) throw new Error(`The release could not be stored whole: ${stillMissing.join(', ')}.`);
}

/**
 * Keeps a release the network serves: stored whole, then named pending (current when there is none, as at the
 * first install). Says whether pages have a newer release to reload into.
 */
export async function keepRelease(release: RemoteRelease): Promise<'unchanged' | 'current' | 'pending'> {
  const before = await readPointers();
  if (release.id === before.current) {
    // The network went back to the release pages load: the pending one is no longer served.
    if (before.pending) {
      await writePointers({ current: before.current });
      await dropUnlessNamed(before.pending);
    }
    return 'unchanged';
  }
  if (release.id === before.pending) return 'unchanged';
  await storeRelease(release);
  const { current, pending } = await readPointers();
  await writePointers(current ? { current, pending: release.id } : { current: release.id });
  if (pending && pending !== release.id) await dropUnlessNamed(pending);
  return current ? 'pending' : 'current';
}

/**
 * Makes the pending release current: what every page load uses from now on. The one it replaces is deleted when
 * no window can still be running it; otherwise its files stay until the next activation.
 */
export async function promotePendingRelease({ dropReplaced }: { dropReplaced: boolean }): Promise<void> {
  const { current, pending } = await readPointers();
  if (!pending) return;
  await writePointers({ current: pending });
  if (dropReplaced && current && current !== pending) await dropUnlessNamed(current);
}

/**
 * At activation, when no other worker is filling a cache: deletes every release no pointer names (replaced ones,
 * and any left half-stored by a worker that stopped), and the caches of the worker before releases were whole.
 */
export async function dropUnnamedReleases(): Promise<void> {
  const { current, pending } = await readPointers();
  const named = new Set([current, pending].filter((id): id is string => id !== undefined).map(cacheNameOf));
  for (const name of await caches.keys()) {
    if ((name.startsWith(RELEASE_CACHE_PREFIX) && !named.has(name)) || SUPERSEDED_CACHES.includes(name))
      await caches.delete(name);
  }
}
