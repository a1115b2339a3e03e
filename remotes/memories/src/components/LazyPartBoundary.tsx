import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface LazyPartBoundaryProps {
  /** What to show when the part's code could not be fetched (a dropped network) or it failed to render. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Around a lazily loaded part of a page: a failed chunk load would otherwise reach the remote's boundary and replace
 * the whole page with the remote fallback.
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
