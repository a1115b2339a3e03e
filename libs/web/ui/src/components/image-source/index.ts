export {
  ImageSourceProvider,
  useImageSourceResolver,
  useShownImageSource,
  useShownImagesIn,
} from './shown-image-source';
export type { ImageSourceResolver } from './shown-image-source';
export { ShownImage } from './ShownImage';
export type { ShownImageProps } from './ShownImage';
