/**
 * Starts the browser's own download of `href` under `fileName` (a same-origin URL, or an object URL): the browser
 * streams it to disk and shows it in its downloads, and the page stays where it is.
 */
export function saveFile(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves bytes already in the page as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    saveFile(objectUrl, fileName);
  } finally {
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}
