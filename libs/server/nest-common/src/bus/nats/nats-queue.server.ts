import { NatsContext, ServerNats, type WritePacket } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import type { Msg, MsgHdrs, NatsConnection, Subscription } from 'nats';
import { isObservable } from 'rxjs';
import { ReceivedMessages } from '../bus-telemetry';
import { natsHeadersGetter } from './nats-trace-headers';
import { explainConnectionFailure, natsConnectionOptions, type NatsSecurity } from './nats-connection.options';
import { encodeResultReply } from './nats-reply.packet';

interface NatsServerInternals {
  subscriptions: Subscription[];
  getMessageHandler(channel: string): (...args: unknown[]) => unknown;
  getPublisher(
    message: Msg,
    id: string,
    context: NatsContext,
  ): (packet: WritePacket & { id?: string; status?: string }) => void | Promise<unknown>;
}

export interface NatsQueueServerOptions {
  servers: string[];
  name: string;
  security?: NatsSecurity;
  /** The service's queue group for request handlers. */
  queue: string;
  /** Every message handled in its request's scope, also without tracing (see ReceivedMessages). */
  scopeEveryMessage?: boolean;
}

/**
 * Nest's NATS server puts every handler, events included, into the configured queue group. Requests must be
 * queued (replicas share them) but events must reach every replica, so this server queues request handlers only.
 */
export class NatsQueueServer extends ServerNats {
  private readonly requestQueue: string;
  private readonly received: ReceivedMessages;
  private readonly security?: NatsSecurity;

  constructor(options: NatsQueueServerOptions) {
    super({
      servers: options.servers,
      name: options.name,
      ...natsConnectionOptions(options.security),
    });
    this.requestQueue = options.queue;
    this.received = new ReceivedMessages(options.queue, options.scopeEveryMessage);
    this.security = options.security;
  }

  override async createNatsClient(): Promise<NatsConnection> {
    try {
      return await super.createNatsClient();
    } catch (error) {
      throw explainConnectionFailure(error, this.security);
    }
  }

  /**
   * Our subjects are plain text (`memory.list`), never the JSON patterns Nest also supports: Nest's own lookup first
   * tries JSON.parse on the subject, which throws (a SyntaxError with its stack trace) on every message.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  /**
   * Nest's own handling, except for a handler that answered a value (every request handler of ours): its answer
   * leaves at once in the one layout of encodeResultReply, where Nest wraps it in three Observables, a subscription
   * and a deferred tick first. What answered an Observable (the exception filter's error, or a stream) still takes
   * Nest's path, so errors travel exactly as before.
   */
  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    const context = new NatsContext([natsMsg.subject, natsMsg.headers]);
    const message = (await this.deserializer.deserialize(natsMsg.data, { channel, replyTo: natsMsg.reply })) as {
      id?: string;
      data: unknown;
    };
    const headers: MsgHdrs | undefined = natsMsg.headers;
    if (message.id === undefined)
      return this.received.handle(channel, true, message.data, headers, natsHeadersGetter, () =>
        this.handleEvent(channel, message as Parameters<ServerNats['handleEvent']>[1], context),
      );
    const publish = (this as unknown as NatsServerInternals).getPublisher(natsMsg, message.id, context);
    const handler = this.getHandlerByPattern(channel);
    if (!handler) return publish({ id: message.id, status: 'error', err: NO_MESSAGE_HANDLER });
    return this.received.handle(channel, false, message.data, headers, natsHeadersGetter, async () =>
      this.onProcessingStartHook(this.transportId, context, async () => {
        const result: unknown = await handler(message.data, context);
        const resultJson = isObservable(result) ? undefined : JSON.stringify(result);
        // An Observable (an error from the exception filter) or no value at all (which Nest's client takes for no
        // answer).
        if (resultJson === undefined) this.send(this.transformToObservable(result), publish);
        else if (natsMsg.reply) natsMsg.respond(encodeResultReply(message.id as string, resultJson));
      }),
    );
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
