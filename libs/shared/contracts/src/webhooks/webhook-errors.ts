/** Error codes of the webhooks API (their suffixes give their HTTP status in the gateway's one mapping). */
export const WEBHOOK_ERROR_CODES = {
  /** 400: a URL that is, or resolves to, an address the instance never calls (loopback, private, link-local...). */
  WEBHOOK_URL_REFUSED: 'WEBHOOK_URL_REFUSED',
  WEBHOOK_NOT_FOUND: 'WEBHOOK_NOT_FOUND',
  WEBHOOK_LIMIT_CONFLICT: 'WEBHOOK_LIMIT_CONFLICT',
} as const;

export type WebhookErrorCode = (typeof WEBHOOK_ERROR_CODES)[keyof typeof WEBHOOK_ERROR_CODES];

/** What the webhooks endpoints answer; the web client shows these as they are. */
export const WEBHOOK_MESSAGES = {
  created: 'Webhook added. Copy its signing secret now: it is not shown again.',
  updated: 'Webhook saved.',
  deleted: 'Webhook deleted.',
  testQueued: 'Test delivery sent.',
  notFound: 'Webhook not found',
  urlRefused:
    'This address is not allowed: webhooks are sent only to public addresses (or hosts the administrator allows).',
  urlInvalid: 'Enter an http:// or https:// address.',
  limitReached: 'You have reached the limit of webhooks. Delete one first.',
  disabledFailing: 'Turned off because deliveries kept failing for a day. Fix the receiver, then turn it on again.',
} as const;
