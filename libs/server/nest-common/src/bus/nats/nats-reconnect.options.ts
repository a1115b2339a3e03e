/**
 * How every NATS connection of ours reconnects: forever (a NATS outage of any length is survived without
 * restarting the process), one attempt a second (so service resumes about a second after NATS is back), and it
 * keeps trying from the first connection on (a process may start before NATS does).
 */
export const NATS_RECONNECT_OPTIONS = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1000,
  reconnectJitter: 100,
  waitOnFirstConnect: true,
} as const;
