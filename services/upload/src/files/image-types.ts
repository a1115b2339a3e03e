import type { ImageType } from '@memories/contracts';

/** Bytes needed to recognise every allowed type. */
export const MAGIC_HEAD_BYTES = 16;

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes really are, or null (HTML, script, SVG or anything else). */
export function detectImageType(head: Buffer): ImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (
    startsWith(head, ascii('ftyp'), 4) &&
    (startsWith(head, ascii('avif'), 8) || startsWith(head, ascii('avis'), 8))
  ) {
    return 'image/avif';
  }
  return null;
}
