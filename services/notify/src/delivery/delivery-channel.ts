/**
 * What one attempt decided: nothing more to do, or try again at `retryAt`; `failed` when it did not deliver; and
 * attempts it started elsewhere.
 */
export interface DeliveryOutcome {
  retryAt?: Date;
  failed?: boolean;
  /** Records of other channels this attempt made, each to attempt now (a due reminder's deliveries). */
  followUps?: Array<{ queue: string; id: string }>;
}

/**
 * One way of reaching the outside world (webhooks, reminder e-mail, Web Push), or the reminders' clock that feeds two
 * of them: it owns its records and makes one attempt of one of them at a time; the delivery queue decides when
 * attempts run.
 */
export interface DeliveryChannel {
  /** The channel's pg-boss queue, e.g. `webhook-delivery`. */
  readonly queue: string;
  /** How many attempts of this channel may run at once in one process (a receiver may hang for its timeout). */
  readonly concurrency: number;
  attempt(id: string): Promise<DeliveryOutcome>;
  /** Records whose queue job was lost (the process died between recording and queueing): queued again. */
  reclaimLost(limit: number): Promise<string[]>;
}

/** Every channel of the service, for the delivery queue. */
export const DELIVERY_CHANNELS = Symbol('DELIVERY_CHANNELS');
