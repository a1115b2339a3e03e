import fc from 'fast-check';
import {
  documentedRoutesOf,
  getFreePort,
  startNatsServer,
  startTestOidcProvider,
  startTestPostgres,
  type TestNatsServer,
  type TestOidcProvider,
  type TestPostgres,
} from '@memories/server-testing';
import { callApi, memoryBody, signUpAndLogIn } from '../support/api-call';
import { startMemoriesSystem, type MemoriesSystem } from '../support/memories-system';
import { sendRawRequest } from '../support/raw-http';

// Random and malformed bodies, path parameters, query strings and headers on every endpoint of the gateway,
// against the real services over NATS and PostgreSQL: every answer is a 2xx or a 4xx envelope with a message,
// never a 5xx. Strings span the whole of Unicode with NUL, the other control characters and unpaired UTF-16
// surrogates, very long strings and mixed scripts, in every string field, query parameter and header, also inside
// otherwise valid requests (which is how a NUL once reached PostgreSQL: only a valid request gets that far).
// fast-check prints the seed and the smallest failing request when this fails.

const RUNS_PER_ENDPOINT = 100;

interface FuzzEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * With `:id` where the route takes a memory, version or user id (every `:id` gets the same random value), and
   * `:userId` for a second one.
   */
  path: string;
  /** Fields the endpoint reads from its body, each with values a client might plausibly send. */
  body?: Record<string, fc.Arbitrary<unknown>>;
  /** A body the endpoint accepts, where one needs more than independent plausible fields (e.g. two equal passwords). */
  valid?: fc.Arbitrary<Record<string, unknown>>;
  /** Query keys the endpoint reads. */
  query?: string[];
  /** Served by the upload service's own port (the proxy's route), not the gateway. */
  origin?: 'upload';
  /** A success is a file (a ZIP, Markdown), not a JSON envelope. */
  file?: boolean;
  /** A browser's navigation (single sign-on): every answer that is not a refused request is a 302 with a Location. */
  redirect?: boolean;
}

/** What once reached PostgreSQL unchecked: NUL, the other C0 controls and DEL, unpaired UTF-16 surrogates. */
const controlCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constant('\u007f'),
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const mixedScript = fc.constantFrom(
  '日本語',
  'Ελληνικά',
  'العربية',
  'עברית',
  'हिन्दी',
  '한국어',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ufffd',
  '𝔘𝔫𝔦',
);
// NUL weighs most: it is the one PostgreSQL refuses outright.
const hostileUnit = fc.oneof(
  { weight: 2, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: controlCharacter },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: mixedScript },
);
/** Any code point of Unicode, mostly, and often one of the hostile ones. */
const anyUnit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: hostileUnit },
);
const unicodeText = fc.string({ unit: anyUnit, maxLength: 40 });
/** Up to 100,000 characters: over every length limit, inside the body limit. */
const longText = fc
  .tuple(fc.string({ unit: anyUnit, minLength: 1, maxLength: 8 }), fc.integer({ min: 300, max: 100_000 }))
  .map(([chunk, length]) => chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length));

const text = fc.oneof(
  { weight: 4, arbitrary: unicodeText },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: longText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'a'.repeat(300),
      '<script>',
      '%00',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff\ud800',
    ),
  },
);
const anyValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

/** A plausible string with one hostile character put somewhere in it. */
const withHostileCharacter = (plausible: fc.Arbitrary<string>) =>
  fc.tuple(plausible, hostileUnit, fc.nat()).map(([value, unit, at]) => {
    const position = at % (value.length + 1);
    return `${value.slice(0, position)}${unit}${value.slice(position)}`;
  });

/** The value with a hostile character put into one of its strings (any depth), so the rest of it stays valid. */
function withHostileString<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(valid, hostileUnit, fc.nat(), fc.nat()).map(([value, unit, which, at]) => {
    const copy = structuredClone(value);
    const slots: Array<[Record<string, unknown>, string]> = [];
    const collect = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, child] of Object.entries(node)) {
        if (typeof child === 'string') slots.push([node as Record<string, unknown>, key]);
        else collect(child);
      }
    };
    collect(copy);
    if (slots.length === 0) return copy;
    const [container, key] = slots[which % slots.length];
    const current = container[key] as string;
    const position = at % (current.length + 1);
    container[key] = `${current.slice(0, position)}${unit}${current.slice(position)}`;
    return copy;
  });
}

const plainWord = fc.stringMatching(/^[A-Za-z]{1,12}$/);
const email = fc.oneof(fc.emailAddress(), withHostileCharacter(fc.emailAddress()), text);
const journalColor = fc
  .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 6, maxLength: 6 })
  .map((digits) => `#${digits.join('')}`);
