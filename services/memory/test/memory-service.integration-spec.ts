import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MEMORY_SUBJECTS, TRANSFER_SUBJECTS } from '@memories/contracts';
import { describeServiceBasics, type TextFieldCase } from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';

const user = randomUUID();
const memory = () => ({
  title: 'Harbour walk',
  date: '2024-05-01',
  contentJson: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'By the sea' }] }],
  }),
  contentHtml: '<p>By the sea</p>',
  tags: ['seaside'],
  thumbnailUrl: '',
  sharedWith: [user],
});
const create = () => ({ memory: memory(), ownerEmail: 'owner@example.com', idempotencyKey: randomUUID() });
const createWithDocument = () => ({
  ...create(),
  memory: {
    ...memory(),
    contentJson: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'By the sea' }] }] },
  },
});
const importPage = () => ({
  ownerEmail: 'owner@example.com',
  items: [
    {
      sourceKey: `markdown:notes/${randomUUID()}.md`,
      memory: { ...createWithDocument().memory, sharedWith: [] },
      createdAt: '2024-05-01T10:00:00.000Z',
    },
  ],
});
const text = (
  subject: string,
  payload: () => Record<string, unknown>,
  fields: string[],
  expect: TextFieldCase['expect'],
): TextFieldCase[] => fields.map((field) => ({ subject, payload, field, userId: user, expect }));
const byId = () => ({ id: randomUUID() });

// Every string of every memory payload, sent straight over the bus: what a person writes (title, tags, the
// document, text filters) is cleaned, the rest is refused.
const textFields: TextFieldCase[] = [
  ...text(MEMORY_SUBJECTS.create, create, ['memory.title', 'memory.tags.0'], 'echoed'),
  ...text(MEMORY_SUBJECTS.create, createWithDocument, ['memory.contentJson.content.0.content.0.text'], 'echoed'),
  ...text(MEMORY_SUBJECTS.create, create, ['memory.contentHtml'], 'cleaned'),
  ...text(
    MEMORY_SUBJECTS.create,
    create,
    ['memory.date', 'memory.thumbnailUrl', 'memory.sharedWith.0', 'ownerEmail', 'idempotencyKey'],
    'refused',
  ),
  ...text(MEMORY_SUBJECTS.update, () => ({ id: randomUUID(), memory: memory() }), ['id', 'memory.date'], 'refused'),
  ...[MEMORY_SUBJECTS.get, MEMORY_SUBJECTS.delete, MEMORY_SUBJECTS.publish].flatMap((subject) =>
    text(subject, byId, ['id'], 'refused'),
  ),
  ...text(MEMORY_SUBJECTS.share, () => ({ id: randomUUID(), userIds: [randomUUID()] }), ['id', 'userIds.0'], 'refused'),
  ...text(MEMORY_SUBJECTS.list, () => ({ title: 'Harbour', tags: ['seaside'] }), ['title', 'tags.0'], 'cleaned'),
  ...text(
    MEMORY_SUBJECTS.list,
    () => ({ dateFrom: '2024-05-01', dateTo: '2024-05-31', sortBy: 'title', sortDirection: 'asc' }),
    ['dateFrom', 'dateTo', 'sortBy', 'sortDirection'],
    'refused',
  ),
  ...text(
    MEMORY_SUBJECTS.search,
    () => ({ q: 'harbour', title: 'walk', content: 'sea', tags: ['seaside'] }),
    ['q', 'title', 'content', 'tags.0'],
    'cleaned',
  ),
  ...text(
    MEMORY_SUBJECTS.imagesReferenced,
    () => ({ ownerId: user, fileUrls: ['/api/files/a.png'] }),
    ['ownerId', 'fileUrls.0'],
    'refused',
  ),
  // An archive's text is the person's own (cleaned, so that no entry is lost for an invisible character).
  ...text(TRANSFER_SUBJECTS.importPage, importPage, ['items.0.sourceKey'], 'echoed'),
  ...text(
    TRANSFER_SUBJECTS.importPage,
    importPage,
    ['items.0.memory.title', 'items.0.memory.tags.0', 'items.0.memory.contentJson.content.0.content.0.text'],
    'cleaned',
  ),
  ...text(TRANSFER_SUBJECTS.importPage, importPage, ['ownerEmail', 'items.0.createdAt'], 'refused'),
  ...text(
    TRANSFER_SUBJECTS.exportPage,
    () => ({ after: { createdAt: '2024-05-01T10:00:00.000Z', id: randomUUID() } }),
    ['after.createdAt', 'after.id'],
    'refused',
  ),
  ...text(
    MEMORY_SUBJECTS.imageReadable,
    () => ({ ownerId: user, fileUrl: '/api/files/a.png' }),
    ['ownerId', 'fileUrl'],
    'refused',
  ),
];

describeServiceBasics(memoryServiceDescriptor, path.join(__dirname, '..', 'dist', 'main.js'), {}, { textFields });
