import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntryOptions {
  /** Deflate text; store what is compressed already (images). */
  compress: boolean;
  mtime?: Date;
}

/**
 * A ZIP written as a stream (yazl): each entry's bytes are opened only when the archive reaches it, and the
 * producer waits (`whenAtMost`) while too many entries are queued, so memory stays flat whatever the journal's
 * size. Any failure destroys the output: the reader gets a broken stream, never a shorter archive that looks
 * complete (the central directory, which makes a ZIP valid, is only written at the very end).
 */
export class ZipStreamWriter {
  private readonly zip = new ZipFile();
  private readonly turns: Array<Promise<void>> = [];
  private readonly output = new PassThrough();
  private failure: Error | undefined;
  private rejectFailed!: (error: Error) => void;
  /** Rejects when the archive breaks, so that nobody waits for a turn that will never come. */
  private readonly failed = new Promise<never>((_resolve, reject) => (this.rejectFailed = reject));

  constructor() {
    this.failed.catch(() => undefined);
    this.zip.on('error', (error: Error) => this.fail(error));
    (this.zip.outputStream as Readable).on('error', (error: Error) => this.fail(error));
    (this.zip.outputStream as Readable).pipe(this.output);
  }

  /** The archive's bytes. */
  get stream(): Readable {
    return this.output;
  }

  add(name: string, open: () => Readable | Promise<Readable>, options: ZipEntryOptions): void {
    this.throwIfFailed();
    let reached!: () => void;
    this.turns.push(new Promise<void>((resolve) => (reached = resolve)));
    this.zip.addReadStreamLazy(name, { compress: options.compress, mtime: options.mtime ?? new Date() }, (callback) => {
      reached();
      Promise.resolve()
        .then(open)
        .then(
          (stream) => {
            // yazl pipes the stream without listening for its errors: a storage read that fails must end the archive.
            stream.on('error', (error: Error) => this.fail(error));
            callback(null, stream);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
        );
    });
  }

  addBuffer(name: string, bytes: Buffer, options: ZipEntryOptions): void {
    this.add(name, () => Readable.from([bytes]), options);
  }

  /** Resolves once at most `count` entries are still waiting for their turn. */
  async whenAtMost(count: number): Promise<void> {
    while (this.turns.length > count) {
      await Promise.race([this.turns.shift(), this.failed]);
    }
  }

  /** Writes the central directory once every entry is written; the stream then ends. */
  end(): void {
    this.throwIfFailed();
    this.zip.end();
  }

  /** Ends the archive as broken: whoever reads it sees an error, not an end. */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.rejectFailed(error);
    this.output.destroy(error);
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
