import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { MEMORY_ERROR_CODES } from '@memories/contracts';
import { bootstrapService, migrateService } from '@memories/nest-common';
import {
  getFreePort,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';
import { MemoryAccess } from '../src/access/memory-access';
import { MemoryStore } from '../src/core/memory-store.repository';
import { MemoryImagesRepository } from '../src/images/memory-images.repository';

const IMAGE = '/api/files/author/photo.png';

/**
 * The access core against the schema: who may read, change and manage a memory, asked of one memory (MemoryAccess)
 * and of many (the image check, which uses the same SQL rule).
 */
describe('who may do what with a memory', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let access: MemoryAccess;
  let images: MemoryImagesRepository;
  const author = randomUUID();
  const recipient = randomUUID();
  const stranger = randomUUID();
  let memoryId: string;

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
    access = app.get(MemoryAccess);
    images = app.get(MemoryImagesRepository);
    const store = app.get(MemoryStore);
    const record = await store.insert(
      author,
      'author@example.com',
      {
        title: 'Picnic',
        date: '2024-05-01T12:00:00',
        contentJson: '{}',
        contentHtml: '',
        contentText: 'picnic',
        tags: [],
        isDraft: false,
        thumbnailUrl: '',
        imageSources: [IMAGE],
        wordCount: 1,
        readingTime: 1,
      },
      [recipient],
    );
    memoryId = record.id;
  }, 120000);

  afterAll(async () => {
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  const caller = (userId: string) => ({ correlationId: 'access-spec', userId });
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'allowed',
      (error: { code?: string }) => (error.code === MEMORY_ERROR_CODES.MEMORY_NOT_FOUND ? 'not found' : error.code),
    );

  it.each([
    ['the author', () => author, ['allowed', 'allowed', 'allowed', true]],
    ['a share recipient', () => recipient, ['allowed', 'not found', 'not found', true]],
    ['a stranger', () => stranger, ['not found', 'not found', 'not found', false]],
  ] as const)('%s: read, write, own, and read its images', async (_who, userId, expected) => {
    const answers = [
      await outcome(access.requireReadable(caller(userId()), memoryId)),
      await outcome(access.requireWritable(caller(userId()), memoryId)),
      await outcome(access.requireOwned(caller(userId()), memoryId)),
      await images.readableBy(userId(), author, IMAGE),
    ];

    expect(answers).toEqual(expected);
  });

  it('tells the author apart from a reader, and answers a missing memory exactly like a forbidden one', async () => {
    await expect(access.requireReadable(caller(author), memoryId)).resolves.toMatchObject({ authored: true });
    await expect(access.requireReadable(caller(recipient), memoryId)).resolves.toMatchObject({ authored: false });
    const missing = await access.requireReadable(caller(author), randomUUID()).catch((error: unknown) => error);
    const forbidden = await access.requireReadable(caller(stranger), memoryId).catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: MEMORY_ERROR_CODES.MEMORY_NOT_FOUND, message: 'Memory not found' });
    expect(Object.keys(forbidden as object)).toEqual(Object.keys(missing as object));
  });
});
