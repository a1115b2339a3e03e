import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorageDriver } from '../../storage/local-storage.driver';
import { ImportArchives } from './import-archives';

describe('the local copies of imported archives', () => {
  let root: string;
  let archives: ImportArchives;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'import-archives-'));
    archives = new ImportArchives(new LocalStorageDriver(root));
  });

  afterAll(async () => {
    await archives.onApplicationShutdown();
    await rm(root, { recursive: true, force: true });
  });

  it('wait in a folder of this process only, under a random name, each readable by its owner only', async () => {
    const key = ImportArchives.keyOf('owner-1', 'job-1');
    await archives.keep(key, Readable.from([Buffer.from('PK journal')]));

    const copy = await archives.localCopy('job-1', key);
    const folder = path.dirname(copy);

    expect(folder).not.toBe(path.join(tmpdir(), 'memories-imports'));
    expect(path.basename(folder)).toMatch(/^memories-imports-\w{6}$/);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(copy)).mode & 0o777).toBe(0o600);
    expect(await readFile(copy, 'utf8')).toBe('PK journal');
  });

  it('go with the process that made them', async () => {
    const folder = path.dirname(await ImportArchives.receivingFile('job-2'));
    await archives.onApplicationShutdown();

    await expect(stat(folder)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
