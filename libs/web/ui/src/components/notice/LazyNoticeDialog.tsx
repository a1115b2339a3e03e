import { lazy, Suspense } from 'react';
import type { NoticeDialogProps } from './NoticeDialog';

// MUI's Dialog is only fetched when a modal notice is first shown, so pages that never show one stay small.
const NoticeDialog = lazy(() => import('./NoticeDialog').then(({ NoticeDialog }) => ({ default: NoticeDialog })));

/** NoticeDialog behind a lazy boundary. */
export function LazyNoticeDialog(props: NoticeDialogProps) {
  return (
    <Suspense fallback={null}>
      <NoticeDialog {...props} />
    </Suspense>
  );
}
