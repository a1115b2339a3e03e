import fc from 'fast-check';
import { startNatsServer, startTestPostgres, type TestNatsServer, type TestPostgres } from '@memories/server-testing';
import { signUpAndLogIn } from './support/api-call';
import { startMemoriesSystem, type MemoriesSystem } from './support/memories-system';

// Random and malformed bodies, path parameters, query strings and headers on every endpoint of the gateway,
// against the real services over NATS and PostgreSQL: every answer is a 2xx or a 4xx envelope with a message,
// never a 5xx. fast-check prints the seed and the smallest failing request when this fails.

const RUNS_PER_ENDPOINT = 50;

interface FuzzEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With `:id` where the route takes a memory, version or user id (every `:id` gets the same random value), and `:userId` for a second one. */
  path: string;
  /** Fields the endpoint reads from its body, each with values a client might plausibly send. */
  body?: Record<string, fc.Arbitrary<unknown>>;
  /** Query keys the endpoint reads. */
  query?: string[];
}

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('', ' ', 'a'.repeat(300), '<script>', '%00'));
const anyValue = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.object({ maxDepth: 2 }));
const email = fc.oneof(fc.emailAddress(), text);
const password = fc.oneof(fc.string({ minLength: 6, maxLength: 30 }), text);
const date = fc.oneof(fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10)), fc.constantFrom('2024-02-30', '2024-13-01', '0000-00-00'), text);
const editorDocument = fc.oneof(
  fc.constant(JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'hello' }] }] })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.object({ maxDepth: 3 }),
  text,
);
const field = <T>(plausible: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });

const MEMORY_BODY = {
  title: field(text),
  date: field(date),
  contentJson: field(editorDocument),
  contentHtml: field(text),
  tags: field(fc.array(text, { maxLength: 12 })),
  isDraft: field(fc.boolean()),
  thumbnailUrl: field(fc.oneof(fc.webUrl(), text)),
  sharedWith: field(fc.array(fc.uuid(), { maxLength: 3 })),
};
const PAGE_QUERY = ['page', 'size'];
const TAGGED_QUERY = [...PAGE_QUERY, 'tags'];

/** Spec section 7: every route of the gateway's controllers (auth, memories, uploads, health). */
const ENDPOINTS: FuzzEndpoint[] = [
  { method: 'POST', path: '/auth/register', body: { name: field(text), email: field(email), password: field(password), confirmPassword: field(password), phoneNumber: field(text) } },
  { method: 'POST', path: '/auth/login', body: { email: field(email), password: field(password), rememberMe: field(fc.boolean()) } },
  { method: 'POST', path: '/auth/refresh' },
  { method: 'POST', path: '/auth/logout' },
  { method: 'GET', path: '/auth/profile' },
  { method: 'PUT', path: '/auth/profile', body: { name: field(text), phoneNumber: field(text), profileImageUrl: field(fc.oneof(fc.webUrl(), text)) } },
  { method: 'PUT', path: '/auth/change-password', body: { currentPassword: field(password), newPassword: field(password) } },
  { method: 'POST', path: '/auth/forgot-password', body: { email: field(email) } },
  { method: 'POST', path: '/auth/reset-password', body: { token: field(text), newPassword: field(password) } },
  { method: 'POST', path: '/auth/verify-email', body: { token: field(text) } },
  { method: 'POST', path: '/auth/resend-verification', body: { email: field(email) } },
  { method: 'POST', path: '/memories/memory', body: MEMORY_BODY },
  { method: 'PUT', path: '/memories/memory/:id', body: MEMORY_BODY, query: ['autoSave'] },
  { method: 'GET', path: '/memories/memory/:id' },
  { method: 'DELETE', path: '/memories/memory/:id' },
  { method: 'POST', path: '/memories/memory/:id/publish' },
  { method: 'POST', path: '/memories/memory/:id/share', body: { userIds: field(fc.array(fc.uuid(), { maxLength: 3 })) } },
  { method: 'GET', path: '/memories/my', query: [...TAGGED_QUERY, 'title', 'dateFrom', 'dateTo', 'isDraft', 'sortBy', 'sortDirection'] },
  { method: 'GET', path: '/memories/search', query: [...TAGGED_QUERY, 'q', 'title', 'content', 'dateFrom', 'dateTo', 'isDraft', 'sortBy', 'sortDirection'] },
  { method: 'GET', path: '/memories/on-this-day', query: ['date'] },
  { method: 'GET', path: '/memories/calendar', query: ['from', 'to'] },
  { method: 'GET', path: '/memories/timeline', query: ['size', 'cursor', 'until'] },
  { method: 'GET', path: '/memories/years' },
  { method: 'GET', path: '/memories/stats', query: ['date'] },
  { method: 'GET', path: '/memories/random' },
  { method: 'GET', path: '/memories/tags' },
  { method: 'GET', path: '/memories/shared', query: PAGE_QUERY },
  { method: 'GET', path: '/memories/memory/:id/share' },
  { method: 'DELETE', path: '/memories/memory/:id/share/:userId' },
  { method: 'GET', path: '/memories', query: [...TAGGED_QUERY, 'title', 'dateFrom', 'dateTo', 'isDraft', 'sortBy', 'sortDirection'] },
  { method: 'POST', path: '/memories', body: MEMORY_BODY },
  { method: 'GET', path: '/memories/:id' },
  { method: 'PUT', path: '/memories/:id', body: MEMORY_BODY },
  { method: 'DELETE', path: '/memories/:id' },
  { method: 'GET', path: '/users', query: ['email'] },
  { method: 'GET', path: '/users/:id' },
  { method: 'PUT', path: '/users/:id', body: { name: field(text), phoneNumber: field(text), profileImageUrl: field(fc.oneof(fc.webUrl(), text)) } },
  { method: 'DELETE', path: '/users/:id', body: { password: field(password) } },
  { method: 'GET', path: '/memories/memory/:id/versions', query: PAGE_QUERY },
  { method: 'GET', path: '/memories/memory/:id/versions/:id' },
  { method: 'POST', path: '/memories/memory/:id/versions/:id/restore' },
  { method: 'POST', path: '/upload/presigned-url', body: { fileName: field(text), fileType: field(fc.oneof(fc.constantFrom('image/png', 'image/svg+xml', 'text/html'), text)) } },
  { method: 'GET', path: '/health' },
];

