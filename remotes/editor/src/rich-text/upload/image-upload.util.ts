/** Spec section 5: the picker accepts only files whose type starts with image/. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

/** The editor's upload failure text (spec section 8). */
export function uploadFailedMessage(fileName: string, message: string): string {
  return `Failed to upload ${fileName}: ${message}`;
}

export const NOT_AN_IMAGE_MESSAGE = 'Only image files can be uploaded';

/** The natural width of an image file, read locally before upload (the upload's URL may not be readable yet). */
export function readNaturalWidth(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (width: number | null) => {
      URL.revokeObjectURL(url);
      resolve(width);
    };
    image.onload = () => done(image.naturalWidth || null);
    image.onerror = () => done(null);
    image.src = url;
  });
}
