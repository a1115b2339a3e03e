import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { ErrorCode, type NatsError } from 'nats';
import { busTimeoutError, busUnavailableError, noRespondersError } from '../bus-errors';
import { NATS_CONNECTION_OPTIONS } from './nats-connection.options';

interface NatsResponse {
  err?: unknown;
  response?: unknown;
  isDisposed?: boolean;
}

export interface NatsRequestClientOptions {
  servers: string[];
  name: string;
  /** Upper bound of one request on the wire; callers also apply their own, usually shorter, timeout. */
  requestTimeoutMs: number;
}

/**
 * Nest's NATS client publishes to a private inbox, so a request nobody listens to only ever times out. This
 * client uses the NATS request API instead, which reports "no responders" at once: a stopped service answers
 * 503 immediately instead of 504 after the timeout. The wire format stays Nest's, so Nest's NATS server answers.
 */
export class NatsRequestClient extends ClientNats {
  private connected = false;
  private closed = false;
  private readonly requestTimeoutMs: number;

  constructor(options: NatsRequestClientOptions) {
    super({
      servers: options.servers,
      name: options.name,
      ...NATS_CONNECTION_OPTIONS,
    });
    this.requestTimeoutMs = options.requestTimeoutMs;
    this._status$.subscribe((status) => {
      this.connected = status === 'connected';
    });
  }

  isConnected(): boolean {
    return this.connected;
  }

  override async connect(): Promise<import('nats').NatsConnection> {
    const connection = await super.connect();
    // Closed while the first connection was still being made: do not leave that connection open behind us.
    if (this.closed) await super.close();
    return connection;
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
    const subject = this.normalizePattern(packet.pattern);
    // While NATS is unreachable the connection would buffer the request and deliver it on reconnection, long after
    // the caller was told it failed (a create answered 503 would then happen after all): fail at once instead.
    if (!this.connected) {
      callback({ err: busUnavailableError(subject, 'not connected'), isDisposed: true });
      return () => undefined;
    }
    let active = true;
    try {
      const serialized = this.serializer.serialize(packet);
      const client = this.unwrap<import('nats').NatsConnection>();
      client
        .request(subject, serialized.data, { timeout: this.requestTimeoutMs, headers: this.mergeHeaders(serialized.headers) })
        .then(async (message) => {
          if (!active) return;
          const { err, response } = (await this.deserializer.deserialize(message.data)) as NatsResponse;
          callback(err !== undefined && err !== null ? { err, isDisposed: true } : { response, isDisposed: true });
        })
        .catch((error: NatsError) => {
          if (active) callback({ err: this.toBusError(subject, error), isDisposed: true });
        });
    } catch (error) {
      callback({ err: busUnavailableError(subject, error instanceof Error ? error.message : String(error)), isDisposed: true });
    }
    return () => {
      active = false;
    };
  }

  private toBusError(subject: string, error: NatsError) {
    switch (error.code) {
      case ErrorCode.NoResponders:
        return noRespondersError(subject);
      case ErrorCode.Timeout:
        return busTimeoutError(subject, this.requestTimeoutMs);
      default:
        return busUnavailableError(subject, error.message);
    }
  }
}
