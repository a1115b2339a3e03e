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
  /**
   * Fields the action needs (a password the server asks for again), under the question. Enter in them confirms; the
   * first field should take the focus (`autoFocus`) instead of Cancel.
   */
  children?: ReactNode;
  /** Why the last attempt failed, when no field of `children` shows it. */
  error?: string;
  onCancel: () => void;
  onConfirm: () => void;
}
