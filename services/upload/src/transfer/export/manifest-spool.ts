import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportedJournal, type ExportedMemory } from '@memories/contracts';

/**
 * `memories.json` grows with the journal, so it is written to a temporary file while the memories stream into the
 * archive and added as the archive's last entry: one pass over the journal, and memory that does not grow with it.
 */
export class ManifestSpool {
  private count = 0;

  private constructor(
    private readonly folder: string,
    readonly file: string,
    private readonly out: WriteStream,
  ) {}

  /** The journals are written first: an import reads them before the memories that name them. */
  static async open(exportedAt: Date, ownerEmail: string, journals: ExportedJournal[]): Promise<ManifestSpool> {
    const folder = await mkdtemp(path.join(tmpdir(), 'memories-export-'));
    const file = path.join(folder, 'memories.json');
    const spool = new ManifestSpool(folder, file, createWriteStream(file, { flags: 'wx' }));
    const header = {
      format: EXPORT_FORMAT,
      version: EXPORT_FORMAT_VERSION,
      exportedAt: exportedAt.toISOString(),
      owner: { email: ownerEmail },
      journals,
    };
    await spool.write(`${JSON.stringify(header, null, 2).slice(0, -2)},\n  "memories": [\n`);
    return spool;
  }

  async append(memory: ExportedMemory): Promise<void> {
    await this.write(`${this.count === 0 ? '' : ',\n'}    ${JSON.stringify(memory)}`);
    this.count += 1;
  }

  /** Ends the JSON; the file is then complete. */
  async close(): Promise<void> {
    await this.write(`${this.count === 0 ? '' : '\n'}  ]\n}\n`);
    this.out.end();
    await once(this.out, 'finish');
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.folder, { recursive: true, force: true });
  }

  private async write(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, 'drain');
  }
}
