import { Transform } from 'node:stream';
import { FileTooLargeError } from './file-too-large.error';

/** A pass-through that counts bytes and fails the pipeline as soon as they exceed `maxBytes`. */
export function createSizeCap(maxBytes: number): { stream: Transform; size: () => number } {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new FileTooLargeError(maxBytes) : null, chunk);
    },
  });
  return { stream, size: () => size };
}
