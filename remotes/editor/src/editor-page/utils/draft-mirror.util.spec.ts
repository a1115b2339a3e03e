import fc from 'fast-check';
import type { DocumentJsonParts } from '../../rich-text/document-json-text.util';
import { differsFrom, draftMirror, draftMirrorKey, type MirroredDraft } from './draft-mirror.util';
import type { EditorDocument } from './editor-document';

const fields = { title: 'Trip', date: '2026-05-01', tags: ['sea'], thumbnailUrl: '', mood: null };
const key = draftMirrorKey('u1', 'm1');

const paragraph = (text: string) =>
  text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' };
/** As ProseMirror writes a document: without `content` when it has no blocks. */
const documentOf = (texts: readonly string[]): EditorDocument =>
  texts.length === 0 ? { type: 'doc' } : { type: 'doc', content: texts.map(paragraph) };
/** The parts the rich-text editor's `getJSONParts` gives for this document. */
const partsOf = (doc: EditorDocument): DocumentJsonParts => ({
  head: JSON.stringify({ type: 'doc' }),
  blocks: (doc.content ?? []).map((block) => JSON.stringify(block)),
});
const write = (doc: EditorDocument, savedAt = 1) =>
  draftMirror.write(key, { ...fields, content: partsOf(doc), savedAt });

/** Characters given to localStorage.setItem while `act` runs. */
function charactersStored(act: () => void): number {
  const setItem = jest.spyOn(Storage.prototype, 'setItem');
  try {
    act();
    return setItem.mock.calls.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  } finally {
    setItem.mockRestore();
  }
}

/** Every key this mirror has in storage: its own and its chunks'. */
const storedKeys = () => Object.keys(localStorage).filter((stored) => stored === key || stored.startsWith(`${key}#`));

const journal = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => `Day ${index + 1}: we walked ${index % 7} miles along the shore and talked about ${index * 13}.`,
  );

