/**
 * The options of every NATS connection of ours.
 *
 * Reconnection: forever (a NATS outage of any length is survived without restarting the process), one attempt a
 * second (so service resumes about a second after NATS is back), and it keeps trying from the first connection on
 * (a process may start before NATS does).
 *
 * `noAsyncTraces`: otherwise the client captures three stack traces for every request, in case it later fails (a
 * measurable share of the gateway's CPU per request). Our bus errors name the subject and the cause, which is what
 * a failed request needs; the client's call site adds nothing to that.
 */
export const NATS_CONNECTION_OPTIONS = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1000,
  reconnectJitter: 100,
  waitOnFirstConnect: true,
  noAsyncTraces: true,
} as const;
