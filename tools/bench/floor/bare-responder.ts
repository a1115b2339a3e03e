// The floor of bench:api (see api-memories.ts): answers every request on the floor subject with the same bytes (a
// list page as the memory service sends it), read once from REPLY_FILE. No framework, no validation, no database.
// Run with `node --import tsx`; NATS_URL and REPLY_FILE from the environment.
import { readFileSync } from 'node:fs';
import { connect } from 'nats';
import { FLOOR_SUBJECT } from './floor';

async function main(): Promise<void> {
  const reply = readFileSync(String(process.env.REPLY_FILE));
  const nats = await connect({ servers: process.env.NATS_URL, noAsyncTraces: true });
  nats.subscribe(FLOOR_SUBJECT, { callback: (_error, message) => message.respond(reply) });
  process.once('SIGTERM', () => void nats.close().then(() => process.exit(0)));
}

void main();