const journalRole = fc.constantFrom('editor', 'viewer', 'owner');
const password = fc.oneof(fc.string({ minLength: 6, maxLength: 30 }), text);
const date = fc.oneof(
  fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10)),
  fc.constantFrom('2024-02-30', '2024-13-01', '0000-00-00'),
  text,
);
const paragraphs = (texts: string[]) => ({
  type: 'doc',
  content: texts.map((value) => ({ type: 'paragraph', content: [{ type: 'text', text: value || 'x' }] })),
});
const editorDocument = fc.oneof(
  fc.constant(
    JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'hello' }] }] }),
  ),
  fc.array(text, { minLength: 1, maxLength: 3 }).map((texts) => JSON.stringify(paragraphs(texts))),
  fc.array(text, { minLength: 1, maxLength: 3 }).map(paragraphs),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.object({ maxDepth: 3 }),
  text,
);
const totpCode = fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('abcd-efgh-jkmn-pqrs', ' 123 456 '), text);
const base64url = fc.oneof(
  fc.base64String().map((value) => value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')),
  text,
);
/** A WebAuthn credential as @simplewebauthn/browser sends it, with the given part of its response (a random one). */
const webAuthnAnswer = (part: 'attestationObject' | 'signature') =>
  fc.record(
    {
      id: base64url,
      rawId: base64url,
      type: fc.oneof(fc.constant('public-key'), text),
      clientExtensionResults: fc.oneof(fc.constant({}), anyValue),
      response: fc.record(
        { clientDataJSON: base64url, [part]: base64url, authenticatorData: base64url },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
/**
 * JSON nested hundreds to tens of thousands of levels deep (valid JSON: the parser accepts it), once with a __proto__
 * key.
 */
const deeplyNested = fc
  .tuple(
    fc.integer({ min: 200, max: 30_000 }),
    fc.constantFrom(['{"a":', '}'], ['[', ']'], ['{"__proto__":{},"a":', '}'], ['{"title":"x","contentJson":', '}']),
  )
  .map(([depth, [open, close]]) => `${open.repeat(depth)}1${close.repeat(depth)}`);
const field = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });

const webhookEvent = fc.oneof(fc.constantFrom('memory.created', 'memory.updated', 'memory.deleted'), text);
/**
 * Webhook addresses as IP literals only: loopback ports nothing listens on (the test system allows 127.0.0.1), and
 * addresses the notify service refuses. Never a host name: a random one could resolve to a public address, and the
 * fuzzed memory saves would then send it deliveries.
 */
const webhookUrl = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), plainWord)
    .map(([port, path]) => `http://127.0.0.1:${port}/${encodeURIComponent(path)}`),
  fc.constantFrom('http://10.0.0.1/hook', 'http://169.254.169.254/latest', 'https://[fd00::1]/', 'ftp://127.0.0.1/'),
);

const reminderTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
const timeZone = fc.constantFrom('Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Mars/Olympus_Mons');
const reminderChannel = fc.constantFrom('push', 'email');
const promptCategory = fc.constantFrom('gratitude', 'travel', 'family', 'cooking');
/** Push endpoints as IP literals only, like the webhooks': loopback ports nothing listens on, and refused ranges. */
const pushEndpoint = fc.oneof(
  fc.integer({ min: 1, max: 9 }).map((port) => `http://127.0.0.1:${port}/push`),
  fc.constantFrom('https://10.0.0.1/push', 'https://[fd00::1]/push', 'ftp://127.0.0.1/push'),
);

/** A memory the service stores: what a NUL in its title or a tag needs to reach the database. */
const validMemory = fc.record({
  title: fc.oneof(
    plainWord,
    unicodeText.filter((value) => value.trim() !== ''),
  ),
  date: fc.constant('2024-05-01'),
  contentJson: fc.oneof(
    fc.array(plainWord, { minLength: 1, maxLength: 3 }).map((texts) => JSON.stringify(paragraphs(texts))),
    fc.array(plainWord, { minLength: 1, maxLength: 3 }).map(paragraphs),
  ),
  tags: fc.array(plainWord, { maxLength: 3 }),
  isDraft: fc.boolean(),
  mood: fc.option(fc.integer({ min: 1, max: 5 })),
});
const validRegistration = fc
  .record({
    first: plainWord,
    last: plainWord,
    email: fc.emailAddress(),
    password: fc.string({ minLength: 6, maxLength: 30 }),
  })
  .map(({ first, last, email: address, password: secret }) => ({
    name: `${first} ${last}`,
    email: address,
    password: secret,
    confirmPassword: secret,
  }));

