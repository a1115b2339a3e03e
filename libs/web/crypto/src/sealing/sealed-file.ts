import { SEALED_FILE_CONTENT_TYPE } from '@memories/contracts';
import { SealBrokenError } from '../crypto-errors';
import { openBytes, sealBytes } from './sealed-bytes';

/**
 * An image of a locked journal, encrypted before it is uploaded. Its content type travels inside the ciphertext
 * (one length byte, then the type), so the server stores opaque bytes and the browser shows the right kind of image.
 */
export async function sealFile(key: CryptoKey, journalId: string, file: Blob): Promise<Blob> {
  const type = new TextEncoder().encode(file.type.slice(0, 255));
  const bytes = new Uint8Array(1 + type.length + file.size);
  bytes[0] = type.length;
  bytes.set(type, 1);
  bytes.set(new Uint8Array(await file.arrayBuffer()), 1 + type.length);
  return new Blob([await sealBytes(key, journalId, 'image', bytes)], { type: SEALED_FILE_CONTENT_TYPE });
}

/** The image sealFile sealed, with its own content type. */
export async function openFile(key: CryptoKey, journalId: string, sealed: Blob): Promise<Blob> {
  const bytes = await openBytes(key, journalId, 'image', new Uint8Array(await sealed.arrayBuffer()));
  const typeLength = bytes[0];
  if (typeLength === undefined || bytes.length < 1 + typeLength) throw new SealBrokenError();
  const type = new TextDecoder().decode(bytes.subarray(1, 1 + typeLength));
  return new Blob([bytes.subarray(1 + typeLength)], { type });
}
