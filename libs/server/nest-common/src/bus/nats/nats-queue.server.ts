import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import { NATS_CONNECTION_OPTIONS } from './nats-connection.options';

interface NatsServerInternals {
  subscriptions: Subscription[];
  getMessageHandler(channel: string): (...args: unknown[]) => unknown;
}

export interface NatsQueueServerOptions {
  servers: string[];
  name: string;
  /** The service's queue group for request handlers. */
  queue: string;
}

/**
 * Nest's NATS server puts every handler, events included, into the configured queue group. Requests must be
 * queued (replicas share them) but events must reach every replica, so this server queues request handlers only.
 */
export class NatsQueueServer extends ServerNats {
  private readonly requestQueue: string;

  constructor(options: NatsQueueServerOptions) {
    super({
      servers: options.servers,
      name: options.name,
      ...NATS_CONNECTION_OPTIONS,
    });
    this.requestQueue = options.queue;
  }

  /**
   * Our subjects are plain text (`memory.list`), never the JSON patterns Nest also supports: Nest's own lookup first
   * tries JSON.parse on the subject, which throws (a SyntaxError with its stack trace) on every message.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  override bindEvents(client: NatsConnection): void {
    const internals = this as unknown as NatsServerInternals;
    for (const [channel, handler] of this.messageHandlers) {
      const subscription = client.subscribe(channel, {
        queue: handler.isEventHandler ? undefined : this.requestQueue,
        callback: internals.getMessageHandler(channel).bind(this),
      });
      internals.subscriptions.push(subscription);
    }
  }
}
