export { LAZY_PART_FAILED_MESSAGE, LazyPartBoundary, LazyPartFailed } from './LazyPartBoundary';
export type { LazyPartBoundaryProps, LazyPartFailedProps } from './LazyPartBoundary';
export { lazyPart } from './lazyPart';
