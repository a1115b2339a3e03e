import {
  DEFAULT_PAGE_SIZE,
  isEmptySearchQuery,
  MAX_PAGE_SIZE,
  parseSearchQuery,
  searchQueryHasText,
  toHighlightMarkup,
  toPagination,
  type HighlightSegment,
  type Journal,
  type Memory,
  type MemoryListQuery,
  type MemorySearchQuery,
  type ParsedSearchQuery,
  type SearchTerm,
} from '@memories/contracts';
import { journalsApi, type MemoryList, type MemorySearchResult } from '@memories/web-api-client';
import { JournalLockedError, unlockedJournals } from '@memories/web-crypto';
import { openSealedText } from './sealed-memories';

/**
 * Most memories of one journal a search opens: bounds the requests, the time spent decrypting and what the tab holds.
 * A journal with more is searched in its newest ones, and the answer says so (`limited`), as the server's does.
 */
export const LOCKED_SEARCH_MAX_MEMORIES = 5_000;
const MAX_PAGES = Math.ceil(LOCKED_SEARCH_MAX_MEMORIES / MAX_PAGE_SIZE);
/** How often the first search says how far it has come. */
const PROGRESS_INTERVAL_MS = 250;

/** How long list pages fetched while a journal was being unlocked wait for the search that opens them. */
const EARLY_PAGES_KEPT_MS = 60_000;

/** The list query of every page the search reads: newest first, the largest pages. */
const pageQuery = (page: number) =>
  ({ page, size: MAX_PAGE_SIZE, sortBy: 'createdAt', sortDirection: 'desc' }) satisfies MemoryListQuery;

/** A locked journal's list pages asked for before its key was known (see fetchLockedJournalEarly), by journal. */
const earlyPages = new Map<string, { pages: Map<number, Promise<MemoryList>>; expires: number }>();

/**
 * Starts fetching the list pages a search of a locked journal reads (for `expected` memories, the journal's count)
 * while the journal is being unlocked: the ciphertext comes over the network while the passphrase is stretched, which
 * holds the page's main thread, and the search takes it from here. Ciphertext only, as the server sends it; dropped
 * after a minute when no search takes it (the unlock failed, or was left).
 */
export function fetchLockedJournalEarly(journalId: string, expected: number): void {
  const count = Math.min(MAX_PAGES, Math.ceil(Math.min(expected, LOCKED_SEARCH_MAX_MEMORIES) / MAX_PAGE_SIZE));
  const pages = new Map<number, Promise<MemoryList>>();
  for (let page = 0; page < count; page++) {
    const fetched = journalsApi.memories(journalId, pageQuery(page));
    // A page no search takes must not fail unheard; one that is taken fails the search as its own fetch would.
    fetched.catch(() => undefined);
    pages.set(page, fetched);
  }
  earlyPages.set(journalId, { pages, expires: Date.now() + EARLY_PAGES_KEPT_MS });
}

/** A page fetched early for this journal, taken (once) while it is fresh. */
function takeEarlyPage(journalId: string, page: number): Promise<MemoryList> | undefined {
  const early = earlyPages.get(journalId);
  if (!early) return undefined;
  if (early.expires < Date.now()) {
    earlyPages.delete(journalId);
    return undefined;
  }
  const taken = early.pages.get(page);
  early.pages.delete(page);
  if (early.pages.size === 0) earlyPages.delete(journalId);
  return taken;
}

/** How far the first search has come opening the journal's memories. */
export interface LockedSearchProgress {
  opened: number;
  total: number;
}

/** A search as the dashboard asks the server for one: the typed text with the list's filters, order and page. */
export type LockedSearchRequest = Pick<
  MemorySearchQuery,
  'q' | 'tags' | 'dateFrom' | 'dateTo' | 'isDraft' | 'sortBy' | 'sortDirection' | 'page' | 'size'
>;

export interface LockedSearchOptions {
  /** Stops waiting for this search; the journal goes on opening for the next one. */
  signal?: AbortSignal;
  /** Called as memories are opened, while the first search waits for them. */
  onProgress?: (progress: LockedSearchProgress) => void;
}

// PostgreSQL's weights of the title (A) and the text (B), which the server's ranking gives them. Tags count as text.
const TITLE_WEIGHT = 1;
const TEXT_WEIGHT = 0.4;

