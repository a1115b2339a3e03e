export {
  memoryContentStyles,
  SMALL_IMAGE_ATTRIBUTE,
  SMALL_IMAGE_THRESHOLD_PX,
  SMALL_IMAGE_VALUE,
  type SxStyleObject,
} from './memory-content-styles';
export { isSmallImageWidth, markSmallImages } from './small-images';
export { MemoryHtmlContent, type MemoryHtmlContentProps } from './MemoryHtmlContent';
