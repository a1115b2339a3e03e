import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { MEMORY_SUBJECTS, type BusRequestMap, type BusRequestSubject, type MemoryInput } from '@memories/contracts';
import { bootstrapService, createBusClient, migrateService } from '@memories/nest-common';
import {
  getFreePort,
  requestAs,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';

const OWNER = randomUUID();
const FRIEND = randomUUID();
const STRANGER = randomUUID();
const fileOf = (userId: string, name: string) => `/api/files/users/${userId}/${name}`;

const memory = (title: string, images: string[], sharedWith: string[] = []): MemoryInput => ({
  title,
  date: '2024-05-01',
  contentJson: JSON.stringify({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: title }] },
      ...images.map((src) => ({ type: 'image', attrs: { src } })),
    ],
  }),
  sharedWith,
});

describe('which memories use which files, over NATS against PostgreSQL', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let client: ReturnType<typeof createBusClient>;

  const ask = <S extends BusRequestSubject>(
    subject: S,
    userId: string | undefined,
    payload: BusRequestMap[S]['payload'],
  ) => requestAs(client, subject, userId, payload);
  const create = (userId: string, input: MemoryInput) =>
    ask(MEMORY_SUBJECTS.create, userId, { memory: input, ownerEmail: `${userId.slice(0, 8)}@example.com` });
  const readable = (readerId: string | undefined, ownerId: string, fileUrl: string) =>
    ask(MEMORY_SUBJECTS.imageReadable, readerId, { ownerId, fileUrl }).then((answer) => answer.readable);

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'fatal',
      FILE_URL_PREFIX: '/api/files/',
    };
    await migrateService(memoryServiceDescriptor, env);
    app = await bootstrapService(memoryServiceDescriptor, env);
    client = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 5000, name: 'memory-images-test' });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('answers which of the owner’s files their memories use, ignoring the same URL in another user’s memory', async () => {
    const used = fileOf(OWNER, 'used.png');
    const unused = fileOf(OWNER, 'unused.png');
    const pastedElsewhere = fileOf(OWNER, 'pasted.png');
    await create(OWNER, memory('Harbour', [used]));
    await create(STRANGER, memory('Copied', [pastedElsewhere]));

    const answer = await ask(MEMORY_SUBJECTS.imagesReferenced, undefined, {
      ownerId: OWNER,
      fileUrls: [used, unused, pastedElsewhere],
    });

    expect(answer).toEqual({ referenced: [used] });
  });

  it('lets the owner and a share recipient read a used file, nobody else', async () => {
    const shared = fileOf(OWNER, 'shared.png');
    const private_ = fileOf(OWNER, 'private.png');
    await create(OWNER, memory('Shared walk', [shared], [FRIEND]));
    await create(OWNER, memory('Private walk', [private_]));

    expect(await readable(OWNER, OWNER, shared)).toBe(true);
    expect(await readable(FRIEND, OWNER, shared)).toBe(true);
    expect(await readable(FRIEND, OWNER, private_)).toBe(false);
    expect(await readable(STRANGER, OWNER, shared)).toBe(false);
    expect(await readable(undefined, OWNER, shared)).toBe(false);
  });

  it('does not let a memory of someone else grant access to the owner’s file', async () => {
    const file = fileOf(OWNER, 'leaked.png');
    await create(STRANGER, memory('Pasted', [file], [FRIEND]));

    expect(await readable(FRIEND, OWNER, file)).toBe(false);
    expect(await readable(STRANGER, OWNER, file)).toBe(false);
  });

  it('refuses a malformed question', async () => {
    await expect(
      ask(MEMORY_SUBJECTS.imagesReferenced, undefined, {
        ownerId: OWNER,
        fileUrls: Array.from({ length: 201 }, (_, i) => fileOf(OWNER, `${i}.png`)),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