// The server's snippets (ts_headline): a short text whole, a longer one cut to a fragment around the first match.
const WHOLE_TEXT_WORDS = 36;
const FRAGMENT_WORDS = 18;
/** Words kept before the first match, so the fragment reads as a sentence rather than starting on it. */
const WORDS_BEFORE_MATCH = 4;

/**
 * Runs of letters, digits and combining marks: the words PostgreSQL's parser finds, near enough. "well-known" is two
 * words, so typing it looks for them next to each other, as the server does.
 */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Letters unaccent turns into others that Unicode does not decompose into a base letter and a mark. */
const UNACCENTED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Text of printable ASCII and white space (anything else takes the long way, which is as right). */
const ASCII = /^[\t\n\r\x20-\x7e]*$/;

/** A word as it is compared: without case or accents (the server's unaccent and lower-casing: café = Cafe). */
function folded(word: string): string {
  // Most text is ASCII, which has no accents to take off: only its case (a tenth of the work, for a journal's search).
  if (ASCII.test(word)) return word.toLowerCase();
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/gu, (letter) => UNACCENTED[letter]);
}

interface Word {
  start: number;
  end: number;
  folded: string;
}

function wordsOf(text: string): Word[] {
  return Array.from(text.matchAll(WORD), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
    folded: folded(match[0]),
  })).filter((word) => word.folded !== '');
}

/** One character that is part of a word (see WORD), read at a UTF-16 index. */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;

const isFirstHalf = (code: number) => code >= 0xd800 && code <= 0xdbff;

function isWordCharacterAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  // ASCII, nearly all of it: digits and letters.
  if (code < 0x80) return (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122);
  if (Number.isNaN(code)) return false;
  // A letter beyond the Basic Multilingual Plane is two units: read it whole from either half.
  const secondHalf = code >= 0xdc00 && code <= 0xdfff && at > 0 && isFirstHalf(text.charCodeAt(at - 1));
  const start = secondHalf ? at - 1 : at;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(start) ?? code));
}

/** A term as it is looked for: its folded words in a row, the last one maybe only begun. */
interface Needle {
  words: string[];
  prefix: boolean;
}

function needleOf(term: SearchTerm): Needle {
  return { words: wordsOf(term.text).map((word) => word.folded), prefix: term.kind === 'word' && term.prefix };
}

/**
 * Whether the needle's words are in the folded text from `at` on, as whole words (the last one begun, for a prefix)
 * with nothing but non-words between them: as if the text were its words joined by single spaces.
 */
function matchesFrom(text: string, at: number, { words, prefix }: Needle): boolean {
  let position = at;
  for (let index = 0; index < words.length; index++) {
    // The word before ended at a non-word (checked below): skip to the next word.
    if (index > 0) while (position < text.length && !isWordCharacterAt(text, position)) position++;
    if (!text.startsWith(words[index], position)) return false;
    position += words[index].length;
    const begun = prefix && index === words.length - 1;
    if (!begun && isWordCharacterAt(text, position)) return false;
  }
  return true;
}

/** How often the needle is in a folded text (found: more than none), each time starting where a word starts. */
function occurrences(text: string, needle: Needle, { once = false } = {}): number {
  if (needle.words.length === 0) return 0;
  let count = 0;
  for (let at = text.indexOf(needle.words[0]); at !== -1; at = text.indexOf(needle.words[0], at + 1)) {
    if ((at > 0 && isWordCharacterAt(text, at - 1)) || !matchesFrom(text, at, needle)) continue;
    count++;
    if (once) break;
  }
  return count;
}

/**
 * A memory of the journal, opened. Held only in this object, in the tab's memory: never written to any storage, never
 * sent, dropped when the journal locks. The memory itself stays as the server sent it (its plaintext fields empty):
 * a hit carries that one, so nothing opened reaches navigation state or the offline copies.
 */
interface OpenedEntry {
  memory: Memory;
  title: string;
  text: string;
  tags: string[];
  mood: number | null;
  /**
   * The title, the text and each tag folded (searchable without case or accents): searched in place, since splitting
   * them into words for every memory was most of what a journal's first search spent beside decrypting.
   */
  folded: { title: string; text: string; tags: string[] };
}

interface Loaded {
  entries: OpenedEntry[];
  /** The journal has more memories than were opened. */
  limited: boolean;
}

