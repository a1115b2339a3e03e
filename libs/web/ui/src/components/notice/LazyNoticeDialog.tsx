import { LazyPartBoundary, LazyPartFailed, lazyPart } from '../lazy-part';
import type { NoticeDialogProps } from './NoticeDialog';

const loadNoticeDialog = () => import('./NoticeDialog');

// MUI's Dialog is only fetched when a modal notice is first shown, so pages that never show one stay small.
const NoticeDialog = lazyPart(() => loadNoticeDialog().then(({ NoticeDialog }) => NoticeDialog));

/**
 * Fetches the modal's code ahead of time. An error modal is often needed exactly when the network has just gone
 * (a failed save): fetching its code only then fails too, and the failed lazy load would replace the whole page
 * with the remote fallback, taking what the user typed off the screen.
 */
export function preloadNoticeDialog(): void {
  loadNoticeDialog().catch(() => undefined);
}

/**
 * NoticeDialog behind a lazy boundary; if its code cannot be fetched even so, the notice's message in place, and Retry.
 */
export function LazyNoticeDialog(props: NoticeDialogProps) {
  return (
    <LazyPartBoundary fallback={(retry) => <LazyPartFailed message={props.message} onRetry={retry} />}>
      <NoticeDialog {...props} />
    </LazyPartBoundary>
  );
}
