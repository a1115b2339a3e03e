import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { BusRequestMap, BusRequestSubject, MessageContext, MessageEnvelope } from '@memories/contracts';
import { BUS_CLIENT_PROXY, BUS_OPTIONS } from './bus.tokens';
import { MAX_BUS_REQUEST_TIMEOUT_MS, type BusOptions, type BusRequestOptions } from './bus-options';
import { sendRequest, sendRequestForJson } from './send-request';

/** The JSON text of a `T`, as it came over the bus. */
export type JsonText<T> = string & { readonly jsonOf?: T };

/** Typed request/reply and events over whichever bus is configured, with the envelope and timeout applied. */
@Injectable()
export class BusClient implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BusClient.name);

  constructor(
    @Inject(BUS_CLIENT_PROXY) private readonly client: ClientProxy,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the HTTP side must come up (and answer 503) even while NATS is still unreachable.
    this.client.connect().catch((error: unknown) => this.logger.error(`Bus connection failed: ${String(error)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  request<S extends BusRequestSubject>(
    subject: S,
    payload: BusRequestMap[S]['payload'],
    context: MessageContext,
    options: BusRequestOptions = {},
  ): Promise<BusRequestMap[S]['result']> {
    return sendRequest(this.client, subject, this.envelope(payload, context), this.timeoutOf(options));
  }

  /**
   * The result as JSON text, for a caller that passes it on without looking at it (the gateway's envelope around a
   * list page): over NATS it is the reply's own text, neither parsed nor written again.
   */
  async requestJson<S extends BusRequestSubject>(
    subject: S,
    payload: BusRequestMap[S]['payload'],
    context: MessageContext,
    options: BusRequestOptions = {},
  ): Promise<JsonText<BusRequestMap[S]['result']>> {
    return (await sendRequestForJson(
      this.client,
      subject,
      this.envelope(payload, context),
      this.timeoutOf(options),
    )) as JsonText<BusRequestMap[S]['result']>;
  }

  private envelope<TPayload>(payload: TPayload, context: MessageContext): MessageEnvelope<TPayload> {
    return { ...context, payload };
  }

  private timeoutOf({ timeoutMs = this.options.timeoutMs }: BusRequestOptions): number {
    // A wiring mistake, not a request failure: the NATS client would drop the request before this timeout.
    if (timeoutMs > MAX_BUS_REQUEST_TIMEOUT_MS)
      throw new Error(`A bus request may wait at most ${MAX_BUS_REQUEST_TIMEOUT_MS} ms`);
    return timeoutMs;
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }
}