/** The parsed query, its terms ready to look for. */
interface CompiledQuery {
  parsed: ParsedSearchQuery;
  clauses: Needle[][];
  excluded: Needle[];
}

/**
 * Search in a locked journal, whose memories the server holds only as ciphertext: it opens every memory of the
 * journal in this tab (once, for every search after) and matches them against the query with the search box's syntax
 * (`parseSearchQuery`: words, the last one also as a prefix while typed, "phrases", -exclusions, OR, tag:, before:,
 * after:, is:, mood:, journal:). Words match without case or accents in the title, the text and the tags. Unlike the
 * server, other forms of a word are not found (the server adds the forms its owner wrote, "walked" for "walk"):
 * this search matches words as typed. `has:image` finds the memories that name images beside their ciphertext.
 *
 * One instance per journal key: it drops what it opened when that key is no longer the journal's unlocked key (a
 * lock, asked for, after the idle time or at sign-out) or at `dispose()`.
 */
export class LockedJournalSearch {
  private loading: Promise<Loaded> | undefined;
  private readonly listeners = new Set<(progress: LockedSearchProgress) => void>();
  private progress: LockedSearchProgress | undefined;
  private readonly controller = new AbortController();
  private readonly stopWatching: () => void;

  constructor(
    private readonly journal: Pick<Journal, 'id' | 'name'>,
    private readonly key: CryptoKey,
  ) {
    this.stopWatching = unlockedJournals.subscribe(() => {
      if (!this.unlocked()) this.dispose();
    });
  }

  /** True once the opened memories are dropped: a new search needs a new instance, with the key unlocked again. */
  get disposed(): boolean {
    return this.controller.signal.aborted;
  }

  dispose(): void {
    if (this.disposed) return;
    this.controller.abort(new JournalLockedError(this.journal.id));
    this.stopWatching();
    this.loading = undefined;
    this.listeners.clear();
  }

  /** One page of the memories that match, in the order asked for (by default as the server orders a search). */
  async search(request: LockedSearchRequest, options: LockedSearchOptions = {}): Promise<MemorySearchResult> {
    if (this.disposed || !this.unlocked()) throw new JournalLockedError(this.journal.id);
    const { onProgress, signal } = options;
    if (onProgress) {
      this.listeners.add(onProgress);
      if (this.progress) onProgress(this.progress);
    }
    try {
      const loaded = await untilAborted(this.loaded(), signal);
      return this.answer(loaded, request);
    } finally {
      if (onProgress) this.listeners.delete(onProgress);
    }
  }

  private unlocked(): boolean {
    return unlockedJournals.key(this.journal.id) === this.key;
  }

  private loaded(): Promise<Loaded> {
    if (!this.loading) {
      const loading = this.load();
      this.loading = loading;
      // A failed load (the network) is tried again by the next search.
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    }
    return this.loading;
  }

  private report(progress: LockedSearchProgress): void {
    this.progress = progress;
    for (const listener of this.listeners) listener(progress);
  }

  private async load(): Promise<Loaded> {
    try {
      return await this.openAll(this.controller.signal);
    } finally {
      this.progress = undefined;
    }
  }