const MEMORY_BODY = {
  title: field(text),
  date: field(date),
  contentJson: field(editorDocument),
  contentHtml: field(text),
  tags: field(fc.array(text, { maxLength: 12 })),
  isDraft: field(fc.boolean()),
  thumbnailUrl: field(fc.oneof(fc.webUrl(), text)),
  sharedWith: field(fc.array(fc.uuid(), { maxLength: 3 })),
  version: field(fc.integer()),
  mood: field(fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constant(null), fc.double(), fc.string({ maxLength: 2 }))),
};
const PAGE_QUERY = ['page', 'size'];
const TAGGED_QUERY = [...PAGE_QUERY, 'tags'];

/** Spec section 7: every route of the gateway's controllers (auth, memories, uploads, health). */
const ENDPOINTS: FuzzEndpoint[] = [
  {
    method: 'POST',
    path: '/auth/register',
    body: {
      name: field(text),
      email: field(email),
      password: field(password),
      confirmPassword: field(password),
      phoneNumber: field(text),
    },
    valid: validRegistration,
  },
  {
    method: 'POST',
    path: '/auth/login',
    body: { email: field(email), password: field(password), rememberMe: field(fc.boolean()) },
    valid: fc.record({ email: fc.emailAddress(), password: fc.string({ minLength: 6 }), rememberMe: fc.boolean() }),
  },
  { method: 'POST', path: '/auth/refresh' },
  { method: 'POST', path: '/auth/logout' },
  { method: 'GET', path: '/auth/profile' },
  {
    method: 'PUT',
    path: '/auth/profile',
    body: { name: field(text), phoneNumber: field(text), profileImageUrl: field(fc.oneof(fc.webUrl(), text)) },
    valid: fc.record({ name: plainWord, phoneNumber: fc.stringMatching(/^\+?\d{7,15}$/) }, { requiredKeys: ['name'] }),
  },
  {
    method: 'PUT',
    path: '/auth/change-password',
    body: { currentPassword: field(password), newPassword: field(password), confirmPassword: field(password) },
  },
  { method: 'POST', path: '/auth/forgot-password', body: { email: field(email) } },
  {
    method: 'POST',
    path: '/auth/reset-password',
    body: {
      token: field(text),
      newPassword: field(password),
      confirmPassword: field(password),
      removePasskeys: field(fc.boolean()),
    },
  },
  { method: 'POST', path: '/auth/verify-email', body: { token: field(text) } },
  { method: 'POST', path: '/auth/resend-verification', body: { email: field(email) } },
  { method: 'GET', path: '/auth/sessions' },
  { method: 'POST', path: '/auth/sessions/revoke-others' },
  { method: 'DELETE', path: '/auth/sessions/:id' },
  { method: 'POST', path: '/auth/login/two-factor', body: { challengeToken: field(text), code: field(totpCode) } },
  { method: 'GET', path: '/auth/two-factor' },
  { method: 'POST', path: '/auth/two-factor/setup', body: { password: field(password) } },
  { method: 'POST', path: '/auth/two-factor/enable', body: { code: field(totpCode) } },
  { method: 'POST', path: '/auth/two-factor/disable', body: { password: field(password) } },
  { method: 'POST', path: '/auth/two-factor/recovery-codes', body: { password: field(password) } },
  { method: 'GET', path: '/auth/passkeys' },
  { method: 'POST', path: '/auth/passkeys/registration-options', body: { password: field(password) } },
  {
    method: 'POST',
    path: '/auth/passkeys',
    body: { challengeId: field(fc.uuid()), response: field(webAuthnAnswer('attestationObject')), name: field(text) },
  },
  { method: 'DELETE', path: '/auth/passkeys/:id', body: { password: field(password) } },
  { method: 'POST', path: '/auth/passkeys/authentication-options' },
  {
    method: 'POST',
    path: '/auth/login/passkey',
    body: {
      challengeId: field(fc.uuid()),
      response: field(webAuthnAnswer('signature')),
      rememberMe: field(fc.boolean()),
    },
  },
  { method: 'POST', path: '/memories/memory', body: MEMORY_BODY, valid: validMemory },
  { method: 'PUT', path: '/memories/memory/:id', body: MEMORY_BODY, query: ['autoSave'], valid: validMemory },
  { method: 'GET', path: '/memories/memory/:id' },
  { method: 'DELETE', path: '/memories/memory/:id' },
  { method: 'POST', path: '/memories/memory/:id/publish' },
  {
    method: 'POST',
    path: '/memories/memory/:id/share',
    body: { userIds: field(fc.array(fc.uuid(), { maxLength: 3 })) },
  },
  {
    method: 'GET',
    path: '/memories/my',
    query: [...TAGGED_QUERY, 'title', 'dateFrom', 'dateTo', 'isDraft', 'sortBy', 'sortDirection'],
  },
  {
    method: 'GET',
    path: '/memories/search',
    query: [...TAGGED_QUERY, 'q', 'title', 'content', 'dateFrom', 'dateTo', 'isDraft', 'sortBy', 'sortDirection'],
  },
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
  {
    method: 'GET',
    path: '/memories',
    query: [...TAGGED_QUERY, 'title', 'dateFrom', 'dateTo', 'isDraft', 'sortBy', 'sortDirection'],
  },
  { method: 'POST', path: '/memories', body: MEMORY_BODY, valid: validMemory },
  { method: 'GET', path: '/memories/:id' },
  { method: 'PUT', path: '/memories/:id', body: MEMORY_BODY, valid: validMemory },
  { method: 'DELETE', path: '/memories/:id' },
  { method: 'GET', path: '/users', query: ['email'] },
  { method: 'GET', path: '/users/:id' },
  {
    method: 'PUT',
    path: '/users/:id',
    body: { name: field(text), phoneNumber: field(text), profileImageUrl: field(fc.oneof(fc.webUrl(), text)) },
  },
  { method: 'DELETE', path: '/users/:id', body: { password: field(password) } },
  { method: 'GET', path: '/memories/memory/:id/versions', query: PAGE_QUERY },
  { method: 'GET', path: '/memories/memory/:id/versions/:id' },
  { method: 'POST', path: '/memories/memory/:id/versions/:id/restore' },
  {
    method: 'POST',
    path: '/upload/presigned-url',
    body: {
      fileName: field(text),
      fileType: field(fc.oneof(fc.constantFrom('image/png', 'image/svg+xml', 'text/html'), text)),
      fileSize: field(fc.oneof(fc.nat(), fc.integer(), fc.double())),
    },
    valid: fc.record({ fileName: plainWord.map((name) => `${name}.png`), fileType: fc.constant('image/png') }),
  },
  {
    method: 'POST',
    path: '/memories/cleanup-images',
    body: { imageUrls: field(fc.array(fc.oneof(fc.webUrl(), text), { maxLength: 3 })) },
  },
  { method: 'GET', path: '/upload/usage' },
  // Personal access tokens and webhooks (issue 36).
  {
    method: 'POST',
    path: '/tokens',
    body: {
      name: field(text),
      scope: field(fc.constantFrom('read', 'write')),
      expiresInDays: field(fc.integer({ min: -5, max: 5000 })),
    },
    valid: fc.record(
      { name: plainWord, scope: fc.constantFrom('read', 'write'), expiresInDays: fc.integer({ min: 1, max: 365 }) },
      { requiredKeys: ['name', 'scope'] },
    ),
  },
  { method: 'GET', path: '/tokens' },
  { method: 'DELETE', path: '/tokens/:id' },
  {
    method: 'POST',
    path: '/webhooks',
    body: { url: field(fc.oneof(webhookUrl, text)), events: field(fc.array(webhookEvent, { maxLength: 4 })) },
    valid: fc.record({
      url: webhookUrl,
      events: fc.array(fc.constantFrom('memory.created', 'memory.updated', 'memory.deleted'), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  { method: 'GET', path: '/webhooks' },
  {
    method: 'PATCH',
    path: '/webhooks/:id',
    body: {
      url: field(fc.oneof(webhookUrl, text)),
      events: field(fc.array(webhookEvent, { maxLength: 4 })),
      enabled: field(fc.boolean()),
    },
  },
  { method: 'DELETE', path: '/webhooks/:id' },
  { method: 'GET', path: '/webhooks/:id/deliveries' },
  { method: 'POST', path: '/webhooks/:id/test' },
  // Journals, shared journals and locked journals' keys (issue 37).
  { method: 'GET', path: '/journals' },
  {
    method: 'POST',
    path: '/journals',
    body: { name: field(text), color: field(fc.oneof(journalColor, text)), keyEnvelope: field(anyValue) },
    valid: fc.record({ name: plainWord, color: journalColor }, { requiredKeys: ['name'] }),
  },
  {
    method: 'PATCH',
    path: '/journals/:id',
    body: {
      name: field(text),
      color: field(fc.oneof(journalColor, text)),
      isDefault: field(fc.boolean()),
      position: field(fc.oneof(fc.integer({ min: -1, max: 100 }), fc.double())),
    },
  },
  { method: 'DELETE', path: '/journals/:id', query: ['moveTo'] },
  {
    method: 'GET',
    path: '/journals/:id/memories',
    query: [...TAGGED_QUERY, 'title', 'dateFrom', 'dateTo', 'isDraft', 'sortBy', 'sortDirection'],
  },
  { method: 'GET', path: '/journals/:id/key' },
  { method: 'PUT', path: '/journals/:id/key', body: { keyEnvelope: field(anyValue) } },
  { method: 'GET', path: '/journals/:id/members' },
  {
    method: 'POST',
    path: '/journals/:id/members',
    body: { email: field(email), role: field(fc.oneof(journalRole, text)) },
  },
  { method: 'PATCH', path: '/journals/:id/members/:userId', body: { role: field(fc.oneof(journalRole, text)) } },
  { method: 'DELETE', path: '/journals/:id/members/:userId' },
  // Reminders, prompts and the personal template (issue 38).
  { method: 'GET', path: '/settings/reminders' },
  {
    method: 'PUT',
    path: '/settings/reminders',
    body: {
      enabled: field(fc.boolean()),
      time: field(fc.oneof(reminderTime, text)),
      timeZone: field(fc.oneof(timeZone, text)),
      days: field(fc.array(fc.oneof(fc.integer({ min: -1, max: 9 }), fc.double()), { maxLength: 9 })),
      channels: field(fc.array(fc.oneof(reminderChannel, text), { maxLength: 3 })),
    },
    valid: fc.record({
      enabled: fc.boolean(),
      time: reminderTime,
      timeZone,
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      channels: fc.uniqueArray(reminderChannel, { maxLength: 2 }),
    }),
  },
  {
    method: 'POST',
    path: '/settings/reminders/devices',
    body: {
      endpoint: field(fc.oneof(pushEndpoint, text)),
      keys: field(
        fc.record({ p256dh: fc.oneof(base64url, text), auth: fc.oneof(base64url, text) }, { requiredKeys: [] }),
      ),
    },
    valid: fc.record({
      endpoint: pushEndpoint,
      keys: fc.record({ p256dh: base64url.filter((key) => key !== ''), auth: base64url.filter((key) => key !== '') }),
    }),
  },
  { method: 'DELETE', path: '/settings/reminders/devices/:id' },
  {
    method: 'POST',
    path: '/reminders/unsubscribe',
    query: ['token'],
    body: { 'List-Unsubscribe': field(fc.oneof(fc.constant('One-Click'), text)) },
  },
  { method: 'GET', path: '/prompts' },
  { method: 'GET', path: '/prompts/random', query: ['category'] },
  { method: 'GET', path: '/prompts/today', query: ['date'] },
  {
    method: 'POST',
    path: '/prompts',
    body: { text: field(text), category: field(fc.oneof(promptCategory, text)) },
    valid: fc.record({ text: plainWord, category: promptCategory }, { requiredKeys: ['text'] }),
  },
  { method: 'DELETE', path: '/prompts/:id' },
  { method: 'GET', path: '/templates/personal' },
  {
    method: 'PUT',
    path: '/templates/personal',
    body: { contentJson: field(editorDocument) },
    valid: fc.record({
      contentJson: fc
        .array(plainWord, { minLength: 1, maxLength: 3 })
        .map((texts) => JSON.stringify(paragraphs(texts))),
    }),
  },
  // Single sign-on and linked sign-ins (issue 36), with a real OpenID provider behind the auth service.
  { method: 'GET', path: '/auth/sign-in-options' },
  { method: 'GET', path: '/auth/oidc/start', query: ['rememberMe', 'returnTo', 'invite'], redirect: true },
  {
    method: 'GET',
    path: '/auth/oidc/callback',
    query: ['code', 'state', 'iss', 'error', 'error_description', 'session_state'],
    redirect: true,
  },
  { method: 'POST', path: '/auth/oidc/link', body: { password: field(password) } },
  { method: 'GET', path: '/auth/identities' },
  { method: 'DELETE', path: '/auth/identities/:id' },
  { method: 'GET', path: '/health' },
  // Instance administration (issue 35): the fuzzing user is the instance's first account, so its admin.
  { method: 'GET', path: '/auth/sign-up' },
  { method: 'POST', path: '/auth/sign-up/invite', body: { inviteToken: field(fc.oneof(base64url, text)) } },
  { method: 'GET', path: '/admin/settings' },
  {
    method: 'PUT',
    path: '/admin/settings',
    body: { signupMode: field(fc.oneof(fc.constantFrom('open', 'invite', 'closed'), text)) },
  },
  {
    method: 'POST',
    path: '/admin/invites',
    body: { email: field(email), expiresInDays: field(fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double())) },
    valid: fc.record(
      { email: fc.emailAddress(), expiresInDays: fc.integer({ min: 1, max: 90 }) },
      { requiredKeys: [] },
    ),
  },
  { method: 'GET', path: '/admin/invites' },
  { method: 'DELETE', path: '/admin/invites/:id' },
  { method: 'GET', path: '/admin/users', query: [...PAGE_QUERY, 'q'] },
  {
    method: 'PATCH',
    path: '/admin/users/:id',
    body: {
      disabled: field(fc.boolean()),
      role: field(fc.oneof(fc.constantFrom('admin', 'member'), text)),
      storageQuotaMb: field(fc.oneof(fc.constant(null), fc.integer(), fc.double())),
      emailVerified: field(fc.boolean()),
    },
  },
  // The upload service's transfer routes (issue 16).
  { method: 'GET', path: '/export', origin: 'upload', query: ['ticket'], file: true },
  { method: 'POST', path: '/export', origin: 'upload' },
  { method: 'GET', path: '/export/:id', origin: 'upload' },
  { method: 'GET', path: '/export/memories/:id', origin: 'upload', file: true },
  { method: 'POST', path: '/import', origin: 'upload' },
  { method: 'GET', path: '/import/:id', origin: 'upload' },
  // The upload service's file routes: a signed upload and the private read (spec section 7).
  { method: 'PUT', path: '/upload/files/users/:userId/:id', origin: 'upload', query: ['expires', 'signature'] },
  { method: 'GET', path: '/files/users/:userId/:id', origin: 'upload', file: true },
];

/** An endpoint's path as the API document writes it: every parameter `{…}`, so the two lists compare. */
const templateOf = (path: string) => path.replace(/:\w+|\{\w+\}/g, '{}');

/** A header value fetch can send (visible ASCII), possibly empty or very long. */
const headerValue = fc.oneof(fc.stringMatching(/^[\x21-\x7e]{0,80}$/), fc.constantFrom('', 'x'.repeat(2000)));

/**
 * Percent-encodes every byte, as a client may: a lone surrogate as the three bytes UTF-8 would give it (invalid
 * UTF-8, which encodeURIComponent refuses to produce but any client can send).
 */
function percentEncode(value: string): string {
  let encoded = '';
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(character, 'utf8')];
    encoded += bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
  return encoded;
}

/** Stands for the id of a memory the fuzzing user owns (created before the runs), so updates reach the database. */
const OWN_MEMORY_ID = ':own';

interface FuzzRequest {
  /** Percent-encoded already, or OWN_MEMORY_ID. */
  id: string;
  query: Array<[string, string]>;
  body: { contentType?: string; data?: string };
  headers: Record<string, string>;
  auth: 'valid' | 'none' | 'garbage';
}

function requestsFor(endpoint: FuzzEndpoint): fc.Arbitrary<FuzzRequest> {
  const bodyFields = endpoint.body ? fc.record(endpoint.body, { requiredKeys: [] }) : fc.object({ maxDepth: 1 });
  const extraFields = fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 2 });
  const json = (value: unknown) => ({ contentType: 'application/json', data: JSON.stringify(value) });
  const valid = endpoint.valid ?? bodyFields;
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(bodyFields, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraFields }))
        .map(([fields, extra]) => json({ ...extra, ...fields })),
    },
    { weight: 1, arbitrary: valid.map(json) },
    { weight: 4, arbitrary: withHostileString(valid).map(json) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json) },
    { weight: 1, arbitrary: fc.string({ unit: anyUnit }).map((data) => ({ contentType: 'application/json', data })) },
    { weight: 1, arbitrary: deeplyNested.map((data) => ({ contentType: 'application/json', data })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/xml',
            'gibberish',
          ),
          fc.string(),
        )
        .map(([contentType, data]) => ({ contentType, data })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const queryValue = fc.oneof(
    { weight: 2, arbitrary: text },
    { weight: 2, arbitrary: withHostileCharacter(plainWord) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'true',
        'false',
        'title',
        'createdAt',
        'relevance',
        'date',
        'asc',
        'desc',
        '-1',
        '1e9',
        '2024-05-01',
        '2024-02-29',
        '2023-02-29',
        '0001-01-01',
        '9999-12-31',
      ),
    },
    // The search syntax and timeline cursors, well-formed and not.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '"phrase" -not OR tag:x before:2024-01-01 after:2023-12-31 is:draft has:image',
        '"unclosed',
        "') | !(",
        '\\',
        'MjAyNC0wNS0wMVQxMjowMDowMHwwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDA',
      ),
    },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10)) },
  );
  const queryKey = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(endpoint.query ?? ['page'])) },
    { weight: 1, arbitrary: fc.string({ unit: anyUnit, maxLength: 10 }) },
  );
  const headers = fc.record(
    {
      'idempotency-key': headerValue,
      'x-requested-with': fc.oneof(fc.constant('memories-web'), headerValue),
      'x-correlation-id': headerValue,
      // Cookie values are percent-decoded by the server: the one header that can carry any character.
      cookie: fc.oneof(headerValue, text.map(percentEncode)).map((value) => `memories_refresh=${value}`),
      origin: fc.oneof(fc.webUrl(), headerValue),
      'accept-language': headerValue,
    },
    { requiredKeys: [] },
  );
  return fc.record({
    id: fc.oneof(
      { weight: 2, arbitrary: fc.constant(OWN_MEMORY_ID) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: text.map(percentEncode) },
      { weight: 1, arbitrary: fc.constantFrom('..', '%', '0', 'null', '%00', '%ed%a0%80') },
    ),
    query: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 5 }),
    body: endpoint.method === 'GET' || (endpoint.method === 'DELETE' && !endpoint.body) ? fc.constant({}) : body,
    headers,
    auth: fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage'),
  });
}

