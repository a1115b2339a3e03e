import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipBytes } from '@memories/server-testing';
import { UploadConfig } from '../../config/upload.config';
import { ARCHIVE_LIMITS } from '../archive/archive-inspection';
import { ZipArchive } from '../archive/zip-archive.reader';
import { ImportCursor, OpenImports } from './open-imports';
import { MemoriesExportReader } from './readers/memories-export.reader';

const TIMEOUT_SECONDS = 4;

describe('import cursors kept between the chunks of an import', () => {
  let folder: string;
  let archiveFile: string;
  let open: OpenImports;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'open-imports-'));
    archiveFile = path.join(folder, 'export.zip');
    const memories = Array.from({ length: 5 }, (_, index) => ({
      id: `00000000-0000-4000-8000-00000000000${index}`,
      title: `Memory ${index}`,
      date: '2026-11-01',
      contentJson: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Day ${index}` }] }] },
      tags: [],
      isDraft: false,
    }));
    await writeFile(
      archiveFile,
      await zipBytes([{ name: 'memories.json', data: JSON.stringify({ version: 1, memories }) }]),
    );
  });

  beforeEach(() => {
    open = new OpenImports(Object.assign(new UploadConfig(), { IMPORT_JOB_TIMEOUT_SECONDS: TIMEOUT_SECONDS }));
  });

  afterEach(() => {
    open.onApplicationShutdown();
    jest.useRealTimers();
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function cursor(): Promise<ImportCursor> {
    const archive = await ZipArchive.open(archiveFile, ARCHIVE_LIMITS.maxEntries);
    return new ImportCursor(archive, new MemoriesExportReader().entries(archive, '')[Symbol.asyncIterator]());
  }

  const idOf = (entry: { sourceKey: string } | undefined) => entry?.sourceKey.slice(-1);

  it('hands the next chunk the reader where the last one stopped, without reading the entries before it again', async () => {
    const first = await cursor();
    await first.next();
    await first.next();
    open.keep('job-1', first);

    const resumed = open.take('job-1', 2);

    expect(resumed).toBe(first);
    expect(resumed?.position).toBe(2);
    expect(idOf(await resumed?.next())).toBe('2');
    // Taken once: a second run of the same job in this process opens its own.
    expect(open.take('job-1', 3)).toBeUndefined();
    resumed?.close();
  });

  it('closes a cursor that is not where the job is (a chunk elsewhere moved on, or a page was not recorded)', async () => {
    const behind = await cursor();
    await behind.next();
    open.keep('job-2', behind);

    expect(open.take('job-2', 3)).toBeUndefined();
    // Closed: its reader has ended.
    expect(await behind.next()).toBeUndefined();
  });

  it('closes a cursor no chunk took within the job timeout, and those of a job that ended', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const unclaimed = await cursor();
    const ended = await cursor();
    await unclaimed.next();
    await ended.next();
    open.keep('job-3', unclaimed);
    open.keep('job-4', ended);

    jest.advanceTimersByTime(TIMEOUT_SECONDS * 1000 - 1);
    open.drop('job-4');
    expect(await ended.next()).toBeUndefined();
    expect(idOf(await unclaimed.next())).toBe('1');
    jest.advanceTimersByTime(1);

    expect(open.take('job-3', 2)).toBeUndefined();
    expect(await unclaimed.next()).toBeUndefined();
  });
});