  private async openAll(signal: AbortSignal): Promise<Loaded> {
    // By id: a memory written meanwhile moves the later pages by one, and the same memory may come twice.
    const entries = new Map<string, OpenedEntry>();
    let opened = 0;
    let total = 0;
    let more = true;
    const pageOf = (page: number) =>
      takeEarlyPage(this.journal.id, page) ?? journalsApi.memories(this.journal.id, pageQuery(page), { signal });
    let next = pageOf(0);
    let reported = -Infinity;
    const keep = async (opening: Promise<(OpenedEntry | undefined)[]>) => {
      const pageEntries = await opening;
      signal.throwIfAborted();
      for (const entry of pageEntries)
        if (entry && entries.size < LOCKED_SEARCH_MAX_MEMORIES) entries.set(entry.memory.id, entry);
      // Once a page, and at most a few times a second: the progress a person reads, without a render of the page for
      // each step of it (rendering it was a tenth of the first search's time at 4x throttle).
      opened += pageEntries.length;
      if (!more || performance.now() - reported >= PROGRESS_INTERVAL_MS) {
        reported = performance.now();
        this.report({ opened, total: Math.max(total, opened) });
      }
    };
    // Each page is kept (its entries and the progress) as soon as its memories are open, in order, while the next
    // page's memories are being decrypted (WebCrypto works off this thread): the thread does not wait for a page's
    // last decryption before it starts on the next page, nor does a page's progress wait for the next page's list.
    let keeping: Promise<void> = Promise.resolve();
    for (let page = 0; more && page < MAX_PAGES; page++) {
      const list = await next;
      signal.throwIfAborted();
      more = list.pagination.hasNext && list.memories.length > 0;
      // The next page is on its way while this one is opened.
      if (more && page + 1 < MAX_PAGES) next = pageOf(page + 1);
      total = Math.min(list.pagination.totalElements, LOCKED_SEARCH_MAX_MEMORIES);
      if (page === 0) this.report({ opened, total: Math.max(total, opened) });
      // open() never rejects: a memory that does not open is left out.
      const opening = Promise.all(list.memories.map((memory) => this.open(memory)));
      const before = keeping;
      keeping = before.then(() => keep(opening));
      // Heard here or at the next await: an aborted search must not also report an unhandled rejection.
      keeping.catch(() => undefined);
      // At most two pages at a time: this one being opened while the one before it is kept.
      await before;
    }
    await keeping;
    return { entries: [...entries.values()], limited: more };
  }

  private async open(memory: Memory): Promise<OpenedEntry | undefined> {
    try {
      // Every memory of a locked journal is sealed; one that is not holds nothing to search here.
      if (!memory.sealed) return undefined;
      const opened = await openSealedText(memory.journalId, memory.sealed, this.key);
      const text = opened.plainText;
      return {
        memory,
        title: opened.title,
        text,
        tags: opened.tags,
        mood: opened.mood,
        folded: { title: folded(opened.title), text: folded(text), tags: opened.tags.map(folded) },
      };
    } catch {
      // A memory that does not open is shown as such by its card; it cannot be found, and the others still can.
      return undefined;
    }
  }

