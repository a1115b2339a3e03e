import { ConfigValidationError } from '../config/config-validation.error';
import { OperatorError } from '../errors/operator.error';

/**
 * Runs a process entry point: a configuration error or an OperatorError (a refusal or failure that explains itself) is
 * printed as its message alone (no stack trace), anything else with its stack; both end the process with exit code 1.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigValidationError || error instanceof OperatorError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  });
}
