import { LazyPartBoundary, lazyPart } from '../lazy-part';
import type { ConfirmDialogProps } from './confirm-dialog-props';

const loadConfirmDialogModal = () => import('./ConfirmDialogModal');

// MUI's Dialog is fetched only when something first asks, so the pages that offer a delete stay small.
const ConfirmDialogModal = lazyPart(() =>
  loadConfirmDialogModal().then(({ ConfirmDialogModal }) => ConfirmDialogModal),
);

/** Fetches the dialog's code as soon as an action that needs it is in sight (a menu opened), so it opens at once. */
export function preloadConfirmDialog(): void {
  loadConfirmDialogModal().catch(() => undefined);
}

/**
 * The one dialog that asks before an action, everywhere in the app. Render it only while asking. If its code cannot
 * be fetched (a dropped network), nothing is done: the user sees why, and Retry fetches it again.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <LazyPartBoundary>
      <ConfirmDialogModal {...props} />
    </LazyPartBoundary>
  );
}