  private answer({ entries, limited }: Loaded, request: LockedSearchRequest): MemorySearchResult {
    const page = Math.max(0, request.page ?? 0);
    const size = Math.min(Math.max(1, request.size ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
    const parsed = parseSearchQuery(request.q);
    const query: CompiledQuery = {
      parsed,
      clauses: parsed.clauses.map((clause) => clause.map(needleOf)),
      excluded: parsed.excluded.map(needleOf),
    };
    // Something typed that is neither a word nor an operator (only punctuation) matches nothing, as on the server.
    const unsearchable = Boolean(request.q?.trim()) && isEmptySearchQuery(parsed);
    const matches = unsearchable ? [] : entries.filter((entry) => this.matches(entry, query, request));
    const sortBy = request.sortBy ?? (searchQueryHasText(parsed) ? 'relevance' : 'createdAt');
    const direction = request.sortDirection ?? (sortBy === 'title' ? 'asc' : 'desc');
    const scores = new Map(matches.map((entry) => [entry, sortBy === 'relevance' ? score(entry, query) : 0]));
    const sign = direction === 'asc' ? 1 : -1;
    const byKey = (key: (entry: OpenedEntry) => string) => (a: OpenedEntry, b: OpenedEntry) =>
      sign * (compare(key(a), key(b)) || compare(a.memory.id, b.memory.id));
    const newest = (a: OpenedEntry, b: OpenedEntry) =>
      compare(b.memory.createdAt, a.memory.createdAt) || compare(b.memory.id, a.memory.id);
    const order = {
      relevance: (a: OpenedEntry, b: OpenedEntry) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || newest(a, b),
      createdAt: byKey((entry) => entry.memory.createdAt),
      date: byKey((entry) => entry.memory.date),
      title: byKey((entry) => entry.title.toLowerCase()),
    }[sortBy];
    const shown = matches.sort(order).slice(page * size, (page + 1) * size);
    const needles = query.clauses.flat();
    return {
      memories: shown.map((entry) => ({ ...entry.memory, highlight: snippetOf(entry.text, needles) })),
      pagination: toPagination(page, size, matches.length),
      limited,
    };
  }

  private matches(entry: OpenedEntry, { parsed, clauses, excluded }: CompiledQuery, request: LockedSearchRequest) {
    // Each tag on its own: a phrase never runs from one tag into the next.
    const found = (needle: Needle) =>
      [entry.folded.title, entry.folded.text, ...entry.folded.tags].some(
        (text) => occurrences(text, needle, { once: true }) > 0,
      );
    const day = entry.memory.date.slice(0, 10);
    const drafts = [request.isDraft, parsed.isDraft].filter((state) => state !== undefined);
    const tags = [...(request.tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''), ...parsed.tags];
    const journalNamed =
      parsed.journals.length === 0 ||
      parsed.journals.some((name) => name.toLowerCase() === this.journal.name.toLowerCase());
    return (
      journalNamed &&
      clauses.every((clause) => clause.some(found)) &&
      !excluded.some(found) &&
      tags.every((tag) => entry.tags.includes(tag)) &&
      !parsed.excludedTags.some((tag) => entry.tags.includes(tag)) &&
      drafts.every((isDraft) => entry.memory.isDraft === isDraft) &&
      // A locked memory names its images beside its ciphertext.
      (parsed.hasImage === undefined || hasImages(entry.memory) === parsed.hasImage) &&
      (!parsed.mood ||
        (entry.mood !== null && entry.mood >= parsed.mood.atLeast && entry.mood <= parsed.mood.atMost)) &&
      // Strictly after / before a day; the list's own range includes its ends (the dashboard sends days).
      (!parsed.after || day > parsed.after) &&
      (!parsed.before || day < parsed.before) &&
      (!request.dateFrom || day >= request.dateFrom.slice(0, 10)) &&
      (!request.dateTo || day <= request.dateTo.slice(0, 10))
    );
  }
}

function hasImages(memory: Memory): boolean {
  return (memory.sealed?.imageUrls.length ?? 0) > 0;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A rough ts_rank: every occurrence of a term to find, weighted by where it is. */
function score(entry: OpenedEntry, { clauses }: CompiledQuery): number {
  return clauses
    .flat()
    .reduce(
      (sum, needle) =>
        sum +
        TITLE_WEIGHT * occurrences(entry.folded.title, needle) +
        TEXT_WEIGHT *
          (occurrences(entry.folded.text, needle) +
            entry.folded.tags.reduce((inTags, tag) => inTags + occurrences(tag, needle), 0)),
      0,
    );
}

function matchesAt(words: readonly Word[], at: number, needle: Needle): boolean {
  return needle.words.every((folded, offset) => {
    const word = words[at + offset]?.folded;
    if (word === undefined) return false;
    return needle.prefix && offset === needle.words.length - 1 ? word.startsWith(folded) : word === folded;
  });
}

/**
 * The `highlight` of a hit, as the server builds one: the text whole when short, else a fragment from just before the
 * first match (the text's start when only the title or a tag matched), the matched words marked, "…" where cut.
 */
function snippetOf(text: string, needles: readonly Needle[]): string {
  const words = wordsOf(text);
  const marked = new Array<boolean>(words.length).fill(false);
  let first = words.length;
  for (const needle of needles) {
    if (needle.words.length === 0) continue;
    for (let at = 0; at < words.length; at++) {
      if (!matchesAt(words, at, needle)) continue;
      marked.fill(true, at, at + needle.words.length);
      first = Math.min(first, at);
    }
  }
  const whole = words.length <= WHOLE_TEXT_WORDS;
  const from =
    whole || first === words.length
      ? 0
      : Math.max(0, Math.min(first - WORDS_BEFORE_MATCH, words.length - FRAGMENT_WORDS));
  const to = whole ? words.length : Math.min(words.length, from + FRAGMENT_WORDS);
  const segments: HighlightSegment[] = from > 0 ? [{ text: '… ', marked: false }] : [];
  for (let at = from; at < to; at++) {
    if (at > from)
      segments.push({ text: text.slice(words[at - 1].end, words[at].start).replace(/\s+/gu, ' '), marked: false });
    segments.push({ text: text.slice(words[at].start, words[at].end), marked: marked[at] });
  }
  if (to < words.length) segments.push({ text: ' …', marked: false });
  else if (to > 0)
    segments.push({
      text: text
        .slice(words[to - 1].end)
        .replace(/\s+/gu, ' ')
        .trimEnd(),
      marked: false,
    });
  return toHighlightMarkup(segments);
}

/** The promise, or its signal's reason once the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
