// The floor of bench:api (see api-memories.ts): a bare node:http server that forwards every request over NATS and
// answers the reply's bytes as they came. No framework, no validation, no JSON work: what the transport alone costs.
// Run with `node --import tsx`; PORT and NATS_URL from the environment.
import { createServer } from 'node:http';
import { connect } from 'nats';
import { FLOOR_SUBJECT } from './floor';

async function main(): Promise<void> {
  const nats = await connect({ servers: process.env.NATS_URL, noAsyncTraces: true });
  const server = createServer((request, response) => {
    nats.request(FLOOR_SUBJECT, undefined, { timeout: 5000 }).then(
      (reply) => response.writeHead(200, { 'content-type': 'application/json' }).end(reply.data),
      () => response.writeHead(503).end(),
    );
    request.resume();
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close();
    void nats.close().then(() => process.exit(0));
  });
}

void main();
