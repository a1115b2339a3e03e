import type { ReactNode } from 'react';

/** What the error and success boxes share (spec section 2, "A shared notice box"). */
export interface NoticeProps {
  message: ReactNode;
  /** Shown above the message; each box has its own default. */
  title?: string;
  /** Rendered only while true (default true), so callers can keep the element mounted. */
  open?: boolean;
  /** Dismisses the box; without it an inline box has no close button. */
  onClose?: () => void;
  /** A modal dialog with an OK button instead of an inline box. */
  modal?: boolean;
}
