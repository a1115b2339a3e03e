import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useEffect } from 'react';

import { LazyNoticeDialog, preloadNoticeDialog } from './LazyNoticeDialog';
import type { NoticeProps } from './notice-props';

export type ErrorNoticeProps = NoticeProps;

const noop = () => undefined;

/** The shared error box (spec section 2): default title "Error", dismissible, or a modal with an OK button. */
export function ErrorNotice({ message, title = 'Error', open = true, onClose, modal = false }: ErrorNoticeProps) {
  // A modal error is ready before it is needed: it must show even when the failure is a dropped network.
  useEffect(() => {
    if (modal) preloadNoticeDialog();
  }, [modal]);
  if (!open) return null;
  if (modal) return <LazyNoticeDialog severity="error" title={title} message={message} onClose={onClose ?? noop} />;
  return (
    <Alert severity="error" onClose={onClose} role="alert">
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
