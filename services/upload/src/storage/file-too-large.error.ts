/** Thrown by a storage driver when the received body passes the size cap; the partial object is already removed. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}