describe('the local mirror', () => {
  const draft: MirroredDraft = { ...fields, content: documentOf(['We went.']), savedAt: 1 };

  beforeEach(() => localStorage.clear());

  it('keeps one draft per user and memory, and reads back only well-formed drafts', () => {
    expect(write(draft.content)).toBe(true);

    expect(draftMirror.read(key)).toEqual(draft);
    expect(draftMirror.read(draftMirrorKey('u2', 'm1'))).toBeNull();
    expect(draftMirror.read(draftMirrorKey('u1', null))).toBeNull();

    localStorage.setItem(draftMirrorKey('u1', 'm2'), '{"title":1}');
    expect(draftMirror.read(draftMirrorKey('u1', 'm2'))).toBeNull();
    localStorage.setItem(draftMirrorKey('u1', 'm3'), 'not JSON');
    expect(draftMirror.read(draftMirrorKey('u1', 'm3'))).toBeNull();
    expect(
      draftMirror.write(draftMirrorKey('u1', 'm3'), { ...fields, content: partsOf(draft.content), savedAt: 1 }),
    ).toBe(true);
    expect(draftMirror.read(draftMirrorKey('u1', 'm3'))).toEqual(draft);
  });

  it('reads a draft kept by a version before mirrors were cut into chunks', () => {
    localStorage.setItem(key, JSON.stringify(draft));

    expect(draftMirror.read(key)).toEqual(draft);
    expect(write(documentOf(['We went.', 'And back.']), 2)).toBe(true);
    expect(draftMirror.read(key)).toEqual({ ...fields, content: documentOf(['We went.', 'And back.']), savedAt: 2 });
  });

  it('stores only the chunks an edit changed, in a long memory', () => {
    const texts = journal(3_000);
    const whole = charactersStored(() => write(documentOf(texts)));

    texts[1_500] += ' It rained.';
    const typed = charactersStored(() => write(documentOf(texts)));
    texts.splice(2_000, 0, 'A new day.');
    const added = charactersStored(() => write(documentOf(texts)));
    texts.splice(10, 1);
    const removed = charactersStored(() => write(documentOf(texts)));

    for (const edit of [typed, added, removed]) expect(edit).toBeLessThan(whole / 20);
    expect(draftMirror.read(key)?.content).toEqual(documentOf(texts));
    // The chunks the edits replaced are gone.
    expect(storedKeys().length).toBeLessThan(3_000 / 8);
  });

  it('keeps the previous draft whole when the browser refuses a write half-way, and leaves nothing of it behind', () => {
    const texts = journal(1_000);
    write(documentOf(texts));
    const before = storedKeys().sort();

    const edited = texts.map((text) => `${text} Later.`);
    const store = Storage.prototype.setItem;
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    setItem
      .mockImplementationOnce(function (this: Storage, name, value) {
        store.call(this, name, value);
      })
      .mockImplementationOnce(() => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(write(documentOf(edited), 2)).toBe(false);
    } finally {
      setItem.mockRestore();
      consoleError.mockRestore();
    }

    expect(draftMirror.read(key)).toEqual({ ...fields, content: documentOf(texts), savedAt: 1 });
    expect(storedKeys().sort()).toEqual(before);
    expect(write(documentOf(edited), 3)).toBe(true);
    expect(draftMirror.read(key)?.content).toEqual(documentOf(edited));
  });

  it('stores the chunks ahead in slices, so that the write stores only the mirror itself', () => {
    const doc = documentOf(journal(2_000));
    let slices = 0;
    const slice = () => {
      let left = 5;
      slices += 1;
      return () => left-- > 0;
    };

    const ahead = charactersStored(() => {
      while (!draftMirror.prepare(key, partsOf(doc), slice()));
    });
    const written = charactersStored(() => write(doc));

    expect(slices).toBeGreaterThan(5);
    expect(written).toBeLessThan(ahead / 20);
    expect(draftMirror.read(key)?.content).toEqual(doc);
    expect(storedKeys().length).toBe(
      1 + (JSON.parse(localStorage.getItem(key) as string) as { contentChunks: string[] }).contentChunks.length,
    );
  });

  it('stores at least one chunk per slice, however short the slice', () => {
    const doc = documentOf(journal(2_000));
    let slices = 1;
    while (!draftMirror.prepare(key, partsOf(doc), () => false)) slices += 1;
    write(doc);

    const { contentChunks } = JSON.parse(localStorage.getItem(key) as string) as { contentChunks: string[] };
    expect(slices).toBe(contentChunks.length);
    expect(storedKeys().length).toBe(1 + contentChunks.length);
  });

  it('stores again at the write a chunk stored ahead that was removed since, and a refused write removes what it stored ahead', () => {
    const doc = documentOf(journal(500));
    draftMirror.prepare(key, partsOf(doc), () => true);
    // A save in another tab removed this memory's mirror with every chunk.
    for (const stored of storedKeys()) localStorage.removeItem(stored);
    write(doc);
    expect(draftMirror.read(key)?.content).toEqual(doc);

    const edited = documentOf(journal(500).map((text) => `${text} Later.`));
    const before = storedKeys().sort();
    draftMirror.prepare(key, partsOf(edited), () => true);
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(write(edited, 2)).toBe(false);
    } finally {
      setItem.mockRestore();
      consoleError.mockRestore();
    }
    expect(storedKeys().sort()).toEqual(before);
    expect(draftMirror.read(key)?.content).toEqual(doc);
  });

  it('writes whole again what another tab replaced under the same mirror', () => {
    const texts = journal(500);
    write(documentOf(texts));
    // Another tab wrote its own chunks and removed these.
    for (const stored of storedKeys()) localStorage.removeItem(stored);
    localStorage.setItem(
      key,
      JSON.stringify({ ...fields, savedAt: 5, contentHead: '{"type":"doc"}', contentChunks: ['other0'] }),
    );
    localStorage.setItem(`${key}#other0`, JSON.stringify(paragraph('From the other tab.')));

    texts[0] += '!';
    write(documentOf(texts), 6);

    expect(draftMirror.read(key)).toEqual({ ...fields, content: documentOf(texts), savedAt: 6 });
    expect(localStorage.getItem(`${key}#other0`)).toBeNull();
  });

  it('gives nothing back rather than a document with a chunk missing', () => {
    write(documentOf(journal(500)));
    const chunk = storedKeys().find((stored) => stored.includes('#'));
    localStorage.removeItem(chunk as string);

    expect(draftMirror.read(key)).toBeNull();
  });

  it('removes the mirror with all its chunks, also those a write cut short left unlisted, and no other mirror', () => {
    write(documentOf(journal(500)));
    localStorage.setItem(`${key}#left0`, '{"type":"paragraph"}');
    const other = draftMirrorKey('u1', 'm10');
    draftMirror.write(other, { ...fields, content: partsOf(documentOf(['Another memory.'])), savedAt: 1 });

    draftMirror.remove(key);

    expect(storedKeys()).toEqual([]);
    expect(draftMirror.read(other)?.content).toEqual(documentOf(['Another memory.']));
  });

  it('reads back what was written last, whatever the edits and the storing ahead, and keeps no chunk it does not list', () => {
    // Each edit may be followed by a slice of storing ahead (chunks it may store before the slice ends), as idle time
    // allows.
    const ahead = fc.option(fc.nat({ max: 4 }));
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('type' as const), at: fc.nat(), text: fc.string({ maxLength: 5 }), ahead }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 30 }), ahead }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(), ahead }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 400 }),
        fc.array(edit, { maxLength: 12 }),
        (start, edits) => {
          localStorage.clear();
          draftMirror.remove(key);
          const texts = [...start];
          write(documentOf(texts));
          for (const change of edits) {
            const at = texts.length === 0 ? 0 : change.at % texts.length;
            if (change.kind === 'type' && texts.length > 0) texts[at] += change.text;
            if (change.kind === 'insert') texts.splice(at, 0, change.text);
            if (change.kind === 'remove') texts.splice(at, 1);
            if (change.ahead !== null) {
              let left = change.ahead;
              draftMirror.prepare(key, partsOf(documentOf(texts)), () => left-- > 0);
            }
            write(documentOf(texts));
            const stored = JSON.parse(localStorage.getItem(key) as string) as { contentChunks: string[] };
            expect(draftMirror.read(key)?.content).toEqual(documentOf(texts));
            expect(storedKeys().length).toBe(1 + new Set(stored.contentChunks).size);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('tells whether a draft holds anything the loaded memory does not', () => {
    expect(differsFrom(draft, fields, draft.content)).toBe(false);
    expect(differsFrom(draft, { ...fields, tags: [] }, draft.content)).toBe(true);
    expect(differsFrom(draft, fields, { type: 'doc', content: [] })).toBe(true);
  });
});
