import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { JOURNAL_ERROR_CODES, MEMORY_ERROR_CODES } from '@memories/contracts';
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
import { DefaultJournals } from '../src/core/default-journals.repository';
import { MemoryStore } from '../src/core/memory-store.repository';
import { JournalsRepository } from '../src/journals/journals.repository';
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
  const editor = randomUUID();
  const viewer = randomUUID();
  let memoryId: string;
  let editorsMemoryId: string;

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
    // The author's default journal, shared with an editor and a viewer.
    const journalId = await app.get(DefaultJournals).of(author);
    const journals = app.get(JournalsRepository);
    await journals.addMember(journalId, editor, 'editor');
    await journals.addMember(journalId, viewer, 'viewer');
    const content = {
      date: '2024-05-01T12:00:00',
      contentJson: '{}',
      contentHtml: '',
      tags: [],
      isDraft: false,
      thumbnailUrl: '',
      wordCount: 1,
      readingTime: 1,
      journalId,
      sealed: null,
    };
    editorsMemoryId = (
      await store.insert(
        editor,
        'editor@example.com',
        {
          ...content,
          title: 'Kite',
          contentText: 'kite',
          imageSources: [],
        },
        [],
      )
    ).id;
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
        journalId,
        sealed: null,
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
      (error: { code?: string }) =>
        error.code === MEMORY_ERROR_CODES.MEMORY_NOT_FOUND
          ? 'not found'
          : error.code === JOURNAL_ERROR_CODES.JOURNAL_WRITE_FORBIDDEN
            ? 'forbidden'
            : error.code,
    );

  it.each([
    ['the author (who owns its journal)', () => author, ['allowed', 'allowed', 'allowed', true]],
    ['a share recipient', () => recipient, ['allowed', 'not found', 'not found', true]],
    ['a stranger', () => stranger, ['not found', 'not found', 'not found', false]],
    ['an editor of its journal', () => editor, ['allowed', 'forbidden', 'not found', true]],
    ['a viewer of its journal', () => viewer, ['allowed', 'forbidden', 'not found', true]],
  ] as const)('%s: read, write, own, and read its images', async (_who, userId, expected) => {
    const answers = [
      await outcome(access.requireReadable(caller(userId()), memoryId)),
      await outcome(access.requireWritable(caller(userId()), memoryId)),
      await outcome(access.requireOwned(caller(userId()), memoryId)),
      await images.readableBy(userId(), author, IMAGE),
    ];

    expect(answers).toEqual(expected);
  });

  it('lets an editor change what they wrote in a journal, and the journal’s owner change anything in it', async () => {
    const answers = [
      await outcome(access.requireWritable(caller(editor), editorsMemoryId)),
      await outcome(access.requireWritable(caller(author), editorsMemoryId)),
      await outcome(access.requireWritable(caller(viewer), editorsMemoryId)),
      await outcome(access.requireOwned(caller(author), editorsMemoryId)),
    ];

    expect(answers).toEqual(['allowed', 'allowed', 'forbidden', 'not found']);
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
