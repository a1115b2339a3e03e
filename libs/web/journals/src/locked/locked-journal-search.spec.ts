import { parseHighlightMarkup, toPagination, type Memory, type MemoryListQuery } from '@memories/contracts';
import { journalsApi } from '@memories/web-api-client';
import { JournalLockedError, sealMemoryContent, unlockedJournals } from '@memories/web-crypto';
import { webcrypto } from 'node:crypto';
import { fetchLockedJournalEarly, LockedJournalSearch, type LockedSearchProgress } from './locked-journal-search';

const JOURNAL = { id: 'c0ffee00-0000-4000-8000-00000000000b', name: 'Diary' };
const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

interface Written {
  id: string;
  title: string;
  text: string;
  tags?: string[];
  day: string;
  mood?: number;
  isDraft?: boolean;
  /** Its encrypted images, as the memory names them beside its ciphertext. */
  imageUrls?: string[];
}

const LONG_TAIL = Array.from({ length: 60 }, (_, index) => `filler${index}`).join(' ');
const WRITTEN: Written[] = [
  {
    id: 'harbour',
    title: 'Harbour at dawn',
    text: 'We walked to the Café by the old lighthouse. Rain all morning.',
    tags: ['travel', 'road trip'],
    day: '2024-03-10',
    mood: 4,
    imageUrls: ['/api/files/users/u1/0b7e2f1c-6d1a-4a55-9a0e-6c1f2b3a4d5e.sealed'],
  },
  {
    id: 'snow',
    title: 'Snow day',
    text: 'Snow everywhere, the children built a snowman.',
    tags: ['winter'],
    day: '2024-01-15',
    mood: 5,
    isDraft: true,
  },
  {
    id: 'evening',
    title: 'Quiet evening',
    text: `${LONG_TAIL} Reading by the fire, no rain tonight. ${LONG_TAIL}`,
    day: '2024-06-01',
    mood: 2,
  },
];

/** A memory of the locked journal as the server sends it: the ciphertext, every plaintext field empty. */
async function stored(key: CryptoKey, written: Written): Promise<Memory> {
  const contentJson = JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: written.text }] }],
  });
  const ciphertext = await sealMemoryContent(key, JOURNAL.id, {
    title: written.title,
    contentJson,
    tags: written.tags ?? [],
    thumbnailUrl: '',
    plainFields: { mood: (written.mood ?? null) as Memory['mood'] },
  });
  return {
    id: written.id,
    title: '',
    date: `${written.day}T12:00:00.000Z`,
    contentHtml: '',
    contentJson: '',
    tags: [],
    isDraft: written.isDraft ?? false,
    thumbnailUrl: '',
    sharedWith: [],
    userEmail: 'a@example.com',
    ownerId: 'u1',
    createdAt: `${written.day}T18:00:00.000Z`,
    updatedAt: `${written.day}T18:00:00.000Z`,
    viewCount: 0,
    likeCount: 0,
    commentCount: 0,
    wordCount: 0,
    readingTime: 0,
    version: 1,
    journalId: JOURNAL.id,
    mood: null,
    sealed: { ciphertext, imageUrls: written.imageUrls ?? [] },
  };
}

/** The journal's memories list (newest first, in pages), the only call the search makes. */
function serve(memories: Memory[]) {
  const newestFirst = [...memories].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return jest.spyOn(journalsApi, 'memories').mockImplementation(async (_id, query: MemoryListQuery) => {
    const page = query.page ?? 0;
    const size = query.size ?? 10;
    return {
      memories: newestFirst.slice(page * size, (page + 1) * size),
      pagination: toPagination(page, size, newestFirst.length),
    };
  });
}

