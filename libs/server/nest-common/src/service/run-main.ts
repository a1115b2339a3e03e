import { ConfigValidationError } from '../config/config-validation.error';
import { NewerReleaseDataError } from '../database/migration-state';

/**
 * Runs a process entry point: a configuration error, or data a newer release migrated, is printed as its clear
 * message alone (no stack trace), anything else with its stack; both end the process with exit code 1.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigValidationError || error instanceof NewerReleaseDataError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  });
}
