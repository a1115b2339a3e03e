import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef } from 'react';

import { LazyNoticeDialog } from './LazyNoticeDialog';
import type { NoticeProps } from './notice-props';

export interface SuccessNoticeProps extends NoticeProps {
  /** Calls onClose after this many milliseconds while open. */
  autoHideMs?: number;
  /** Shows a secondary action button (e.g. open what was just saved). */
  onAction?: () => void;
  /** Label of the secondary action; default "View". */
  actionLabel?: string;
}

const noop = () => undefined;

/** The shared success box (spec section 2): default title "Success", can auto-hide, optional secondary action. */
export function SuccessNotice({
  message,
  title = 'Success',
  open = true,
  onClose,
  modal = false,
  autoHideMs,
  onAction,
  actionLabel = 'View',
}: SuccessNoticeProps) {
  // The latest onClose, so a parent re-render does not restart the auto-hide timer.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open || autoHideMs === undefined) return undefined;
    const timer = setTimeout(() => close.current?.(), autoHideMs);
    return () => clearTimeout(timer);
  }, [open, autoHideMs]);

  if (!open) return null;
  const action = onAction ? { label: actionLabel, onClick: onAction } : undefined;
  if (modal)
    return (
      <LazyNoticeDialog severity="success" title={title} message={message} onClose={onClose ?? noop} action={action} />
    );
  return (
    <Alert
      severity="success"
      role="status"
      onClose={onClose}
      action={
        // MUI replaces its close button when an action is given, so both are rendered here.
        action && (
          <>
            <Button color="inherit" size="small" onClick={action.onClick}>
              {action.label}
            </Button>
            {onClose && (
              <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </>
        )
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
