import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ZipArchive } from './zip-archive.reader';
import { ZipStreamWriter } from './zip-stream.writer';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the streamed ZIP writer', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'zip-writer-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes entries in order, opening each only when its turn comes, into an archive yauzl reads back', async () => {
    const zip = new ZipStreamWriter();
    const opened: string[] = [];
    zip.addBuffer('memories/a.md', Buffer.from('# A'), { compress: true });
    zip.add(
      'images/a/1.png',
      () => {
        opened.push('image');
        return Readable.from([Buffer.alloc(1000, 7)]);
      },
      { compress: false },
    );
    expect(opened).toEqual([]);
    const bytes = collect(zip.stream);
    await zip.whenAtMost(0);
    zip.end();
    const file = path.join(folder, 'out.zip');
    await writeFile(file, await bytes);
    const archive = await ZipArchive.open(file, 10);
    try {
      expect(archive.entries.map((entry) => entry.name)).toEqual(['memories/a.md', 'images/a/1.png']);
      expect((await archive.readBuffer(archive.entries[0])).toString()).toBe('# A');
      expect(await archive.readBuffer(archive.entries[1])).toEqual(Buffer.alloc(1000, 7));
      expect(opened).toEqual(['image']);
    } finally {
      archive.close();
    }
  });

  it('breaks the stream, instead of ending it, when an entry cannot be read: no shorter archive that looks complete', async () => {
    const zip = new ZipStreamWriter();
    zip.addBuffer('a.md', Buffer.from('a'), { compress: true });
    zip.add(
      'images/b.png',
      () =>
        new Readable({
          read() {
            this.destroy(new Error('storage is gone'));
          },
        }),
      { compress: false },
    );
    zip.end();
    await expect(collect(zip.stream)).rejects.toThrow('storage is gone');
    expect(() => zip.addBuffer('c.md', Buffer.from('c'), { compress: true })).toThrow('storage is gone');
  });
});
