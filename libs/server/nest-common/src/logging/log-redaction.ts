/**
 * Field names whose values never reach a log line, wherever they appear in a logged object (pino replaces them
 * before the line is written). Log messages are our own sentences and never quote these values; this list catches an
 * object logged whole (a request, a payload, an error's properties).
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'refreshToken',
  'code',
  'secret',
  'authorization',
  'cookie',
  'title',
  'content',
  'contentJson',
  'contentHtml',
  'text',
  'payload',
  'parameters',
];

/** pino `redact` paths: each field at the top of the line and up to three levels below. */
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]);

export const REDACTED = '[redacted]';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
}

/**
 * An error as it goes into a line: its kind, message, code and stack only. Not its other properties: a database
 * error carries the statement's parameters (a memory's text), an HTTP error the request.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const { name, message, stack, code } = error as ErrorLike;
  return {
    type: typeof name === 'string' ? name : error.constructor?.name,
    message: typeof message === 'string' ? message : undefined,
    // Not `code`, a redacted field name (two-factor codes).
    ...(typeof code === 'string' || typeof code === 'number' ? { error_code: code } : {}),
    stack: typeof stack === 'string' ? stack : undefined,
  };
}
