import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRANSFER_MESSAGES } from '@memories/contracts';
import { forge, markEncrypted, zipBytes, type FixtureEntry } from '@memories/server-testing';
import { ARCHIVE_LIMITS, inspectArchive } from './archive-inspection';
import { ZipArchive } from './zip-archive.reader';

describe('archive checks and format detection', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'archive-inspection-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  let count = 0;
  async function inspect(bytes: Buffer) {
    count += 1;
    const file = path.join(folder, `${count}.zip`);
    await writeFile(file, bytes);
    const archive = await ZipArchive.open(file, ARCHIVE_LIMITS.maxEntries);
    try {
      return inspectArchive(archive.entries);
    } finally {
      archive.close();
    }
  }
  const zip = (entries: FixtureEntry[]) => zipBytes(entries);

  it('finds our export, a Day One export and Markdown files from their content, also inside one folder', async () => {
    expect(
      await inspect(
        await zip([
          { name: 'memories.json', data: '{}' },
          { name: 'memories/a.md', data: '# a' },
        ]),
      ),
    ).toEqual({ format: 'memories', root: '' });
    expect(
      await inspect(
        await zip([
          { name: 'Journal.json', data: '{}' },
          { name: 'photos/x.jpeg', data: 'x' },
        ]),
      ),
    ).toEqual({ format: 'dayone', root: '' });
    expect(
      await inspect(
        await zip([
          { name: 'notes/2024-01-02 a.md', data: 'a' },
          { name: 'notes/b.markdown', data: 'b' },
        ]),
      ),
    ).toEqual({ format: 'markdown', root: 'notes/' });
    expect(
      await inspect(
        await zip([
          { name: 'export/memories.json', data: '{}' },
          { name: '__MACOSX/export/._memories.json', data: 'x' },
        ]),
      ),
    ).toEqual({
      format: 'memories',
      root: 'export/',
    });
  });

  it('names the accepted formats when it finds none of them', async () => {
    await expect(inspect(await zip([{ name: 'photo.png', data: 'x' }]))).rejects.toThrow(
      TRANSFER_MESSAGES.unknownFormat,
    );
  });

  it('refuses what is not a ZIP', async () => {
    await expect(inspect(Buffer.from('just some text, not an archive'))).rejects.toThrow(TRANSFER_MESSAGES.notAZip);
  });

  it('refuses paths leading out of the archive, relative or absolute', async () => {
    const relative = forge(await zip([{ name: 'xx/evil.md', data: 'a' }]), 'xx/evil', '../evil');
    await expect(inspect(relative)).rejects.toThrow('leads outside the archive');
    const absolute = forge(await zip([{ name: 'Zetc/evil.md', data: 'a' }]), 'Zetc/evil', '/etc/evil');
    await expect(inspect(absolute)).rejects.toThrow('leads outside the archive');
  });

  it('refuses symbolic links and encrypted entries', async () => {
    await expect(inspect(await zip([{ name: 'a.md', data: '/etc/passwd', mode: 0o120777 }]))).rejects.toThrow(
      'contains a link (a.md)',
    );
    await expect(inspect(markEncrypted(await zip([{ name: 'a.md', data: 'secret' }])))).rejects.toThrow('encrypted');
  });

  it('refuses a zip bomb by its compression ratio', async () => {
    await expect(inspect(await zip([{ name: 'bomb.md', data: Buffer.alloc(20 * 1024 * 1024) }]))).rejects.toThrow(
      'zip bomb',
    );
  });
});
