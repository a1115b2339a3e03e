import { ACCOUNT_SECURITY_MESSAGES } from '@memories/contracts';

/** Browser errors that mean the person closed the passkey prompt, or let it time out. */
const PROMPT_CLOSED = new Set(['NotAllowedError', 'AbortError']);

/** What to tell the person when a passkey ceremony (sign-in or adding one) fails. */
export function passkeyErrorMessage(error: unknown): string {
  // A DOMException is not an Error everywhere: read its name and message as fields.
  const { name, message } =
    typeof error === 'object' && error !== null ? (error as { name?: unknown; message?: unknown }) : {};
  if (typeof name === 'string' && PROMPT_CLOSED.has(name)) return ACCOUNT_SECURITY_MESSAGES.passkeyPromptClosed;
  return typeof message === 'string' && message ? message : ACCOUNT_SECURITY_MESSAGES.passkeySignInFailed;
}
