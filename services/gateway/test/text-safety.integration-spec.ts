import { randomUUID } from 'node:crypto';
import { unsafeTextMessage, type Memory, type UnsafeCharacterKind } from '@memories/contracts';
import { callApi, memoryBody, type ApiAnswer } from './support/api-call';
import { sendRawRequest } from './support/raw-http';
import { startSplitSystem, type SplitSystem } from './support/split-system';

// Every string field, query parameter, path parameter and header the API reads, with NUL, another control character
// and an unpaired surrogate in it, through the gateway to the real services: refused with 400 naming the field, or
// (for what a person writes, docs/decisions.md "Text the API accepts") cleaned and stored clean. Never a 5xx.

type Kind = [name: string, character: string, cleaned: string, kind: UnsafeCharacterKind];
const NUL: Kind = ['NUL', '\u0000', '', 'control-character'];
const ESCAPE: Kind = ['an escape character', '\u001b', '', 'control-character'];
const SURROGATE: Kind = ['an unpaired surrogate', '\ud800', '\ufffd', 'lone-surrogate'];
// A query or a path is percent-encoded UTF-8, which has no way to write an unpaired surrogate.
const IN_JSON = [NUL, ESCAPE, SURROGATE];
const IN_URL = [NUL, ESCAPE];

interface Fixture {
  token: string;
  email: string;
  memory: Memory;
  otherUserId: string;
}

/** What is sent: `field` is a dot path into the body, a query key (`?key`), or the path's id (`:id`). */
interface TextCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: (fixture: Fixture) => Record<string, unknown>;
  query?: Record<string, string>;
  field: string;
  /** Anonymous calls (register, login...) carry no token. */
  anonymous?: boolean;
  /** Turned into a number before validation: refused as "not a number" rather than for its characters. */
  numeric?: boolean;
}

const insert = (value: string, character: string) => `${value.slice(0, 2)}${character}${value.slice(2)}`;

function withCharacter(original: Record<string, unknown>, path: string, character: string): Record<string, unknown> {
  const body = structuredClone(original);
  const keys = path.split('.');
  const last = keys.pop() as string;
  const container = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, body);
  container[last] = insert(String(container[last]), character);
  return body;
}

const registration = () => ({
  name: 'Ada Lovelace',
  email: `ada-${randomUUID()}@example.com`,
  password: 'analytical',
  confirmPassword: 'analytical',
  phoneNumber: '+441234567',
});
const document = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const memoryWith =
  (change: Record<string, unknown> = {}) =>
  () => ({ ...memoryBody('Harbour'), contentHtml: '<p>Harbour</p>', thumbnailUrl: '', sharedWith: [], ...change });

const REFUSED: TextCase[] = [
  ...['email', 'password', 'confirmPassword', 'phoneNumber'].map((field): TextCase => ({
    method: 'POST',
    path: '/auth/register',
    body: registration,
    field,
    anonymous: true,
  })),
  ...['email', 'password'].map((field): TextCase => ({
    method: 'POST',
    path: '/auth/login',
    body: () => ({ email: 'ada@example.com', password: 'analytical', rememberMe: false }),
    field,
    anonymous: true,
  })),
  ...['phoneNumber', 'profileImageUrl'].map((field): TextCase => ({
    method: 'PUT',
    path: '/auth/profile',
    body: () => ({ phoneNumber: '+441234567', profileImageUrl: '/me.png' }),
    field,
  })),
  ...['currentPassword', 'newPassword'].map((field): TextCase => ({
    method: 'PUT',
    path: '/auth/change-password',
    body: () => ({ currentPassword: 'wrong-one', newPassword: 'difference' }),
    field,
  })),
  {
    method: 'POST',
    path: '/auth/forgot-password',
    body: () => ({ email: 'ada@example.com' }),
    field: 'email',
    anonymous: true,
  },
  ...['token', 'newPassword'].map((field): TextCase => ({
    method: 'POST',
    path: '/auth/reset-password',
    body: () => ({ token: 'a-token', newPassword: 'difference' }),
    field,
    anonymous: true,
  })),
  { method: 'POST', path: '/auth/verify-email', body: () => ({ token: 'a-token' }), field: 'token', anonymous: true },
  {
    method: 'POST',
    path: '/auth/resend-verification',
    body: () => ({ email: 'ada@example.com' }),
    field: 'email',
    anonymous: true,
  },
  ...['date', 'thumbnailUrl', 'sharedWith.0'].map((field): TextCase => ({
    method: 'POST',
    path: '/memories/memory',
    body: memoryWith({ thumbnailUrl: '/api/files/a.png', sharedWith: [randomUUID()] }),
    field,
  })),
  ...['date', 'thumbnailUrl'].map((field): TextCase => ({
    method: 'PUT',
    path: '/memories/memory/:own',
    body: memoryWith({ thumbnailUrl: '/api/files/a.png' }),
    field,
  })),
  {
    method: 'POST',
    path: '/memories/memory/:own/share',
    body: (fixture) => ({ userIds: [fixture.otherUserId] }),
    field: 'userIds.0',
  },
  {
    method: 'POST',
    path: '/memories/cleanup-images',
    body: () => ({ imageUrls: ['/api/files/users/a/b.png'] }),
    field: 'imageUrls.0',
  },
  {
    method: 'POST',
    path: '/upload/presigned-url',
    body: () => ({ fileName: 'holiday.png', fileType: 'image/png' }),
    field: 'fileType',
  },
];

