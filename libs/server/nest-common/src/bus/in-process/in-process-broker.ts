/**
 * A process-wide message broker with the delivery rules of NATS, used by the embedded mode so that the same
 * handlers run unchanged over NATS or in one process. Messages cross it only as strings (the caller serialises
 * them), so neither side can share an object with the other, exactly as on the wire.
 */
import type { TraceCarrier } from '../../telemetry/trace-context';

/** The carrier is the sender's trace context, when it traces: what NATS would carry in the message's headers. */
export type DeliverRequest = (message: string, reply: (response: string) => void, carrier?: TraceCarrier) => void;
export type DeliverEvent = (message: string, carrier?: TraceCarrier) => void;

interface BrokerSubscription {
  readonly id: number;
  readonly subject: string;
  /** Subscribers of one queue group share the messages of a subject: each message goes to one of them. */
  readonly queue: string | undefined;
  readonly onRequest?: DeliverRequest;
  readonly onEvent?: DeliverEvent;
}

export interface SubscribeOptions {
  subject: string;
  queue?: string;
  onRequest?: DeliverRequest;
  onEvent?: DeliverEvent;
}

export class InProcessBroker {
  private readonly subscriptions = new Map<string, BrokerSubscription[]>();
  private readonly roundRobin = new Map<string, number>();
  private nextId = 1;

  subscribe(options: SubscribeOptions): () => void {
    const subscription: BrokerSubscription = { ...options, queue: options.queue, id: this.nextId++ };
    this.subscriptions.set(options.subject, [...(this.subscriptions.get(options.subject) ?? []), subscription]);
    return () => {
      const remaining = (this.subscriptions.get(options.subject) ?? []).filter((s) => s.id !== subscription.id);
      if (remaining.length > 0) this.subscriptions.set(options.subject, remaining);
      else this.subscriptions.delete(options.subject);
    };
  }

  /**
   * Sends a request to one subscriber of each queue group (a subscriber without a group is a group of its own).
   * Returns false when nothing listens on the subject: the "no responders" case of NATS.
   */
  request(subject: string, message: string, reply: (response: string) => void, carrier?: TraceCarrier): boolean {
    const targets = this.pickOnePerGroup(subject, (s) => s.onRequest !== undefined);
    for (const target of targets) {
      // Delivered on a later turn of the event loop, as a network hop would be.
      setImmediate(() => target.onRequest?.(message, reply, carrier));
    }
    return targets.length > 0;
  }

  /** Publishes an event to one subscriber of each queue group, i.e. to every subscriber that is not queued. */
  publish(subject: string, message: string, carrier?: TraceCarrier): void {
    for (const target of this.pickOnePerGroup(subject, (s) => s.onEvent !== undefined)) {
      setImmediate(() => target.onEvent?.(message, carrier));
    }
  }

  hasSubscribers(subject: string): boolean {
    return (this.subscriptions.get(subject)?.length ?? 0) > 0;
  }

  private pickOnePerGroup(subject: string, accepts: (s: BrokerSubscription) => boolean): BrokerSubscription[] {
    const groups = new Map<string, BrokerSubscription[]>();
    for (const subscription of (this.subscriptions.get(subject) ?? []).filter(accepts)) {
      const key = subscription.queue === undefined ? `#${subscription.id}` : `q:${subscription.queue}`;
      groups.set(key, [...(groups.get(key) ?? []), subscription]);
    }
    return [...groups.entries()].map(([key, members]) => {
      const cursorKey = `${subject}\u0000${key}`;
      const cursor = this.roundRobin.get(cursorKey) ?? 0;
      this.roundRobin.set(cursorKey, cursor + 1);
      return members[cursor % members.length];
    });
  }
}

/** The broker shared by every in-process client and server of this process (the embedded mode's "bus"). */
export const processBroker = new InProcessBroker();
