import { randomUUID } from 'node:crypto';
import { createBusClient, sendRequest } from '@memories/nest-common';
import type { BusRequestMap, BusRequestSubject } from '@memories/contracts';

export interface BusProbe {
  request<S extends BusRequestSubject>(
    subject: S,
    payload: BusRequestMap[S]['payload'],
  ): Promise<BusRequestMap[S]['result']>;
  /** Any envelope on any subject, untyped: what a misbehaving client on the bus could send. */
  send(subject: string, envelope: { correlationId: string; userId?: string; payload: unknown }): Promise<unknown>;
  close(): Promise<void>;
}

/** A bus client for tests, talking to services exactly as the gateway does (envelope, timeout, error codes). */
export async function connectBusProbe(natsUrl: string, timeoutMs = 3000): Promise<BusProbe> {
  const client = createBusClient({ transport: 'nats', natsUrl, timeoutMs, name: 'test-probe' });
  await client.connect();
  return {
    request: (subject, payload) => sendRequest(client, subject, { correlationId: randomUUID(), payload }, timeoutMs),
    send: (subject, envelope) => sendRequest(client, subject, envelope, timeoutMs),
    close: async () => {
      await client.close();
    },
  };
}
