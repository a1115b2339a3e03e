import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { BusRequestMap, BusRequestSubject, MessageContext, MessageEnvelope } from '@memories/contracts';
import { BUS_CLIENT_PROXY, BUS_OPTIONS } from './bus.tokens';
import type { BusOptions } from './bus-options';
import { sendRequest } from './send-request';

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
  ): Promise<BusRequestMap[S]['result']> {
    const envelope: MessageEnvelope<BusRequestMap[S]['payload']> = { ...context, payload };
    return sendRequest(this.client, subject, envelope, this.options.timeoutMs);
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }
}
