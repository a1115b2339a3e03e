import { ERROR_CODES, type RpcErrorPayload } from '@memories/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';
import { DomainError } from '../errors/domain.error';
import { isRpcErrorPayload } from '../errors/rpc-error.util';
import type { TraceCarrier } from '../telemetry/trace-context';
import { busTimeoutError, busUnavailableError } from './bus-errors';
import { observedRequest, withCarrier } from './bus-telemetry';

/** A client that can tell whether its transport is connected right now. */
export interface ConnectionAware {
  isConnected(): boolean;
}

function isConnectionAware(client: object): client is ConnectionAware {
  return typeof (client as Partial<ConnectionAware>).isConnected === 'function';
}

/**
 * A client that sends a request as one promise, without ClientProxy's rxjs pipeline: it resolves with the result,
 * rejects with what a service answered as its error (or a bus error payload), and applies `timeoutMs` itself.
 */
export interface DirectRequester {
  request(subject: string, message: unknown, timeoutMs: number, carrier?: TraceCarrier): Promise<unknown>;
}

function isDirectRequester(client: object): client is DirectRequester {
  return typeof (client as Partial<DirectRequester>).request === 'function';
}

/** A DirectRequester that can also answer a result as the JSON text it came in, for a caller that only passes it on. */
export interface JsonRequester {
  requestJson(subject: string, message: unknown, timeoutMs: number, carrier?: TraceCarrier): Promise<string>;
}

function isJsonRequester(client: object): client is JsonRequester {
  return typeof (client as Partial<JsonRequester>).requestJson === 'function';
}

function toDomainError(payload: RpcErrorPayload): DomainError {
  return new DomainError(payload.code, payload.message, payload.detail);
}

/**
 * Sends one request and waits for its answer, never longer than `timeoutMs`. Every failure becomes a DomainError:
 * the service's own code when it answered with one, BUS_TIMEOUT when it did not answer in time, BUS_UNAVAILABLE
 * when nobody listens or the bus itself is down. Its duration and outcome are measured, and when tracing, the
 * message carries the trace (see bus-telemetry).
 */
export function sendRequest<TResult>(
  client: ClientProxy,
  subject: string,
  message: unknown,
  timeoutMs: number,
): Promise<TResult> {
  return observedRequest(subject, (carrier) =>
    withBusErrors(client, subject, timeoutMs, async () =>
      isDirectRequester(client)
        ? ((await client.request(subject, message, timeoutMs, carrier)) as TResult)
        : firstValueFrom(
            client.send<TResult>(subject, withCarrier(message, carrier)).pipe(timeout({ first: timeoutMs })),
          ),
    ),
  );
}

/** As sendRequest, answering the result as JSON text (see JsonRequester): for a caller that only passes it on. */
export async function sendRequestForJson(
  client: ClientProxy,
  subject: string,
  message: unknown,
  timeoutMs: number,
): Promise<string> {
  if (isJsonRequester(client))
    return observedRequest(subject, (carrier) =>
      withBusErrors(client, subject, timeoutMs, () => client.requestJson(subject, message, timeoutMs, carrier)),
    );
  return JSON.stringify(await sendRequest(client, subject, message, timeoutMs));
}

async function withBusErrors<T>(
  client: ClientProxy,
  subject: string,
  timeoutMs: number,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof TimeoutError) {
      // A client still waiting for its first connection times out too: that is an unavailable bus, not a slow service.
      throw toDomainError(
        isConnectionAware(client) && !client.isConnected()
          ? busUnavailableError(subject, 'not connected')
          : busTimeoutError(subject, timeoutMs),
      );
    }
    if (isRpcErrorPayload(error)) throw toDomainError(error);
    // Nest's default RPC filter answers `{ status: 'error', message }` for a handler without our filter.
    if (typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 'error') {
      throw new DomainError(ERROR_CODES.INTERNAL, 'The service failed to handle the request');
    }
    throw toDomainError(busUnavailableError(subject, error instanceof Error ? error.message : String(error)));
  }
}
