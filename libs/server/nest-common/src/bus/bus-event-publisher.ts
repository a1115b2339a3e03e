import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { lastValueFrom, timeout } from 'rxjs';
import type { MessageContext, MessageEnvelope, SubjectPattern } from '@memories/contracts';
import { lineOf } from '../logging/request-line';
import { busOptionsFrom } from './bus-options';
import { tracedPublish, withCarrier } from './bus-telemetry';
import { createBusClient } from './bus-transport.factory';

/** The client a service publishes its events with (see `BusEventPublisher`). */
export const EVENT_BUS_CLIENT = Symbol('EVENT_BUS_CLIENT');

/** How long a publish may wait for the bus before it counts as failed. */
const PUBLISH_TIMEOUT_MS = 2000;

/**
 * Publishes a service's events (never queued: every interested replica sees each one). An event reports something
 * already done, so a bus failure is logged and answered `false` rather than undoing it: every consumer of an event
 * published this way has its own way to catch up on what it missed.
 */
@Injectable()
export class BusEventPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BusEventPublisher.name);

  constructor(@Inject(EVENT_BUS_CLIENT) private readonly client: ClientProxy) {}

  onApplicationBootstrap(): void {
    this.client.connect().catch((error: unknown) => this.logger.error(`Bus connection failed: ${String(error)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  async publish<TPayload>(subject: SubjectPattern, payload: TPayload, context: MessageContext): Promise<boolean> {
    const envelope: MessageEnvelope<TPayload> = { ...context, payload };
    try {
      // When tracing, the event carries the publisher's trace to every subscriber.
      await tracedPublish(subject, (carrier) =>
        lastValueFrom(
          this.client.emit(subject, withCarrier(envelope, carrier)).pipe(timeout({ first: PUBLISH_TIMEOUT_MS })),
          { defaultValue: undefined },
        ),
      );
      return true;
    } catch (error) {
      this.logger.error(lineOf(context, `${subject} not published: ${String(error)}`));
      return false;
    }
  }
}

/**
 * What a service module lists to publish events: its own bus client, named `clientName` (as the bus shows it), and
 * the `BusEventPublisher` that uses it.
 */
export function eventPublisherProviders(config: Parameters<typeof busOptionsFrom>[0], clientName: string): Provider[] {
  return [
    { provide: EVENT_BUS_CLIENT, useFactory: () => createBusClient(busOptionsFrom(config, clientName)) },
    BusEventPublisher,
  ];
}
