import { lazy, Suspense } from 'react';
import { LazyPartBoundary, LazyPartFailed } from '../lazy-part';
import type { NoticeDialogProps } from './NoticeDialog';

const loadNoticeDialog = () => import('./NoticeDialog');

// MUI's Dialog is only fetched when a modal notice is first shown, so pages that never show one stay small.
const NoticeDialog = lazy(() => loadNoticeDialog().then(({ NoticeDialog }) => ({ default: NoticeDialog })));

/**
 * Fetches the modal's code ahead of time. An error modal is often needed exactly when the network has just gone
 * (a failed save): fetching its code only then fails too, and the failed lazy load would replace the whole page
 * with the remote fallback, taking what the user typed off the screen.
 */
export function preloadNoticeDialog(): void {
  loadNoticeDialog().catch(() => undefined);
}

/** NoticeDialog behind a lazy boundary; if its code cannot be fetched even so, the notice's message in place. */
export function LazyNoticeDialog(props: NoticeDialogProps) {
  return (
    <LazyPartBoundary fallback={<LazyPartFailed message={props.message} />}>
      <Suspense fallback={null}>
        <NoticeDialog {...props} />
      </Suspense>
    </LazyPartBoundary>
  );
}
