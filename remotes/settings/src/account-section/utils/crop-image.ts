/** The cropped picture's size: sharp at the largest place an avatar shows (96 px) on a 3x screen, and still small. */
export const AVATAR_SIZE_PX = 384;

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('This file could not be read as an image.'));
    image.src = source;
  });
}

/**
 * The chosen square of the picture, scaled to AVATAR_SIZE_PX: WebP where the browser can write it (transparency
 * kept, small), otherwise PNG; the blob's type says which.
 */
export async function cropToSquare(source: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(source);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop pictures.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped.'))),
      'image/webp',
      0.9,
    ),
  );
}
