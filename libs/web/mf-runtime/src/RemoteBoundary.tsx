import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteFallback } from './RemoteFallback';

export interface RemoteBoundaryProps {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

interface RemoteBoundaryState {
  failed: boolean;
}

/**
 * Catches everything a federated page can throw (list, manifest, entry script, chunk, render) and shows the fallback
 * instead, so one broken remote never takes the shell down. Remount it (new `key`) to try again.
 */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { failed: false };

  static getDerivedStateFromError(): RemoteBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote "${this.props.remote}" failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? (
      <RemoteFallback remote={this.props.remote} onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}
