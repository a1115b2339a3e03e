import type { Logger } from '@nestjs/common';

export interface BackgroundWorkOptions {
  logger: Logger;
  /** What the warning says could not be done when a run fails, e.g. `could not follow account deletions`. */
  failure: string;
  /** How soon a failed run is tried again. */
  retryMs: number;
  /** One run; answers how soon to run again, or undefined when there is nothing more to do. */
  run: () => Promise<number | undefined>;
}

/**
 * Work a service does on its own beside answering requests (catching up on deletions, upgrading stored data): run
 * after a delay, again when the run asks for it, again shortly after a failure (logged, never thrown). The timer never
 * keeps the process alive, and stopping waits for a run in progress, which can check `stopped` to end early.
 */
export class BackgroundWork {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private isStopped = false;

  constructor(private readonly options: BackgroundWorkOptions) {}

  get stopped(): boolean {
    return this.isStopped;
  }

  start(delayMs: number): void {
    if (this.isStopped) return;
    this.timer = setTimeout(() => {
      this.running = this.options.run().then(
        (next) => {
          if (next !== undefined) this.start(next);
        },
        (error: unknown) => {
          this.options.logger.warn(`${this.options.failure}, trying again shortly: ${String(error)}`);
          this.start(this.options.retryMs);
        },
      );
    }, delayMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
