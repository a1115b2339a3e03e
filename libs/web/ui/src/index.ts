export { AppThemeProvider } from './theme/AppThemeProvider';
export { createAppTheme } from './theme/create-app-theme';
export { DARK_MODE_STORAGE_KEY, darkModeStorageManager } from './theme/dark-mode-storage';
export { DarkModeToggle } from './theme/DarkModeToggle';
export { LoadingIndicator } from './components/LoadingIndicator';
export type { LoadingIndicatorProps } from './components/LoadingIndicator';
export { UnderConstructionDialog } from './components/UnderConstructionDialog';
export type { UnderConstructionDialogProps } from './components/UnderConstructionDialog';
