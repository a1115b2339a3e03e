import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. the spec's "Are you sure you want to delete ...?". */
  message: ReactNode;
  /** The label of the button that goes ahead ("Delete"). */
  confirmLabel: string;
  /** Shows the confirm button in the error colour: the action cannot be undone. */
  destructive?: boolean;
  /** While the action runs both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}
