/**
 * A federated remote (or one module of it) could not be loaded: list, manifest, entry script, chunk or export missing.
 */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteLoadError';
  }
}
