import type { Journal } from '@memories/contracts';
import type { JournalsApi } from '@memories/web-api-client';

export type JournalsState =
  | { status: 'loading'; journals: readonly Journal[] }
  | { status: 'ready'; journals: readonly Journal[] }
  | { status: 'error'; journals: readonly Journal[]; message: string };

/**
 * The signed-in person's journals, loaded once per user and page and shared by every part that shows them (the
 * switcher, the cards' colours, the editor's picker, Settings). A change anywhere calls `refresh`.
 */
export class JournalsStore {
  private state: JournalsState = { status: 'loading', journals: [] };
  private readonly listeners = new Set<() => void>();
  private userId: string | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly api: Pick<JournalsApi, 'list'>) {}

  /** Loads the journals of `userId` unless they are loaded or loading already. */
  ensure(userId: string): void {
    if (this.userId === userId && (this.loading || this.state.status === 'ready')) return;
    if (this.userId !== userId) this.set({ status: 'loading', journals: [] });
    this.userId = userId;
    void this.refresh();
  }

  /** Loads the journals again (after a change); the list shown so far stays until the answer. */
  refresh(): Promise<void> {
    const userId = this.userId;
    if (!userId) return Promise.resolve();
    const loading = this.api.list().then(
      (journals) => {
        if (this.userId === userId) this.set({ status: 'ready', journals });
      },
      (error: unknown) => {
        if (this.userId === userId)
          this.set({
            status: 'error',
            journals: this.state.journals,
            message: error instanceof Error ? error.message : String(error),
          });
      },
    );
    this.loading = loading.finally(() => {
      if (this.loading === tracked) this.loading = null;
    });
    const tracked = this.loading;
    return loading;
  }

  /** Forgets everything (sign-out). */
  clear(): void {
    this.userId = null;
    this.loading = null;
    this.set({ status: 'loading', journals: [] });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): JournalsState => this.state;

  private set(state: JournalsState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
