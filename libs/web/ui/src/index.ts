export { AppThemeProvider } from './theme/AppThemeProvider';
export { createAppTheme } from './theme/create-app-theme';
export { DARK_MODE_STORAGE_KEY, darkModeStorageManager, THEME_STORAGE_KEY } from './theme/dark-mode-storage';
export { DarkModeToggle } from './theme/DarkModeToggle';
export { LoadingIndicator } from './components/LoadingIndicator';
export type { LoadingIndicatorProps } from './components/LoadingIndicator';
export { UnderConstructionDialog } from './components/UnderConstructionDialog';
export type { UnderConstructionDialogProps } from './components/UnderConstructionDialog';
export { LANDING_SECTIONS } from './navigation/landing-sections';
export type { LandingNavigationState, LandingSection } from './navigation/landing-sections';
export { TextInput } from './components/TextInput';
export type { TextInputProps } from './components/TextInput';
export { UserAvatar } from './components/UserAvatar';
export { PersonSummary } from './components/PersonSummary';
export type { PersonSummaryProps, ShownPerson } from './components/PersonSummary';
export { ShownOnceSecret } from './components/ShownOnceSecret';
export type { ShownOnceSecretProps } from './components/ShownOnceSecret';
export { SharedByLabel } from './components/SharedByLabel';
export type { SharedByLabelProps } from './components/SharedByLabel';
export type { UserAvatarProps } from './components/UserAvatar';
export { AVATAR_COLORS, avatarColor, avatarInitials } from './components/avatar.util';
export type { AvatarPerson } from './components/avatar.util';
export { CONTACT_UNDER_CONSTRUCTION_MESSAGE } from './components/contact-notice';
export { ErrorNotice } from './components/notice/ErrorNotice';
export type { ErrorNoticeProps } from './components/notice/ErrorNotice';
export { SuccessNotice } from './components/notice/SuccessNotice';
export type { SuccessNoticeProps } from './components/notice/SuccessNotice';
export type { NoticeProps } from './components/notice/notice-props';
export {
  memoryContentStyles,
  SMALL_IMAGE_ATTRIBUTE,
  SMALL_IMAGE_THRESHOLD_PX,
  SMALL_IMAGE_VALUE,
  isSmallImageWidth,
  markSmallImages,
  MemoryHtmlContent,
} from './components/memory-content';
export type { SxStyleObject, MemoryHtmlContentProps } from './components/memory-content';
export {
  ImageSourceProvider,
  ShownImage,
  useImageSourceResolver,
  useShownImageSource,
  useShownImagesIn,
} from './components/image-source';
export type { ImageSourceResolver, ShownImageProps } from './components/image-source';
export { AttachmentsGallery, downloadFileName, galleryViewerReducer } from './components/attachments-gallery';
export type {
  AttachmentsGalleryProps,
  GalleryViewerAction,
  GalleryViewerState,
} from './components/attachments-gallery';
export { LAZY_PART_FAILED_MESSAGE, LazyPartBoundary, LazyPartFailed, lazyPart } from './components/lazy-part';
export type { LazyPartBoundaryProps, LazyPartFailedProps } from './components/lazy-part';
export { saveBlob, saveFile } from './utils/save-file';
export { unavailableButton } from './utils/unavailable-button';
export type { UnavailableButtonProps } from './utils/unavailable-button';
export { ConfirmDialog, preloadConfirmDialog } from './components/confirm-dialog';
export type { ConfirmDialogProps } from './components/confirm-dialog';
export { useFormFields } from './hooks/useFormFields';
export type { FieldErrors } from './hooks/useFormFields';
export { useScreenBelow } from './hooks/useScreenBelow';
export {
  MOOD_NAMES,
  MOOD_TEXT,
  MoodIcon,
  MoodLabel,
  moodColor,
  moodColorVariables,
  moodLabel,
  nearestMood,
} from './components/mood';
export type { MoodIconProps, MoodLabelProps } from './components/mood';
