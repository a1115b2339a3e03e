import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipBytes } from '@memories/server-testing';
import { ZipArchive } from './zip-archive.reader';

describe('a ZIP archive read with yauzl', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'zip-archive-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('lists its entries without copies of the central directory, and still reads each one and its time', async () => {
    const zippedFrom = Date.now();
    const file = path.join(folder, 'two.zip');
    await writeFile(
      file,
      await zipBytes([
        { name: 'notes/first.md', data: '# First\n\nWritten by hand.' },
        { name: 'photo.png', data: Buffer.from([137, 80, 78, 71]), store: true },
      ]),
    );

    const archive = await ZipArchive.open(file, 10);
    try {
      // An import holds every entry for its whole run: no Buffer of the directory's bytes stays with them.
      for (const entry of archive.entries) {
        expect(Object.values(entry.raw).filter((value) => Buffer.isBuffer(value) || Array.isArray(value))).toEqual([]);
        // The archive's times have a resolution of one or two seconds.
        expect(entry.lastModified).toBeGreaterThanOrEqual(Math.floor(zippedFrom / 2_000) * 2_000 - 2_000);
        expect(entry.lastModified).toBeLessThanOrEqual(Date.now() + 2_000);
      }
      const [markdown, image] = archive.entries;
      expect((await archive.readBuffer(markdown)).toString()).toBe('# First\n\nWritten by hand.');
      expect([...(await archive.readBuffer(image))]).toEqual([137, 80, 78, 71]);
    } finally {
      archive.close();
    }
  });
});
