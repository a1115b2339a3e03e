import { GALLERY_VIEWER_CLOSED, galleryViewerReducer, visibleIndex } from './gallery-viewer-state';

describe('galleryViewerReducer', () => {
  it('opens at an index and closes', () => {
    const open = galleryViewerReducer(GALLERY_VIEWER_CLOSED, { type: 'open', index: 2 });
    expect(open).toEqual({ open: true, index: 2 });
    expect(galleryViewerReducer(open, { type: 'close' })).toEqual({ open: false });
  });

  it('wraps from the last image to the first and back', () => {
    const last = { open: true, index: 2 } as const;
    expect(galleryViewerReducer(last, { type: 'next', total: 3 })).toEqual({ open: true, index: 0 });
    expect(galleryViewerReducer({ open: true, index: 0 }, { type: 'previous', total: 3 })).toEqual({
      open: true,
      index: 2,
    });
  });

  it('moves from the image shown when images were removed behind its position', () => {
    expect(galleryViewerReducer({ open: true, index: 4 }, { type: 'previous', total: 3 })).toEqual({
      open: true,
      index: 1,
    });
  });

  it('does not open by moving while closed', () => {
    expect(galleryViewerReducer(GALLERY_VIEWER_CLOSED, { type: 'next', total: 3 })).toEqual({ open: false });
  });
});

describe('visibleIndex', () => {
  it('keeps the position, falls back to the new last image, and shows nothing when none is left', () => {
    expect(visibleIndex({ open: true, index: 1 }, 3)).toBe(1);
    expect(visibleIndex({ open: true, index: 3 }, 3)).toBe(2);
    expect(visibleIndex({ open: true, index: 0 }, 0)).toBeNull();
    expect(visibleIndex(GALLERY_VIEWER_CLOSED, 3)).toBeNull();
  });
});
