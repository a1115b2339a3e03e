/**
 * Horizontal scaling as deployed (Kubernetes runs several memory pods, the HPA adds more): two memory service
 * processes on one real nats-server, started with the deployment's own NATS configuration (each replica signed in as
 * the memory service, the test client as the gateway), share the requests through their queue group, serve the same
 * data, and one keeps answering when the other stops. Which replica answered is read from the server's own
 * monitoring (`/connz`): each replica's connection counts the replies it sent.
 */
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  HEALTH_CHECK_SUBJECTS,
  MEMORY_SUBJECTS,
  type BusRequestMap,
  type BusRequestSubject,
} from '@memories/contracts';
import { MAX_CONTENT_JSON_BYTES } from '@memories/editor-schema';
import { bootstrapService, createBusClient, migrateService } from '@memories/nest-common';
import {
  DEPLOYED_NATS_CONFIG,
  getFreePort,
  requestAs,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';

const OWNER = randomUUID();
const REQUESTS = 40;

interface NatsConnectionStats {
  cid: number;
  name?: string;
  out_msgs: number;
  subscriptions_list_detail?: { subject: string; qgroup?: string }[];
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** An editor document whose JSON text is just under the largest content the product accepts. */
function largestDocument(): string {
  const sentence = 'The tide came in slowly over the harbour stones while we talked. ';
  const block = paragraph(sentence.repeat(60));
  const blockBytes = Buffer.byteLength(JSON.stringify(block)) + 1;
  const count = Math.floor((MAX_CONTENT_JSON_BYTES - 64) / blockBytes);
  const text = JSON.stringify({ type: 'doc', content: Array.from({ length: count }, () => block) });
  expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_CONTENT_JSON_BYTES * 0.95);
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_CONTENT_JSON_BYTES);
  return text;
}

describe('two memory service replicas on one nats-server', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  const replicas: INestApplication[] = [];
  let client: ReturnType<typeof createBusClient>;

  const ask = <S extends BusRequestSubject>(subject: S, payload: BusRequestMap[S]['payload']) =>
    requestAs(client, subject, OWNER, payload, 10000);

  /** The two replicas' connections: each replica names its connection after the service. */
  async function replicaConnections(): Promise<NatsConnectionStats[]> {
    const response = await fetch(`${nats.monitorUrl}/connz?subs=detail`);
    const { connections } = (await response.json()) as { connections: NatsConnectionStats[] };
    return connections
      .filter((connection) => connection.name === memoryServiceDescriptor.name)
      .sort((a, b) => a.cid - b.cid);
  }

  /** Replies each replica sent while `work` ran. */
  async function repliesPerReplica(work: () => Promise<unknown>): Promise<number[]> {
    const before = await replicaConnections();
    await work();
    const after = await replicaConnections();
    return after.map(
      (connection) => connection.out_msgs - (before.find((earlier) => earlier.cid === connection.cid)?.out_msgs ?? 0),
    );
  }

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([
      startTestPostgres(),
      startNatsServer({ config: DEPLOYED_NATS_CONFIG, monitor: true, secured: true }),
    ]);
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      ...nats.credentialsOf('memory'),
      LOG_LEVEL: 'fatal',
      BUS_TIMEOUT_MS: '10000',
    };
    await migrateService(memoryServiceDescriptor, env);
    for (let replica = 0; replica < 2; replica += 1) {
      replicas.push(await bootstrapService(memoryServiceDescriptor, { ...env, PORT: String(await getFreePort()) }));
    }
    // Asking as the gateway does, with its user.
    client = createBusClient({
      transport: 'nats',
      natsUrl: nats.url,
      timeoutMs: 10000,
      name: 'replicas-test',
      nats: nats.securityOf('gateway'),
    });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    for (const replica of replicas) await replica.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('subscribes both replicas in the one queue group of the service', async () => {
    const connections = await replicaConnections();

    expect(connections).toHaveLength(2);
    for (const connection of connections) {
      expect(connection.subscriptions_list_detail).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ subject: HEALTH_CHECK_SUBJECTS.memory, qgroup: memoryServiceDescriptor.name }),
        ]),
      );
    }
  });

  it('shares the requests: each one answered exactly once, and both replicas answer', async () => {
    const replies = await repliesPerReplica(() =>
      Promise.all(Array.from({ length: REQUESTS }, () => ask(HEALTH_CHECK_SUBJECTS.memory, {}))),
    );

    expect(replies).toHaveLength(2);
    expect(replies[0] + replies[1]).toBe(REQUESTS);
    expect(replies.every((count) => count > 0)).toBe(true);
  });

  it('serves the same data from either replica: a memory written through one is read through both', async () => {
    const created = await ask(MEMORY_SUBJECTS.create, {
      memory: {
        title: 'Two replicas',
        date: '2024-05-01',
        contentJson: JSON.stringify({ type: 'doc', content: [paragraph('Written once, read anywhere.')] }),
        tags: ['scale'],
        isDraft: false,
        thumbnailUrl: '',
        sharedWith: [],
      },
      ownerEmail: 'replicas@example.com',
    });
    const reads: unknown[] = [];

    const replies = await repliesPerReplica(async () => {
      reads.push(
        ...(await Promise.all(Array.from({ length: REQUESTS }, () => ask(MEMORY_SUBJECTS.get, { id: created.id })))),
      );
    });

    expect(reads).toEqual(Array.from({ length: REQUESTS }, () => created));
    expect(replies.every((count) => count > 0)).toBe(true);
  });

  it('carries a memory of the largest allowed content both ways with the deployment NATS configuration', async () => {
    const contentJson = largestDocument();

    const created = await ask(MEMORY_SUBJECTS.create, {
      memory: {
        title: 'Long read',
        date: '2024-05-02',
        contentJson,
        tags: [],
        isDraft: true,
        thumbnailUrl: '',
        sharedWith: [],
      },
      ownerEmail: 'replicas@example.com',
    });
    const read = await ask(MEMORY_SUBJECTS.get, { id: created.id });

    // Stored normalised (each node gets its default attributes), so never smaller than what was sent.
    expect(read).toEqual(created);
    expect(Buffer.byteLength(read.contentJson)).toBeGreaterThanOrEqual(Buffer.byteLength(contentJson));
    expect(Buffer.byteLength(JSON.stringify(read))).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('keeps answering through the other replica when one stops', async () => {
    await replicas.shift()?.close();

    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(HEALTH_CHECK_SUBJECTS.memory, {})));

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 'up'));
    expect(await replicaConnections()).toHaveLength(1);
  });
});
