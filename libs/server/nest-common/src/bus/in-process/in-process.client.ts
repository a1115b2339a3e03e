import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { noRespondersError } from '../bus-errors';
import { BusRecord } from '../bus-telemetry';
import { type InProcessBroker, processBroker } from './in-process-broker';

/** A packet whose data travels with a trace context: the data goes on as the message, the carrier beside it. */
function unwrap(packet: ReadPacket): { packet: ReadPacket; carrier?: BusRecord['carrier'] } {
  return packet.data instanceof BusRecord
    ? { packet: { ...packet, data: packet.data.data }, carrier: packet.data.carrier }
    : { packet };
}

/** The client half of the in-process transport: Nest's ClientProxy API over the process-wide broker. */
export class InProcessClient extends ClientProxy {
  private readonly broker: InProcessBroker;

  constructor(options: { broker?: InProcessBroker } = {}) {
    super();
    this.broker = options.broker ?? processBroker;
  }

  async connect(): Promise<void> {
    // Nothing to connect to: the broker lives in this process.
  }

  close(): void {
    // Nothing to release: pending replies are dropped by their own teardown.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  isConnected(): boolean {
    return true;
  }

  protected publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const { packet: unwrapped, carrier } = unwrap(partialPacket);
    const packet = this.assignPacketId(unwrapped);
    const subject = this.normalizePattern(packet.pattern);
    let active = true;
    const delivered = this.broker.request(
      subject,
      JSON.stringify(packet),
      (raw) => {
        if (!active) return;
        const { err, response, isDisposed } = JSON.parse(raw) as WritePacket & { id: string };
        // Only the first complete answer counts, as with a NATS request.
        if (err !== undefined || isDisposed) active = false;
        callback(err !== undefined ? { err, isDisposed: true } : { response, isDisposed });
      },
      carrier,
    );
    if (!delivered) {
      active = false;
      callback({ err: noRespondersError(subject), isDisposed: true });
    }
    return () => {
      active = false;
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const { packet: unwrapped, carrier } = unwrap(packet);
    this.broker.publish(this.normalizePattern(unwrapped.pattern), JSON.stringify(unwrapped), carrier);
    return undefined as T;
  }
}