const REFUSED_IN_URL: TextCase[] = [
  ...(['GET', 'PUT', 'DELETE'] as const).map((method): TextCase => ({
    method,
    path: '/memories/memory/:id',
    body: method === 'PUT' ? memoryWith() : undefined,
    field: ':id',
  })),
  { method: 'POST', path: '/memories/memory/:id/publish', field: ':id' },
  ...Object.entries({
    dateFrom: '2024-05-01',
    dateTo: '2024-05-31',
    isDraft: 'true',
    sortBy: 'title',
    sortDirection: 'asc',
  }).map(([key, value]): TextCase => ({
    method: 'GET',
    path: '/memories/my',
    query: { [key]: value },
    field: `?${key}`,
  })),
  ...['/memories/my', '/memories/search', '/memories/shared'].flatMap((path) =>
    ['page', 'size'].map((key): TextCase => ({
      method: 'GET',
      path,
      query: { [key]: '10' },
      field: `?${key}`,
      numeric: true,
    })),
  ),
];

describe('every string the API reads, with control characters and unpaired surrogates', () => {
  let system: SplitSystem;
  let fixture: Fixture;

  beforeAll(async () => {
    system = await startSplitSystem();
    const other = await callApi<{ id: string }>(system.api, 'POST', '/auth/register', { body: registration() });
    const mine = registration();
    const { email, password } = mine;
    await callApi(system.api, 'POST', '/auth/register', { body: mine });
    const session = await callApi<{ accessToken: string }>(system.api, 'POST', '/auth/login', {
      body: { email, password, rememberMe: false },
    });
    const token = session.body.data?.accessToken ?? '';
    const memory = await callApi<Memory>(system.api, 'POST', '/memories/memory', {
      token,
      body: memoryWith({ title: 'Harbour walk', tags: ['seaside'] })(),
    });
    fixture = { token, email, memory: memory.body.data as Memory, otherUserId: other.body.data?.id ?? '' };
  }, 120000);

  afterAll(async () => {
    await system?.stop();
  });

  function send(textCase: TextCase, character: string): Promise<ApiAnswer> {
    const id = textCase.field === ':id' ? encodeURIComponent(insert(fixture.memory.id, character)) : fixture.memory.id;
    const path = textCase.path.replace(':own', fixture.memory.id).replace(':id', id);
    const query = Object.entries(textCase.query ?? {})
      .map(
        ([key, value]) =>
          `${key}=${encodeURIComponent(textCase.field === `?${key}` ? insert(value, character) : value)}`,
      )
      .join('&');
    const body = textCase.body?.(fixture);
    return callApi(system.api, textCase.method, `${path}${query ? `?${query}` : ''}`, {
      token: textCase.anonymous ? undefined : fixture.token,
      body:
        body && !textCase.field.startsWith('?') && textCase.field !== ':id'
          ? withCharacter(body, textCase.field, character)
          : body,
    });
  }

  const refusedCases = [
    ...REFUSED.flatMap((textCase) =>
      IN_JSON.map((kind) => [textCase.method, textCase.path, textCase.field, kind[0], textCase, kind] as const),
    ),
    ...REFUSED_IN_URL.flatMap((textCase) =>
      IN_URL.map((kind) => [textCase.method, textCase.path, textCase.field, kind[0], textCase, kind] as const),
    ),
  ];

  it.each(refusedCases)(
    '%s %s refuses %s with %s: 400 naming the field',
    async (_method, _path, _field, _name, textCase, [, character, , kind]) => {
      const answer = await send(textCase, character);

      const field = textCase.field.replace(/^[?:]/, '');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
      expect(answer.body.message).toContain(textCase.numeric ? field : unsafeTextMessage(field, kind));
    },
  );

  describe('what a person writes is cleaned, stored clean and found again', () => {
    it.each(IN_JSON)('a name with %s, at registration and in the profile', async (_name, character, cleaned) => {
      const registered = await callApi<{ name: string }>(system.api, 'POST', '/auth/register', {
        body: { ...registration(), name: `Ad${character}a Lovelace` },
      });
      const updated = await callApi<{ name: string }>(system.api, 'PUT', '/auth/profile', {
        token: fixture.token,
        body: { name: `Gr${character}ace Hopper` },
      });

      expect(registered).toMatchObject({ status: 201, body: { data: { name: `Ad${cleaned}a Lovelace` } } });
      expect(updated).toMatchObject({ status: 200, body: { data: { name: `Gr${cleaned}ace Hopper` } } });
    });

    it.each(IN_JSON)(
      'a memory title, tag, text and HTML with %s, created and updated',
      async (_name, character, cleaned) => {
        const body = {
          ...memoryWith()(),
          title: `Ha${character}rbour`,
          tags: [`se${character}aside`],
          contentJson: JSON.stringify(document(`By${character} the sea`)),
          contentHtml: `<p>By${character} the sea</p>`,
        };

        const created = await callApi<Memory>(system.api, 'POST', '/memories/memory', { token: fixture.token, body });
        const updated = await callApi<Memory>(system.api, 'PUT', `/memories/memory/${created.body.data?.id}`, {
          token: fixture.token,
          body: { ...body, title: `Qu${character}ay` },
        });

        expect(created).toMatchObject({
          status: 201,
          body: {
            data: {
              title: `Ha${cleaned}rbour`,
              tags: [`se${cleaned}aside`],
              contentHtml: `<p>By${cleaned} the sea</p>`,
            },
          },
        });
        expect(updated).toMatchObject({ status: 200, body: { data: { title: `Qu${cleaned}ay` } } });
      },
    );

    it.each(IN_URL)('list and search filters with %s find what was stored', async (_name, character) => {
      const filter = (key: string, value: string) => `${key}=${encodeURIComponent(insert(value, character))}`;
      const found = async (url: string) => {
        const answer = await callApi<Memory[]>(system.api, 'GET', url, { token: fixture.token });
        expect(answer.status).toBe(200);
        return (answer.body.data ?? []).map((memory) => memory.id);
      };

      expect(await found(`/memories/my?${filter('title', 'Harbour walk')}`)).toContain(fixture.memory.id);
      expect(await found(`/memories/my?${filter('tags', 'seaside')}`)).toContain(fixture.memory.id);
      expect(await found(`/memories/search?${filter('q', 'harbour')}&${filter('tags', 'seaside')}`)).toContain(
        fixture.memory.id,
      );
      expect(await found(`/memories/search?${filter('title', 'harbour')}`)).toContain(fixture.memory.id);
      expect(await found(`/memories/search?${filter('content', 'harbour')}`)).toContain(fixture.memory.id);
    });

    it.each(IN_JSON)("an image's file name with %s (only its extension is used)", async (_name, character) => {
      const answer = await callApi(system.api, 'POST', '/upload/presigned-url', {
        token: fixture.token,
        body: { fileName: `holi${character}day.png`, fileType: 'image/png' },
      });

      expect(answer).toMatchObject({ status: 200, body: { success: true } });
    });
  });

  describe('headers', () => {
    it('answers a control character in a header (refused by the HTTP parser) with the 400 envelope', async () => {
      const origin = new URL(system.api).origin;
      const answer = await sendRawRequest(origin, 'POST', '/api/memories/memory', [
        ['authorization', Buffer.from(`Bearer ${fixture.token}`)],
        ['idempotency-key', Buffer.from('key\u0000', 'latin1')],
      ]);

      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'MALFORMED_REQUEST' } });
    });

    it.each(IN_URL)('refuses a refresh cookie that decodes to %s, naming the cookie', async (_name, character) => {
      const answer = await callApi(system.api, 'POST', '/auth/refresh', {
        headers: {
          cookie: `memories_refresh=${encodeURIComponent(`tok${character}en`)}`,
          'x-requested-with': 'memories-web',
        },
      });

      expect(answer).toMatchObject({
        status: 400,
        body: { message: `Validation failed: ${unsafeTextMessage('cookie memories_refresh', 'control-character')}` },
      });
    });
  });
});
