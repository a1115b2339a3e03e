/** Spec section 4, "Gallery viewer": closed, or open at an index. */
export type GalleryViewerState = { open: false } | { open: true; index: number };

export type GalleryViewerAction =
  | { type: 'open'; index: number }
  | { type: 'close' }
  | { type: 'next'; total: number }
  | { type: 'previous'; total: number };

export const GALLERY_VIEWER_CLOSED: GalleryViewerState = { open: false };

/** Previous and next wrap around: after the last image comes the first, before the first the last. */
export function galleryViewerReducer(state: GalleryViewerState, action: GalleryViewerAction): GalleryViewerState {
  switch (action.type) {
    case 'open':
      return { open: true, index: action.index };
    case 'close':
      return GALLERY_VIEWER_CLOSED;
    case 'next':
    case 'previous': {
      if (!state.open || action.total < 1) return state;
      const step = action.type === 'next' ? 1 : -1;
      // From the image actually shown, which is the last one if images were removed behind the viewer's position.
      const current = Math.min(state.index, action.total - 1);
      return { open: true, index: (current + step + action.total) % action.total };
    }
  }
}

/**
 * The image the viewer shows once the list may have changed under it (an image removed): the same position, or
 * the new last one; none when no image is left.
 */
export function visibleIndex(state: GalleryViewerState, total: number): number | null {
  if (!state.open || total === 0) return null;
  return Math.min(state.index, total - 1);
}
