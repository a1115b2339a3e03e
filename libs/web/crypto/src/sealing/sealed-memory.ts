import type { SealedMemoryContent } from '@memories/contracts';
import { SealBrokenError } from '../crypto-errors';
import { fromBase64Url, toBase64Url } from '../encoding/base64url';
import { openBytes, sealBytes } from './sealed-bytes';

/** A locked memory's title, content and tags as one ciphertext (base64url), for `SealedMemory.ciphertext`. */
export async function sealMemoryContent(
  key: CryptoKey,
  journalId: string,
  content: SealedMemoryContent,
): Promise<string> {
  const plaintext = new TextEncoder().encode(
    JSON.stringify({
      title: content.title,
      contentJson: content.contentJson,
      tags: content.tags,
      thumbnailUrl: content.thumbnailUrl,
      ...(content.plainFields ? { plainFields: content.plainFields } : {}),
    }),
  );
  return toBase64Url(await sealBytes(key, journalId, 'memory', plaintext));
}

/** The content sealMemoryContent sealed; a ciphertext that does not open, or opens to something else, throws. */
export async function openMemoryContent(
  key: CryptoKey,
  journalId: string,
  ciphertext: string,
): Promise<SealedMemoryContent> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(ciphertext);
  } catch {
    throw new SealBrokenError();
  }
  const content = JSON.parse(new TextDecoder().decode(await openBytes(key, journalId, 'memory', bytes))) as unknown;
  if (!isSealedMemoryContent(content)) throw new SealBrokenError();
  return content;
}

function isSealedMemoryContent(value: unknown): value is SealedMemoryContent {
  if (typeof value !== 'object' || value === null) return false;
  const { title, contentJson, tags, thumbnailUrl, plainFields } = value as Record<string, unknown>;
  return (
    (plainFields === undefined || (typeof plainFields === 'object' && plainFields !== null)) &&
    typeof title === 'string' &&
    typeof contentJson === 'string' &&
    typeof thumbnailUrl === 'string' &&
    Array.isArray(tags) &&
    tags.every((tag) => typeof tag === 'string')
  );
}
