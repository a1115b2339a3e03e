import { MAX_IMAGE_WIDTH_PX } from '@memories/editor-schema';

/** Spec section 9: inserted images get their natural width, capped. */
export const INSERTED_IMAGE_MAX_WIDTH_PX = 600;
/** Spec section 9: resize limits (the maximum is the schema's, so the server keeps what the editor writes). */
export const RESIZE_MIN_WIDTH_PX = 100;
export const RESIZE_MIN_HEIGHT_PX = 50;

export type ResizeHandle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export const RESIZE_HANDLES: readonly ResizeHandle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** The width an uploaded image is inserted at: its natural width, at most 600 px; none when unknown. */
export function insertedImageWidth(naturalWidth: number | null | undefined): number | null {
  if (naturalWidth === null || naturalWidth === undefined || !Number.isFinite(naturalWidth) || naturalWidth < 1)
    return null;
  return Math.min(Math.round(naturalWidth), INSERTED_IMAGE_MAX_WIDTH_PX);
}

/** The widest an image may be dragged: 800 px or its column, whichever is smaller. */
export function maxResizeWidth(parentWidth: number | null | undefined): number {
  return parentWidth && parentWidth > 0 ? Math.min(MAX_IMAGE_WIDTH_PX, Math.floor(parentWidth)) : MAX_IMAGE_WIDTH_PX;
}

export interface ResizeInput {
  handle: ResizeHandle;
  /** Size of the image when the drag started. */
  startWidth: number;
  startHeight: number;
  /** Pointer movement since the drag started. */
  dx: number;
  dy: number;
  /** The column's width (the editing area), for the maximum. */
  parentWidth: number | null;
}

/**
 * The new width of an image dragged by one of its handles, the aspect ratio kept (the height follows the width).
 * Side and corner handles follow the horizontal movement and stop at 100 px wide; north/south handles follow the
 * vertical movement and stop at 50 px high. Nothing grows beyond `maxResizeWidth`.
 */
export function resizedWidth({ handle, startWidth, startHeight, dx, dy, parentWidth }: ResizeInput): number {
  const maximum = maxResizeWidth(parentWidth);
  const ratio = startHeight > 0 ? startWidth / startHeight : 1;
  let width: number;
  let minimum: number;
  if (handle === 'n' || handle === 's') {
    const height = startHeight + (handle === 's' ? dy : -dy);
    width = Math.max(height, RESIZE_MIN_HEIGHT_PX) * ratio;
    minimum = RESIZE_MIN_HEIGHT_PX * ratio;
  } else {
    width = startWidth + (handle.includes('w') ? -dx : dx);
    minimum = RESIZE_MIN_WIDTH_PX;
  }
  return Math.round(Math.min(Math.max(width, minimum), maximum));
}
