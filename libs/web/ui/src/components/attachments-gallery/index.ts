export { AttachmentsGallery, type AttachmentsGalleryProps } from './AttachmentsGallery';
export { downloadFileName } from './download-image';
export { galleryViewerReducer, type GalleryViewerAction, type GalleryViewerState } from './gallery-viewer-state';