/**
 * Requests that once answered wrongly, tried first on every endpoint: an undecodable path, and null for every field.
 */
function regressions(endpoint: FuzzEndpoint): FuzzRequest[] {
  const nulls = Object.fromEntries(Object.keys(endpoint.body ?? {}).map((name) => [name, null]));
  const base = { id: '00000000-0000-4000-8000-000000000000', query: [], headers: {}, auth: 'valid' as const };
  return [
    { ...base, id: '%', body: {} },
    { ...base, body: endpoint.body ? { contentType: 'application/json', data: JSON.stringify(nulls) } : {} },
    // The first and last days a date can have, in each query key (the day after 9999-12-31 has no yyyy-MM-dd: the
    // timeline, the writing stats and the dateTo filters once answered 500 there).
    ...(endpoint.query ?? []).flatMap((key) =>
      ['9999-12-31', '0100-01-01'].map((day) => ({
        ...base,
        body: {},
        query: [[key, day]] as Array<[string, string]>,
      })),
    ),
  ];
}

/** A header name the API reads, or any other. */
const headerName = fc.oneof(
  fc.constantFrom(
    'authorization',
    'cookie',
    'idempotency-key',
    'x-correlation-id',
    'x-requested-with',
    'content-type',
    'origin',
    'sec-fetch-site',
    'accept-language',
  ),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
);
/** Header bytes as a hostile client sends them: any byte but the line break, controls, NUL, UTF-8 and invalid UTF-8. */
const rawHeaderValue = fc.oneof(
  text.map((value) => Buffer.from(value.replace(/[\r\n]/g, ''), 'utf8')),
  fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 0x0a && byte !== 0x0d))),
);

