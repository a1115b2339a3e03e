export { ConfirmDialog, preloadConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './confirm-dialog-props';