describe('LockedJournalSearch', () => {
  let key: CryptoKey;
  let memories: Memory[];
  let search: LockedJournalSearch;
  const ids = async (q: string) => (await search.search({ q })).memories.map((memory) => memory.id);

  // jsdom (which the browser's sanitiser needs) has no crypto.subtle; Node's WebCrypto is the one browsers have.
  beforeAll(async () => {
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    key = await newKey();
    memories = await Promise.all(WRITTEN.map((written) => stored(key, written)));
  });
  beforeEach(() => {
    unlockedJournals.unlock(JOURNAL.id, key);
    serve(memories);
    search = new LockedJournalSearch(JOURNAL, key);
  });
  afterEach(() => {
    search.dispose();
    unlockedJournals.lockAll();
  });

  it('requires every word, without case or accents, in the title, the text or the tags', async () => {
    expect(await ids('rain morning')).toEqual(['harbour']);
    expect(await ids('CAFE lighthouse')).toEqual(['harbour']);
    expect(await ids('snow winter')).toEqual(['snow']);
    expect(await ids('travel ')).toEqual(['harbour']);
    expect(await ids('rain sunshine')).toEqual([]);
  });

  it('matches the last word as a prefix only while it is being typed', async () => {
    expect(await ids('snowm')).toEqual(['snow']);
    expect(await ids('snowm ')).toEqual([]);
    expect(await ids('snowm children')).toEqual([]);
  });

  it('finds an "exact phrase" only with its words next to each other, in order', async () => {
    expect(await ids('"the old lighthouse"')).toEqual(['harbour']);
    expect(await ids('"lighthouse old"')).toEqual([]);
    expect(await ids('"road trip"')).toEqual(['harbour']);
    // Words, not parts of them: "ran" is not in "Rain", nor "now" in "Snow"; punctuation between words is no gap.
    expect(await ids('"lighthouse rain" ')).toEqual(['harbour']);
    expect(await ids('ran ')).toEqual([]);
    expect(await ids('now ')).toEqual([]);
    // Two tags are not one phrase.
    expect(await ids('"travel road"')).toEqual([]);
  });

  it('reads a letter beyond the Basic Multilingual Plane as one letter, on either side of a word', async () => {
    search.dispose();
    serve([
      await stored(key, { id: 'ideogram', title: 'Notes', text: 'rain\u{20000} and \u{20000}snow', day: '2024-07-01' }),
    ]);
    search = new LockedJournalSearch(JOURNAL, key);
    expect(await ids('rain ')).toEqual([]);
    expect(await ids('snow ')).toEqual([]);
    expect(await ids('and ')).toEqual(['ideogram']);
  });

  it('leaves out -words and -"phrases", and takes either side of OR', async () => {
    expect(await ids('rain -morning')).toEqual(['evening']);
    expect(await ids('rain -"all morning"')).toEqual(['evening']);
    expect((await ids('snowman OR lighthouse')).sort()).toEqual(['harbour', 'snow']);
  });

  it('reads tag:, -tag:, is:, mood: and has:image', async () => {
    expect(await ids('tag:winter')).toEqual(['snow']);
    expect(await ids('tag:"road trip"')).toEqual(['harbour']);
    expect(await ids('tag:road')).toEqual([]);
    expect(await ids('-tag:travel')).toEqual(['evening', 'snow']);
    expect(await ids('is:draft')).toEqual(['snow']);
    expect(await ids('is:published')).toEqual(['evening', 'harbour']);
    expect(await ids('mood:>=4')).toEqual(['harbour', 'snow']);
    expect(await ids('mood:<3')).toEqual(['evening']);
    expect(await ids('has:image')).toEqual(['harbour']);
    expect(await ids('-has:image')).toEqual(['evening', 'snow']);
  });

  it('reads before: and after: as strictly before and after the day, with the list filters inclusive', async () => {
    expect(await ids('after:2024-03-10')).toEqual(['evening']);
    expect(await ids('before:2024-03-10')).toEqual(['snow']);
    expect(await ids('after:2024-01-01 before:2024-06-01')).toEqual(['harbour', 'snow']);
    const { memories: found } = await search.search({ q: 'rain', dateFrom: '2024-03-10', dateTo: '2024-03-10' });
    expect(found.map((memory) => memory.id)).toEqual(['harbour']);
  });

  it('ranks a title match first, the newest first among equals, or in the order asked for', async () => {
    expect(await ids('snow OR rain')).toEqual(['snow', 'evening', 'harbour']);
    const byTitle = await search.search({ q: 'snow OR rain', sortBy: 'title', sortDirection: 'asc' });
    expect(byTitle.memories.map((memory) => memory.id)).toEqual(['harbour', 'evening', 'snow']);
  });

  it('answers a page with pagination, each hit as the server sent it with a snippet around the first match', async () => {
    const answer = await search.search({ q: 'cafe', page: 0, size: 12 });
    expect(answer.pagination).toMatchObject({ currentPage: 0, totalElements: 1, totalPages: 1 });
    expect(answer.limited).toBe(false);
    const [hit] = answer.memories;
    // The opened title and text stay in the search: the hit itself is the sealed memory.
    expect(hit).toMatchObject({ id: 'harbour', title: '', contentJson: '', sealed: memories[0].sealed });
    expect(hit.highlight).toBe('We walked to the <mark>Café</mark> by the old lighthouse. Rain all morning.');

    const long = (await search.search({ q: 'fire' })).memories[0].highlight;
    expect(long.startsWith('… ')).toBe(true);
    expect(long.endsWith(' …')).toBe(true);
    expect(parseHighlightMarkup(long).filter((segment) => segment.marked)).toEqual([{ text: 'fire', marked: true }]);
  });

  it('opens every page of the journal once, telling how far it is, and keeps nothing in storage', async () => {
    const many = await Promise.all(
      Array.from({ length: 130 }, (_, index) =>
        stored(key, { id: `m${index}`, title: `Entry ${index}`, text: 'pebble', day: '2023-05-05' }),
      ),
    );
    const list = serve([...memories, ...many]);
    const progress: LockedSearchProgress[] = [];

    const first = await search.search({ q: 'pebble', size: 100 }, { onProgress: (step) => progress.push(step) });
    expect(first.pagination.totalElements).toBe(130);
    expect(list).toHaveBeenCalledTimes(2);
    expect(progress.at(0)).toEqual({ opened: 0, total: 133 });
    expect(progress.at(-1)).toEqual({ opened: 133, total: 133 });

    await search.search({ q: 'harbour' });
    expect(list).toHaveBeenCalledTimes(2);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('takes the pages fetched while the journal was being unlocked, and asks for each of them no more', async () => {
    search.dispose();
    unlockedJournals.lockAll();
    const list = serve(memories);
    // Asked for as the unlock starts, before any key: ciphertext only.
    fetchLockedJournalEarly(JOURNAL.id, memories.length);
    expect(list).toHaveBeenCalledTimes(1);
    unlockedJournals.unlock(JOURNAL.id, key);
    search = new LockedJournalSearch(JOURNAL, key);

    expect(await ids('rain')).toEqual(['evening', 'harbour']);
    expect(list).toHaveBeenCalledTimes(1);
    // Taken once: a new search of the journal (after a lock, say) asks the server again.
    search.dispose();
    search = new LockedJournalSearch(JOURNAL, key);
    expect(await ids('rain')).toEqual(['evening', 'harbour']);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('drops what it opened when the journal locks, and refuses to search until it is unlocked again', async () => {
    await ids('rain');
    unlockedJournals.lock(JOURNAL.id);

    expect(search.disposed).toBe(true);
    await expect(search.search({ q: 'rain' })).rejects.toBeInstanceOf(JournalLockedError);
  });

  it('matches nothing for text that is no word, and stops waiting when its signal aborts', async () => {
    expect(await ids('!!!')).toEqual([]);
    const controller = new AbortController();
    const waiting = new LockedJournalSearch(JOURNAL, key).search({ q: 'rain' }, { signal: controller.signal });
    controller.abort(new Error('typed on'));
    await expect(waiting).rejects.toThrow('typed on');
  });
});
