import { randomUUID } from 'node:crypto';
import type { BusRequestMap, BusRequestSubject } from '@memories/contracts';
import { sendRequest } from '@memories/nest-common';

/** One typed bus request on behalf of `userId`, with a fresh correlation id, as the gateway sends it. */
export function requestAs<S extends BusRequestSubject>(
  client: Parameters<typeof sendRequest>[0],
  subject: S,
  userId: string | undefined,
  payload: BusRequestMap[S]['payload'],
  timeoutMs = 5000,
): Promise<BusRequestMap[S]['result']> {
  return sendRequest<BusRequestMap[S]['result']>(
    client,
    subject,
    { correlationId: randomUUID(), userId, payload },
    timeoutMs,
  );
}
