import { Logger } from '@nestjs/common';
import { type CustomTransportStrategy, type ReadPacket, Server, type WritePacket } from '@nestjs/microservices';
import { ERROR_CODES } from '@memories/contracts';
import { INTERNAL_ERROR_MESSAGE } from '../../errors/rpc-error.util';
import { errorText, lineOf } from '../../logging/request-line';
import { recordGetter, type TraceCarrier } from '../../telemetry/trace-context';
import { ReceivedMessages } from '../bus-telemetry';
import { InProcessContext } from './in-process.context';
import { type InProcessBroker, processBroker } from './in-process-broker';

export interface InProcessServerOptions {
  /** Queue group for request handlers (one per service), so replicas share requests as with NATS. */
  queue?: string;
  broker?: InProcessBroker;
  /** Every message handled in its request's scope, also without tracing (see ReceivedMessages). */
  scopeEveryMessage?: boolean;
}

export const IN_PROCESS_TRANSPORT = Symbol('IN_PROCESS_TRANSPORT');

interface RequestPacket extends ReadPacket {
  id: string;
}

/** The server half of the in-process transport: registers the app's handlers on the broker. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  override readonly transportId = IN_PROCESS_TRANSPORT;
  private readonly broker: InProcessBroker;
  private readonly queue: string | undefined;
  private unsubscribers: Array<() => void> = [];
  private readonly received: ReceivedMessages;
  protected override readonly logger = new Logger(InProcessServer.name);

  constructor(options: InProcessServerOptions = {}) {
    super();
    this.broker = options.broker ?? processBroker;
    this.queue = options.queue;
    // The service whose handlers these are (its queue group), named on the lines of the messages it handles.
    this.received = new ReceivedMessages(options.queue ?? 'in-process', options.scopeEveryMessage);
  }

  listen(callback: () => void): void {
    for (const [subject, handler] of this.messageHandlers) {
      this.unsubscribers.push(
        handler.isEventHandler
          ? // Events are never queued: every subscriber must see them.
            this.broker.subscribe({
              subject,
              onEvent: (message, carrier) => void this.onEvent(subject, message, carrier),
            })
          : this.broker.subscribe({
              subject,
              queue: this.queue,
              onRequest: (message, reply, carrier) => void this.onRequest(subject, message, reply, carrier),
            }),
      );
    }
    callback();
  }

  close(): void {
    this.unsubscribers.forEach((unsubscribe) => unsubscribe());
    this.unsubscribers = [];
  }

  on(): void {
    // The in-process broker has no connection, hence no status events to listen to.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  private async onRequest(
    subject: string,
    message: string,
    reply: (response: string) => void,
    carrier: TraceCarrier | undefined,
  ): Promise<void> {
    const packet = JSON.parse(message) as RequestPacket;
    const respond = (response: WritePacket): void => reply(JSON.stringify({ ...response, id: packet.id }));
    const context = new InProcessContext([subject]);
    const handler = this.getHandlerByPattern(subject);
    if (!handler) {
      respond({ err: { code: ERROR_CODES.BUS_UNAVAILABLE, message: `No handler for "${subject}"` }, isDisposed: true });
      return;
    }
    await this.received.handle(subject, false, packet.data, carrier, recordGetter, async () =>
      this.onProcessingStartHook(this.transportId, context, async () => {
        try {
          const response$ = this.transformToObservable(await handler(packet.data, context));
          this.send(response$, respond);
        } catch (error) {
          this.logger.error(
            lineOf(
              { correlationId: String((packet.data as { correlationId?: unknown } | null)?.correlationId) },
              errorText(error),
            ),
          );
          respond({ err: { code: ERROR_CODES.INTERNAL, message: INTERNAL_ERROR_MESSAGE }, isDisposed: true });
        }
      }),
    );
  }

  private async onEvent(subject: string, message: string, carrier: TraceCarrier | undefined): Promise<void> {
    const packet = JSON.parse(message) as ReadPacket;
    await this.received.handle(subject, true, packet.data, carrier, recordGetter, () =>
      this.handleEvent(subject, packet, new InProcessContext([subject])),
    );
  }
}
