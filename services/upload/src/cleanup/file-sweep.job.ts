import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UploadConfig } from '../config/upload.config';
import { FileCleanupService } from './file-cleanup.service';

/**
 * Runs the sweep every UPLOAD_SWEEP_INTERVAL_SECONDS in every mode (own process, standalone, each replica; the
 * row locks keep replicas from sweeping the same files). A failed run is logged and retried at the next tick.
 */
@Injectable()
export class FileSweepJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FileSweepJob.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly config: UploadConfig,
    private readonly cleanup: FileCleanupService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.config.UPLOAD_SWEEP_INTERVAL_SECONDS * 1000);
    // Never the reason the process stays alive.
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.cleanup
      .sweep()
      .then(({ checked, deleted }) => {
        if (checked > 0) this.logger.log(`sweep: ${checked} unreferenced file(s) checked, ${deleted} deleted`);
      })
      .catch((error: unknown) => this.logger.warn(`sweep failed, retried next time: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
      });
  }
}
