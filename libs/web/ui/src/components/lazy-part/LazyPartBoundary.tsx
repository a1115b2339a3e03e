import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Said where a lazily loaded part should be when its code could not be fetched. */
export const LAZY_PART_FAILED_MESSAGE = 'This part of the page could not be loaded. Check your connection and try again.';

/** The plain-text stand-in for a part that could not be loaded (an alert, so a screen reader hears it at once). */
export function LazyPartFailed({ message = LAZY_PART_FAILED_MESSAGE }: { message?: ReactNode }) {
  return (
    <Typography role="alert" color="error">
      {message}
    </Typography>
  );
}

export interface LazyPartBoundaryProps {
  /** What to show when the part's code could not be fetched (a dropped network) or it failed to render. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Around a lazily loaded part of a page: a failed chunk load would otherwise reach the remote's boundary and replace
 * the whole page with the remote fallback, taking what the user was doing off the screen.
 */
export class LazyPartBoundary extends Component<LazyPartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A lazily loaded part of the page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
