import type { ClientProxy, CustomStrategy } from '@nestjs/microservices';
import { MAX_BUS_REQUEST_TIMEOUT_MS, type BusOptions } from './bus-options';
import { InProcessClient } from './in-process/in-process.client';
import { InProcessServer } from './in-process/in-process.server';
import { NatsQueueServer } from './nats/nats-queue.server';
import { NatsRequestClient } from './nats/nats-request.client';

function natsServers(url: string): string[] {
  return url.split(',').map((server) => server.trim());
}

/** The one way to get a bus client: NATS or in-process, as configured. */
export function createBusClient(options: BusOptions): ClientProxy {
  if (options.transport === 'in-process') return new InProcessClient({ broker: options.broker });
  const client = new NatsRequestClient({
    servers: natsServers(options.natsUrl),
    name: options.name,
    security: options.nats,
    // The caller's timeout decides (per send, up to the maximum); this bound only frees the request's inbox entry
    // if the caller went away.
    requestTimeoutMs: Math.max(options.timeoutMs, MAX_BUS_REQUEST_TIMEOUT_MS) + 1000,
  });
  // ClientNats narrows the status type parameter; as a plain ClientProxy it is used the same way.
  return client as unknown as ClientProxy;
}

/** The bus listener of a service: request handlers join the service's queue group, events reach every replica. */
export function createBusServer(options: BusOptions, queue: string, scopeEveryMessage = false): CustomStrategy {
  if (options.transport === 'in-process') {
    return { strategy: new InProcessServer({ queue, broker: options.broker, scopeEveryMessage }) };
  }
  return {
    strategy: new NatsQueueServer({
      servers: natsServers(options.natsUrl),
      name: options.name,
      security: options.nats,
      queue,
      scopeEveryMessage,
    }),
  };
}
