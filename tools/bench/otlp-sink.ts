import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpSink {
  /** The OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT). */
  url: string;
  /** How many export requests (batches of spans) arrived. */
  batches(): number;
  close(): Promise<void>;
}

/**
 * An OTLP/HTTP receiver on 127.0.0.1 that accepts every batch of spans and drops it: what exporting traces costs the
 * services, without a collector's own work on the same cores.
 */
export async function startOtlpSink(): Promise<OtlpSink> {
  let batches = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      batches += 1;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    batches: () => batches,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
