import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, createContext, Suspense, type ErrorInfo, type ReactNode } from 'react';

/** Said where a lazily loaded part should be when its code could not be fetched. */
export const LAZY_PART_FAILED_MESSAGE =
  'This part of the page could not be loaded. Check your connection and try again.';

export interface LazyPartFailedProps {
  message?: ReactNode;
  /** Offers a Retry button that fetches the part again (LazyPartBoundary's `retry`). */
  onRetry?: () => void;
}

/** The plain-text stand-in for a part that could not be loaded (an alert, so a screen reader hears it at once). */
export function LazyPartFailed({ message = LAZY_PART_FAILED_MESSAGE, onRetry }: LazyPartFailedProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography role="alert" color="error">
        {message}
      </Typography>
      {onRetry && (
        <Button color="inherit" variant="outlined" size="small" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Box>
  );
}

// Numbers attempts across all boundaries, so a new boundary is a new attempt for a part that failed elsewhere. A
// number drawn twice (React may call the state functions twice in development) only skips one.
let attempts = 0;

/**
 * The attempt a lazy part renders in: a new number each time a boundary mounts or retries. A `lazyPart` whose code
 * failed to load fetches it again only in a new attempt, not when React renders the failed part once more.
 */
export const LazyPartAttempt = createContext(0);

export interface LazyPartBoundaryProps {
  /**
   * What to show when the part's code could not be fetched (a dropped network) or it failed to render; as a function
   * it is given `retry`, which renders the part again in a new attempt. By default, `LazyPartFailed` with Retry.
   */
  fallback?: ReactNode | ((retry: () => void) => ReactNode);
  /** What to show while the part's code loads (nothing by default). */
  loading?: ReactNode;
  /** Renders the part again, in a new attempt, when this changes: the user asked for it again (reopened a menu...). */
  retryKey?: unknown;
  children: ReactNode;
}

interface LazyPartBoundaryState {
  failed: boolean;
  attempt: number;
  retryKey: unknown;
}

/** The usual stand-in: the part's failure said in place, with Retry. */
const standInWithRetry = (retry: () => void) => <LazyPartFailed onRetry={retry} />;

/**
 * Around a lazily loaded part of a page, with its own Suspense inside: a failed chunk load would otherwise reach the
 * remote's boundary and replace the whole page with the remote fallback, taking what the user was doing off the
 * screen.
 */
export class LazyPartBoundary extends Component<LazyPartBoundaryProps, LazyPartBoundaryState> {
  override state: LazyPartBoundaryState = { failed: false, attempt: ++attempts, retryKey: this.props.retryKey };

  static getDerivedStateFromError(): Partial<LazyPartBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: LazyPartBoundaryProps,
    state: LazyPartBoundaryState,
  ): Partial<LazyPartBoundaryState> | null {
    return Object.is(props.retryKey, state.retryKey)
      ? null
      : { retryKey: props.retryKey, failed: false, attempt: ++attempts };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A lazily loaded part of the page failed', error, info.componentStack);
  }

  readonly retry = (): void => this.setState({ failed: false, attempt: ++attempts });

  override render() {
    const { fallback = standInWithRetry, loading = null, children } = this.props;
    if (this.state.failed) return typeof fallback === 'function' ? fallback(this.retry) : fallback;
    return (
      <LazyPartAttempt.Provider value={this.state.attempt}>
        <Suspense fallback={loading}>{children}</Suspense>
      </LazyPartAttempt.Provider>
    );
  }
}
