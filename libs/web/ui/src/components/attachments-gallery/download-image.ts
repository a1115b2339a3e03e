import { saveBlob, saveFile } from '../../utils/save-file';

const EXTENSION = /\.([a-z0-9]{2,5})$/i;

/** The extension of the URL's last path segment (`/api/files/users/u/a1.png` gives `png`), if it has one. */
function extensionOf(src: string): string | null {
  try {
    const { pathname } = new URL(src, 'http://relative.invalid');
    return EXTENSION.exec(pathname)?.[1]?.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

/** `image/png` gives `png`, `image/svg+xml` gives `svg`; anything but an image gives nothing. */
function extensionOfType(type: string): string | null {
  const match = /^image\/([a-z0-9]+)/i.exec(type);
  return match ? match[1].toLowerCase() : null;
}

/** Spec section 2: downloads are named image-N (N counted from 1), keeping the file's extension when known. */
export function downloadFileName(src: string, position: number, contentType = ''): string {
  const extension = extensionOf(src) ?? extensionOfType(contentType);
  return extension ? `image-${position}.${extension}` : `image-${position}`;
}

/**
 * Saves the image as image-N. The bytes are fetched first, because browsers ignore a link's download name for
 * another origin's URL; if fetching is refused (an external image without CORS), the plain link still saves or
 * opens the image, under the name the browser picks.
 */
export async function downloadImage(src: string, position: number): Promise<void> {
  let blob: Blob;
  try {
    const response = await fetch(src, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch {
    saveFile(src, downloadFileName(src, position));
    return;
  }
  saveBlob(blob, downloadFileName(src, position, blob.type));
}