/**
 * A navigation's answer: a redirect to the provider's authorization endpoint or to a path of this app, never to a
 * place a request could choose (an open redirect).
 */
function redirectedWell(status: number, location: string | null, issuer: string): boolean {
  if (status !== 302 || !location) return false;
  return location.startsWith(`${issuer}/auth?`) || /^\/(?![/\\])/.test(location);
}

/** True for a 2xx success envelope or a 4xx failure envelope with a message; anything else is a finding. */
function answeredWell(status: number, body: unknown): boolean {
  const envelope = body as { success?: unknown; message?: unknown } | null;
  const ok = status >= 200 && status < 300 && envelope?.success === true;
  const refused =
    status >= 400 &&
    status < 500 &&
    envelope?.success === false &&
    typeof envelope.message === 'string' &&
    envelope.message.length > 0;
  return ok || refused;
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // kept as text: the assertion reports it
    return raw;
  }
}

describe('every API endpoint under random and malformed requests', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let provider: TestOidcProvider;
  let system: MemoriesSystem;
  let token: string;
  let ownMemoryId: string;

  beforeAll(async () => {
    const gatewayPort = await getFreePort();
    const origin = `http://127.0.0.1:${gatewayPort}`;
    [postgres, nats, provider] = await Promise.all([
      startTestPostgres(),
      startNatsServer({ secured: true }),
      startTestOidcProvider({
        clients: [
          { client_id: 'memories', client_secret: 'fuzzed', redirect_uris: [`${origin}/api/auth/oidc/callback`] },
        ],
        anyLogin: true,
      }),
    ]);
    system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: 5000,
      gatewayPort,
      env: {
        auth: {
          PUBLIC_URL: origin,
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: 'memories',
          OIDC_CLIENT_SECRET: 'fuzzed',
        },
      },
      credentialsOf: nats.credentialsOf,
    });
    token = await signUpAndLogIn(system.api);
    const created = await callApi<{ id: string }>(system.api, 'POST', '/memories/memory', {
      token,
      body: memoryBody('Fuzzed'),
    });
    ownMemoryId = created.body.data?.id ?? '';
  }, 120000);

  afterAll(async () => {
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop(), provider?.stop()]);
  });

  /** Where an endpoint is served, up to `/api`: the upload service's own port for the transfer routes. */
  const originOf = (endpoint: FuzzEndpoint) => (endpoint.origin === 'upload' ? `${system.files}/api` : system.api);

  async function send(
    endpoint: FuzzEndpoint,
    request: FuzzRequest,
  ): Promise<{ status: number; body: unknown; location: string | null }> {
    // Path and query are fuzzed raw: URLSearchParams would encode them and hide malformed ones.
    const query = request.query.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&');
    const id = request.id === OWN_MEMORY_ID ? ownMemoryId : request.id;
    const url = `${originOf(endpoint)}${endpoint.path.replaceAll(':id', id).replace(':userId', id)}${query ? `?${query}` : ''}`;
    const authorization = { valid: `Bearer ${token}`, none: undefined, garbage: `Bearer ${request.id}` }[request.auth];
    const response = await fetch(url, {
      method: endpoint.method,
      headers: {
        ...request.headers,
        ...(authorization ? { authorization } : {}),
        ...(request.body.contentType ? { 'content-type': request.body.contentType } : {}),
      },
      body: request.body.data,
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (endpoint.file && response.ok) {
      await response.arrayBuffer();
      return { status: response.status, body: { success: true }, location };
    }
    return { status: response.status, body: parsed(await response.text()), location };
  }

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers a 2xx (a redirect of ours, for a navigation), or a 4xx with a { success: false, message } envelope, never a 5xx',
    async (_name, endpoint) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(endpoint), async (request) => {
          const { status, body, location } = await send(endpoint, request);
          const redirected = endpoint.redirect === true && redirectedWell(status, location, provider.issuer);
          if (!redirected && !answeredWell(status, body))
            throw new Error(`answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
        }),
        { numRuns: RUNS_PER_ENDPOINT, examples: regressions(endpoint).map((request) => [request]) },
      );
    },
  );

  it('fuzzes exactly the operations the API document lists: none missing, none the document does not know', async () => {
    const document = await (await fetch(`${system.api}/docs/json`)).json();
    const key = (method: string, path: string) => `${method} ${templateOf(path)}`;
    const documented = new Set(documentedRoutesOf(document).map((route) => key(route.method, route.path)));
    const fuzzed = new Set(ENDPOINTS.map((endpoint) => key(endpoint.method, `/api${endpoint.path}`)));

    expect({
      documentedButNotFuzzed: [...documented].filter((route) => !fuzzed.has(route)),
      fuzzedButNotDocumented: [...fuzzed].filter((route) => !documented.has(route)),
    }).toEqual({ documentedButNotFuzzed: [], fuzzedButNotDocumented: [] });
  });

  it('answers every endpoint with an envelope whatever bytes its headers carry', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.array(fc.tuple(headerName, rawHeaderValue), { minLength: 1, maxLength: 3 }),
        async (endpoint, headers) => {
          const path = `/api${endpoint.path.replace(':id', ownMemoryId)}`;
          const origin = new URL(originOf(endpoint)).origin;
          const { status, body } = await sendRawRequest(origin, endpoint.method, path, [
            ['authorization', Buffer.from(`Bearer ${token}`)],
            ...headers,
          ]);
          const fileSent = endpoint.file === true && status >= 200 && status < 300;
          const redirected = endpoint.redirect === true && status === 302;
          if (!fileSent && !redirected && !answeredWell(status, parsed(body)))
            throw new Error(`${endpoint.method} ${path} answered ${status}: ${body.slice(0, 300)}`);
        },
      ),
      { numRuns: RUNS_PER_ENDPOINT * 2 },
    );
  });
});