/** A header value fetch can send (visible ASCII), possibly empty or very long. */
const headerValue = fc.oneof(fc.stringMatching(/^[\x21-\x7e]{0,80}$/), fc.constantFrom('', 'x'.repeat(2000)));

interface FuzzRequest {
  id: string;
  query: Array<[string, string]>;
  body: { contentType?: string; data?: string };
  headers: Record<string, string>;
  auth: 'valid' | 'none' | 'garbage';
}

function requestsFor(endpoint: FuzzEndpoint): fc.Arbitrary<FuzzRequest> {
  const bodyFields = endpoint.body ? fc.record(endpoint.body, { requiredKeys: [] }) : fc.object({ maxDepth: 1 });
  const extraFields = fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 2 });
  const body = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(bodyFields, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraFields })).map(([fields, extra]) => ({ contentType: 'application/json', data: JSON.stringify({ ...extra, ...fields }) })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ contentType: 'application/json', data: JSON.stringify(value) })) },
    { weight: 1, arbitrary: fc.string().map((data) => ({ contentType: 'application/json', data })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'gibberish'), fc.string()).map(([contentType, data]) => ({ contentType, data })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const queryValue = fc.oneof(
    text,
    fc.integer().map(String),
    fc.constantFrom('true', 'false', 'title', 'createdAt', 'relevance', 'date', 'asc', 'desc', '-1', '1e9', '2024-05-01', '2024-02-29', '2023-02-29', '0001-01-01', '9999-12-31'),
    // The search syntax and timeline cursors, well-formed and not.
    fc.constantFrom('"phrase" -not OR tag:x before:2024-01-01 after:2023-12-31 is:draft has:image', '"unclosed', "') | !(", '\\', 'MjAyNC0wNS0wMVQxMjowMDowMHwwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDA'),
    fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10)),
  );
  const queryKey = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(endpoint.query ?? ['page'])) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) });
  const headers = fc.record(
    {
      'idempotency-key': headerValue,
      'x-requested-with': fc.oneof(fc.constant('memories-web'), headerValue),
      'x-correlation-id': headerValue,
      cookie: headerValue.map((value) => `memories_refresh=${value}`),
      origin: fc.oneof(fc.webUrl(), headerValue),
      'accept-language': headerValue,
    },
    { requiredKeys: [] },
  );
  return fc.record({
    id: fc.oneof(fc.uuid(), fc.string().map(encodeURIComponent), fc.constantFrom('..', '%', '0', 'null')),
    query: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 5 }),
    body: endpoint.method === 'GET' || (endpoint.method === 'DELETE' && !endpoint.body) ? fc.constant({}) : body,
    headers,
    auth: fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage'),
  });
}

/** Requests that once answered wrongly, tried first on every endpoint: an undecodable path, and null for every field. */
function regressions(endpoint: FuzzEndpoint): FuzzRequest[] {
  const nulls = Object.fromEntries(Object.keys(endpoint.body ?? {}).map((name) => [name, null]));
  const base = { id: '00000000-0000-4000-8000-000000000000', query: [], headers: {}, auth: 'valid' as const };
  return [
    { ...base, id: '%', body: {} },
    { ...base, body: endpoint.body ? { contentType: 'application/json', data: JSON.stringify(nulls) } : {} },
  ];
}

describe('every gateway endpoint under random and malformed requests', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let system: MemoriesSystem;
  let token: string;

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    system = await startMemoriesSystem({ natsUrl: nats.url, databaseUrl: postgres.url, busTimeoutMs: 5000 });
    token = await signUpAndLogIn(system.api);
  }, 120000);

  afterAll(async () => {
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  async function send(endpoint: FuzzEndpoint, request: FuzzRequest): Promise<{ status: number; body: unknown }> {
    // Path and query are fuzzed raw: URLSearchParams would encode them and hide malformed ones.
    const query = request.query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
    const url = `${system.api}${endpoint.path.replaceAll(':id', request.id).replace(':userId', request.id)}${query ? `?${query}` : ''}`;
    const authorization = { valid: `Bearer ${token}`, none: undefined, garbage: `Bearer ${request.id}` }[request.auth];
    const response = await fetch(url, {
      method: endpoint.method,
      headers: {
        ...request.headers,
        ...(authorization ? { authorization } : {}),
        ...(request.body.contentType ? { 'content-type': request.body.contentType } : {}),
      },
      body: request.body.data,
    });
    const raw = await response.text();
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // kept as text: the assertion below reports it
    }
    return { status: response.status, body };
  }

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers a 2xx, or a 4xx with a { success: false, message } envelope, never a 5xx',
    async (_name, endpoint) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(endpoint), async (request) => {
          const { status, body } = await send(endpoint, request);
          const envelope = body as { success?: unknown; message?: unknown };
          const ok = status >= 200 && status < 300 && envelope.success === true;
          const refused = status >= 400 && status < 500 && envelope.success === false && typeof envelope.message === 'string' && envelope.message.length > 0;
          if (!ok && !refused) throw new Error(`answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
        }),
        { numRuns: RUNS_PER_ENDPOINT, examples: regressions(endpoint).map((request) => [request]) },
      );
    },
  );
});
