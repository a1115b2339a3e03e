import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARCHIVE_LIMITS } from '../../archive/archive-inspection';
import { ZipArchive } from '../../archive/zip-archive.reader';
import { dayOneArchive, pngBytes, zipBytes, type FixtureEntry } from '@memories/server-testing';
import { EntryRefusal, type ArchiveFormatReader, type DraftMemory } from '../source-entry';
import { DayOneReader, STARRED_TAG } from './day-one.reader';
import { MarkdownFilesReader } from './markdown-files.reader';
import { MAX_ENTRY_LENGTH, MAX_ENTRY_STRING_LENGTH } from './json-array.util';
import { MemoriesExportReader } from './memories-export.reader';

describe('archive readers', () => {
  let folder: string;
  const opened: ZipArchive[] = [];
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'readers-'));
  });
  afterAll(async () => {
    opened.forEach((archive) => archive.close());
    await rm(folder, { recursive: true, force: true });
  });

  async function open(entries: FixtureEntry[]): Promise<ZipArchive> {
    const file = path.join(folder, `${opened.length}.zip`);
    await writeFile(file, await zipBytes(entries));
    const archive = await ZipArchive.open(file, ARCHIVE_LIMITS.maxEntries);
    opened.push(archive);
    return archive;
  }

  async function read(reader: ArchiveFormatReader, archive: ZipArchive, root = '') {
    const entries: Array<{ sourceKey: string; label: string; draft?: DraftMemory; refusal?: string }> = [];
    for await (const entry of reader.entries(archive, root)) {
      try {
        entries.push({ sourceKey: entry.sourceKey, label: entry.label, draft: await entry.load() });
      } catch (error) {
        if (!(error instanceof EntryRefusal)) throw error;
        entries.push({ sourceKey: entry.sourceKey, label: entry.label, refusal: error.message });
      }
    }
    return entries;
  }

  const text = (draft: DraftMemory | undefined) => JSON.stringify(draft?.document);

  describe('Day One', () => {
    it('reads entries with their photos (found by MD5 even under a new identifier), dates in their time zone and metadata kept readable', async () => {
      const fixture = dayOneArchive();
      const archive = await open(fixture.entries);
      const reader = new DayOneReader();
      expect(await reader.count(archive, '')).toBe(2);
      const [cairns, home] = await read(reader, archive);

      expect(cairns.sourceKey).toBe('dayone:A1B2C3D4E5F60718293A4B5C6D7E8F90');
      expect(cairns.draft).toMatchObject({
        title: 'Cairns',
        date: '2021-03-03T22:48:50',
        createdAt: '2021-03-03T11:48:50.000Z',
        updatedAt: '2021-03-04T08:00:00.000Z',
        tags: ['travel', 'australia', STARRED_TAG],
        isDraft: false,
      });
      expect(text(cairns.draft)).toContain('Cairns here we come.');
      expect(text(cairns.draft)).not.toContain('\u200b');
      expect(text(cairns.draft)).not.toContain('dayone-moment');
      expect(text(cairns.draft)).toContain('Location: Esplanade, Cairns, Queensland, Australia');
      expect(text(cairns.draft)).toContain('Weather: 28 °C, Partly Cloudy');
      // The placed photo and the one the text does not place both end up as images.
      expect([...(cairns.draft?.images.values() ?? [])]).toEqual([
        expect.stringMatching(/^photos\/[0-9a-f]{32}\.jpeg$/),
        expect.stringMatching(/^photos\/[0-9a-f]{32}\.png$/),
      ]);
      expect(cairns.draft?.notes).toEqual(['A video was left out: Memories keeps text and images.']);

      expect(home.draft?.title).toBe('Back home, same photo again.');
      expect(home.draft?.date).toBe('2021-03-06T06:15:00');
      expect([...(home.draft?.images.values() ?? [])]).toEqual([[...(cairns.draft?.images.values() ?? [])][0]]);
    });

    it('reads each journal file as a journal of its own, named after the file', async () => {
      const entry = (uuid: string, text: string) => ({ uuid, creationDate: '2020-01-01T00:00:00Z', text });
      const archive = await open([
        { name: 'Travel.json', data: JSON.stringify({ entries: [entry('T1', 'Rome'), entry('T2', 'Oslo')] }) },
        { name: 'Kids.json', data: JSON.stringify({ entries: [entry('K1', 'First steps')] }) },
      ]);
      const entries = await read(new DayOneReader(), archive);
      expect(entries.map(({ draft }) => [draft?.title, draft?.journal])).toEqual([
        ['First steps', { sourceKey: 'dayone-journal:Kids', name: 'Kids', members: [] }],
        ['Rome', { sourceKey: 'dayone-journal:Travel', name: 'Travel', members: [] }],
        ['Oslo', { sourceKey: 'dayone-journal:Travel', name: 'Travel', members: [] }],
      ]);
    });

    it('fails an entry whose creationDate does not parse, alone', async () => {
      const archive = await open([
        {
          name: 'Journal.json',
          data: JSON.stringify({
            entries: [
              { uuid: 'X1', creationDate: 'yesterday', text: 'a' },
              { uuid: 'X2', creationDate: '2020-01-01T00:00:00Z', text: 'b' },
            ],
          }),
        },
      ]);
      const [bad, good] = await read(new DayOneReader(), archive);
      expect(bad.refusal).toBe('Its creationDate "yesterday" is not a date.');
      expect(good.draft?.title).toBe('b');
    });

    it('refuses a journal file that is not valid JSON before anything is imported', async () => {
      const archive = await open([{ name: 'Journal.json', data: '{"entries": [{"uuid": "X1",' }]);
      await expect(new DayOneReader().count(archive, '')).rejects.toThrow('Journal.json is not valid JSON');
    });
  });

  describe('Markdown files', () => {
    it('takes title, date and tags from front matter, else the first heading, else the file name', async () => {
      const archive = await open([
        { name: 'notes/2024-02-03-walk-in-the-park.md', data: 'Just text.' },
        {
          name: 'notes/front.md',
          data: '---\ntitle: From front matter\ndate: 2023-01-02\ntags: [a, b]\ndraft: true\nmood: 4\n---\n# Heading stays\n\nBody',
        },
        { name: 'notes/moody.md', data: '---\ntitle: Odd mood\nmood: 7\n---\nBody' },
        { name: 'notes/heading.md', data: '# The heading\n\nBody with ![pic](img/p.png) and ![gone](img/missing.png)' },
        { name: 'notes/img/p.png', data: pngBytes(1) },
      ]);
      const [walk, front, heading, moody] = await read(new MarkdownFilesReader(), archive, 'notes/');
      expect(walk.draft).toMatchObject({ title: 'walk in the park', date: '2024-02-03' });
      expect(front.draft).toMatchObject({
        title: 'From front matter',
        date: '2023-01-02',
        tags: ['a', 'b'],
        isDraft: true,
        plainFields: { mood: 4 },
      });
      expect(walk.draft?.plainFields?.mood).toBeUndefined();
      // A mood that is none is left out, with a note, rather than failing the entry.
      expect(moody.draft?.plainFields?.mood).toBeUndefined();
      expect(moody.draft?.notes).toEqual([
        'Its mood 7 was left out: mood must be a whole number from 1 to 5, or null.',
      ]);
      expect(text(front.draft)).toContain('Heading stays');
      expect(heading.sourceKey).toBe('markdown:heading.md');
      expect(heading.draft?.title).toBe('The heading');
      expect(text(heading.draft)).not.toContain('The heading');
      expect([...(heading.draft?.images.entries() ?? [])]).toEqual([['img/p.png', 'notes/img/p.png']]);
      expect(heading.draft?.notes).toEqual(['Image img/missing.png is not in the archive and was left out.']);
    });

    it("reads Memos' old export: the date from the name, inline #tags as tags", async () => {
      const archive = await open([
        { name: '2023-05-01T08:30:00Z-42-PRIVATE.md', data: 'Bought #books and #coffee today' },
      ]);
      const [memo] = await read(new MarkdownFilesReader(), archive);
      expect(memo.sourceKey).toBe('memos:42');
      expect(memo.draft).toMatchObject({
        title: 'Bought #books and #coffee today',
        date: '2023-05-01T08:30:00',
        tags: ['books', 'coffee'],
        createdAt: '2023-05-01T08:30:00.000Z',
      });
    });

    it('fails a file whose front matter date does not parse, or whose YAML is broken', async () => {
      const archive = await open([
        { name: 'a.md', data: '---\ndate: not a date\n---\nx' },
        { name: 'b.md', data: '---\ntitle: [unclosed\n---\nx' },
      ]);
      const [a, b] = await read(new MarkdownFilesReader(), archive);
      expect(a.refusal).toBe('Its date "not a date" is not a date.');
      expect(b.refusal).toMatch(/^The front matter of b.md is not valid YAML/);
    });
  });

  describe('our own export', () => {
    it('reads memories.json losslessly, with its images beside it', async () => {
      const document = {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] },
          { type: 'image', attrs: { src: 'images/x/1.png' } },
        ],
      };
      const manifest = {
        format: 'memories-export',
        version: 1,
        memories: [
          {
            id: '3f2c1a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f',
            title: 'Kept',
            date: '2024-05-01T12:00:00',
            contentJson: document,
            tags: ['t'],
            isDraft: true,
            mood: 2,
            thumbnailUrl: 'images/x/1.png',
            sharedWith: ['friend@example.com'],
            createdAt: '2024-05-01T10:00:00.000Z',
            updatedAt: '2024-05-02T10:00:00.000Z',
            viewCount: 3,
            likeCount: 0,
            commentCount: 0,
          },
          { id: 'no-document', title: 'Broken', date: '2024-05-01' },
        ],
      };
      const archive = await open([
        { name: 'memories.json', data: JSON.stringify(manifest) },
        { name: 'images/x/1.png', data: pngBytes(2) },
      ]);
      const reader = new MemoriesExportReader();
      expect(await reader.count(archive, '')).toBe(2);
      const [kept, broken] = await read(reader, archive);
      expect(kept.sourceKey).toBe('memories:3f2c1a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f');
      expect(kept.draft).toMatchObject({
        title: 'Kept',
        originalId: '3f2c1a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f',
        isDraft: true,
        plainFields: { mood: 2 },
        thumbnail: 'images/x/1.png',
        recipients: ['friend@example.com'],
        counts: { viewCount: 3, likeCount: 0, commentCount: 0 },
      });
      expect([...(kept.draft?.images.entries() ?? [])]).toEqual([['images/x/1.png', 'images/x/1.png']]);
      expect(kept.draft?.journal).toBeUndefined();
      expect(broken.refusal).toBe('Its contentJson is not an editor document.');
    });

    it('puts each memory back into its journal, with the members and the locked key the export kept', async () => {
      const envelope = { format: 1, passphrase: { wrappedKey: 'x' }, recovery: { wrappedKey: 'y' } };
      const journalId = '0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
      const manifest = {
        format: 'memories-export',
        version: 1,
        journals: [
          {
            id: journalId,
            name: 'Family',
            color: '#2e7d32',
            members: [
              { email: 'sam@example.com', role: 'editor' },
              { email: 'odd@example.com', role: 'owner' },
            ],
          },
          { id: 'locked-one', name: 'Private', color: 'red', keyEnvelope: envelope, members: [] },
        ],
        memories: [
          { id: 'a', title: 'Picnic', date: '2024-05-01', contentJson: { type: 'doc', content: [] }, journalId },
          { id: 'b', title: 'Alone', date: '2024-05-01', contentJson: { type: 'doc', content: [] } },
        ],
      };
      const archive = await open([{ name: 'memories.json', data: JSON.stringify(manifest) }]);
      const [picnic, alone] = await read(new MemoriesExportReader(), archive);
      expect(picnic.draft?.journal).toEqual({
        sourceKey: `memories-journal:${journalId}`,
        name: 'Family',
        color: '#2e7d32',
        members: [{ email: 'sam@example.com', role: 'editor' }],
      });
      expect(alone.draft?.journal).toBeUndefined();
    });

    it('refuses a memories.json from a newer format version', async () => {
      const archive = await open([
        { name: 'memories.json', data: JSON.stringify({ format: 'memories-export', version: 99, memories: [] }) },
      ]);
      await expect(new MemoriesExportReader().count(archive, '')).rejects.toThrow('newer version of Memories');
    });
  });

  describe('an entry larger than a memory can be', () => {
    const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    const small = (id: string) => ({
      id,
      title: 'Small',
      date: '2024-05-01',
      contentJson: { type: 'doc', content: [paragraph('Fits.')] },
    });

    it('is refused alone, as it streams by, in our own export: one huge string or many that add up', async () => {
      const manifest = {
        format: 'memories-export',
        version: 1,
        memories: [
          {
            ...small('a'),
            contentJson: { type: 'doc', content: [paragraph('x'.repeat(MAX_ENTRY_STRING_LENGTH + 1))] },
          },
          { ...small('b'), tags: Array.from({ length: 4200 }, (_, n) => `${n}`.padEnd(1000, 'y')) },
          small('c'),
        ],
      };
      const archive = await open([{ name: 'memories.json', data: JSON.stringify(manifest) }]);
      const reader = new MemoriesExportReader();

      expect(await reader.count(archive, '')).toBe(3);
      const [huge, many, fits] = await read(reader, archive);
      expect(huge).toEqual({
        sourceKey: 'memories:#1',
        label: 'memory 1',
        refusal: 'It is larger than a memory can be (2 MB).',
      });
      expect(many.refusal).toBe('It is larger than a memory can be (2 MB).');
      expect(fits.draft?.title).toBe('Small');
    });

    it('is not counted against for what the reader does not read (the derived HTML of our export)', async () => {
      const manifest = {
        format: 'memories-export',
        version: 1,
        memories: [{ ...small('d'), contentHtml: 'z'.repeat(MAX_ENTRY_LENGTH + 1) }],
      };
      const archive = await open([{ name: 'memories.json', data: JSON.stringify(manifest) }]);

      const [entry] = await read(new MemoriesExportReader(), archive);
      expect(entry.draft?.title).toBe('Small');
    });

    it('is refused alone in a Day One journal (a text of several MB), the next entry read as usual', async () => {
      const journal = {
        metadata: { version: '1.0' },
        entries: [
          { uuid: 'HUGE', creationDate: '2021-03-03T11:48:50Z', text: 'w'.repeat(MAX_ENTRY_STRING_LENGTH + 1) },
          {
            uuid: 'FINE',
            creationDate: '2021-03-04T11:48:50Z',
            text: 'Fine.',
            richText: 'r'.repeat(MAX_ENTRY_LENGTH + 1),
          },
        ],
      };
      const archive = await open([{ name: 'Journal.json', data: JSON.stringify(journal) }]);
      const reader = new DayOneReader();

      expect(await reader.count(archive, '')).toBe(2);
      const [huge, fine] = await read(reader, archive);
      expect(huge).toEqual({
        sourceKey: 'dayone:Journal#1',
        label: 'Journal, entry #1',
        refusal: 'It is larger than a memory can be (2 MB).',
      });
      expect(fine.draft?.title).toBe('Fine.');
    });
  });
});
