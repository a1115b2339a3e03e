import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'otplib';
import type {
  AuthSession,
  CreatedPersonalAccessToken,
  CreatedWebhook,
  LoggedOut,
  RecoveryCodes,
  TwoFactorSetup,
} from '@memories/contracts';
import {
  eventually,
  getFreePort,
  signInAtProvider,
  startNatsServer,
  startTestOidcProvider,
  startTestPostgres,
  startWebhookReceiver,
  type TestNatsServer,
  type TestOidcProvider,
  type TestPostgres,
  type WebhookReceiver,
} from '@memories/server-testing';
import { callApi } from './support/api-call';
import {
  SYSTEM_PROCESSES,
  startMemoriesSystem,
  type MemoriesSystem,
  type SystemProcess,
} from './support/memories-system';
import { SPAN_KIND, startTraceCollector, type CollectedSpan, type TraceCollector } from './support/trace-collector';

// What a self-hoster sees of a running split deployment: the gateway and the four services, each its own process
// started from its build, over a real nats-server and PostgreSQL, tracing to an OpenTelemetry collector (a receiver in
// this test that keeps the spans in memory), logging at the most detailed level, every line kept.

const CLIENT = { 'x-requested-with': 'memories-web' };
/** The client registered at the OpenID provider: its secret is a secret of the log scan too. */
const OIDC_CLIENT = { client_id: 'memories', client_secret: `oidc-${randomUUID()}` };
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** Every line a process wrote, parsed (JSON lines are the split services' format). */
function linesOf(system: MemoriesSystem, name: SystemProcess): Array<Record<string, unknown>> {
  return system.processes[name]
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`${name} wrote a line that is not JSON: ${line}`);
      }
    });
}

describe('observability of the split system', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let collector: TraceCollector;
  let system: MemoriesSystem;
  let receiver: WebhookReceiver;
  let provider: TestOidcProvider;
  let origin: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const gatewayPort = await getFreePort();
    origin = `http://127.0.0.1:${gatewayPort}`;
    [postgres, nats, collector, provider] = await Promise.all([
      startTestPostgres(),
      startNatsServer(),
      startTraceCollector(),
      startTestOidcProvider({
        clients: [{ ...OIDC_CLIENT, redirect_uris: [`${origin}/api/auth/oidc/callback`] }],
        accounts: { grace: { claims: { email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' } } },
      }),
    ]);
    const observed = {
      LOG_LEVEL: 'verbose',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Spans leave in small batches soon after they end, so the test waits for them briefly.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: 5000,
      gatewayPort,
      env: Object.fromEntries(
        SYSTEM_PROCESSES.map((name) => [
          name,
          name === 'auth'
            ? {
                ...observed,
                PUBLIC_URL: origin,
                OIDC_ISSUER: provider.issuer,
                OIDC_CLIENT_ID: OIDC_CLIENT.client_id,
                OIDC_CLIENT_SECRET: OIDC_CLIENT.client_secret,
                OIDC_LOGOUT: 'true',
              }
            : observed,
        ]),
      ),
    });
  }, 120000);

  afterAll(async () => {
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop(), collector?.stop(), receiver?.close(), provider?.stop()]);
  });

  async function signUp(password: string): Promise<{ email: string; token: string; refresh: string }> {
    const email = `observed-${randomUUID()}@example.com`;
    const registered = await callApi(system.api, 'POST', '/auth/register', {
      body: { name: 'Ada Lovelace', email, password, confirmPassword: password },
    });
    expect(registered.status).toBe(201);
    const response = await fetch(`${system.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, rememberMe: true }),
    });
    const refresh = /memories_refresh=([^;]*)/.exec(response.headers.getSetCookie().join(';'))?.[1] ?? '';
    const session = (await response.json()) as { data: AuthSession };
    return { email, token: session.data.accessToken, refresh };
  }

  /** The spans of one trace, once those matching every predicate have arrived. */
  async function traceWith(
    traceId: string,
    ...expected: Array<(span: CollectedSpan) => boolean>
  ): Promise<CollectedSpan[]> {
    const spans = await eventually(
      async () => collector.spans().filter((span) => span.traceId === traceId),
      (found) => expected.every((matches) => found.some(matches)),
    );
    const missing = expected.filter((matches) => !spans.some(matches)).map((matches) => matches.name);
    expect({ missing, spans: spans.map((span) => `${span.service}: ${span.name}`) }).toEqual({
      missing: [],
      spans: expect.any(Array),
    });
    return spans;
  }

  /** The trace of the gateway's server span for one request to a route. */
  async function traceOfRequest(method: string, route: string): Promise<string> {
    const spans = await eventually(
      async () =>
        collector
          .spans()
          .filter(
            (span) =>
              span.service === 'memories-gateway' &&
              span.kind === SPAN_KIND.server &&
              span.name === `${method} ${route}`,
          ),
      (found) => found.length > 0,
    );
    expect(spans).toHaveLength(1);
    return spans[0].traceId;
  }

  it('shows one GET /api/memories/my as one trace: the gateway, the bus and the memory service with its query', async () => {
    const owner = await signUp('correct horse battery staple');
    const answer = await fetch(`${system.api}/memories/my`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(answer.status).toBe(200);
    const correlationId = answer.headers.get('x-correlation-id') ?? '';

    const traceId = await traceOfRequest('GET', '/api/memories/my');
    const isSend = (span: CollectedSpan) =>
      span.service === 'memories-gateway' && span.kind === SPAN_KIND.client && span.name.startsWith('send memory.');
    const isProcess = (span: CollectedSpan) =>
      span.service === 'memories-memory' && span.kind === SPAN_KIND.server && span.name.startsWith('process memory.');
    const isQuery = (span: CollectedSpan) =>
      span.service === 'memories-memory' &&
      span.name.startsWith('pg.query') &&
      span.attributes['db.system.name'] === 'postgresql';
    const spans = await traceWith(traceId, isSend, isProcess, isQuery);

    const root = spans.find((span) => span.service === 'memories-gateway' && span.kind === SPAN_KIND.server);
    const send = spans.find(isSend);
    const processed = spans.find((span) => isProcess(span) && span.parentSpanId === send?.spanId);
    expect(root?.parentSpanId).toBeUndefined();
    expect(root?.attributes['http.route']).toBe('/api/memories/my');
    expect(send?.parentSpanId).toBe(root?.spanId);
    expect(processed).toBeDefined();
    // Each query of the memory service is a descendant of its handling of the message.
    const ancestorsOf = (span: CollectedSpan): string[] => {
      const parent = spans.find((candidate) => candidate.spanId === span.parentSpanId);
      return parent ? [parent.spanId, ...ancestorsOf(parent)] : [];
    };
    const queries = spans.filter(isQuery);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(ancestorsOf(query)).toContain(processed?.spanId);

    // The correlation id the API answered finds the request's lines in both processes, with the same trace.
    const gatewayLines = linesOf(system, 'gateway').filter((line) => line.correlation_id === correlationId);
    const memoryLines = linesOf(system, 'memory').filter((line) => line.correlation_id === correlationId);
    expect(gatewayLines.map((line) => line.msg)).toContain('GET /api/memories/my 200');
    expect(memoryLines.length).toBeGreaterThan(0);
    expect(memoryLines.every((line) => line.trace_id === traceId && line.service === 'memory')).toBe(true);
  });

  it("carries the trace of a request in the event it causes, to the event's subscriber in another process", async () => {
    const owner = await signUp('correct horse battery staple');
    const created = await callApi<{ id: string }>(system.api, 'POST', '/memories/memory', {
      token: owner.token,
      body: { title: 'Gone soon', date: '2024-05-01', contentJson: JSON.stringify({ type: 'doc', content: [] }) },
    });
    expect(created.status).toBe(201);
    expect(
      (await callApi(system.api, 'DELETE', `/memories/${created.body.data?.id}`, { token: owner.token })).status,
    ).toBe(200);

    const traceId = await traceOfRequest('DELETE', '/api/memories/:id');
    const isPublish = (span: CollectedSpan) =>
      span.service === 'memories-memory' &&
      span.kind === SPAN_KIND.producer &&
      span.name === 'publish memory.memory.deleted';
    const isConsume = (span: CollectedSpan) =>
      span.service === 'memories-upload' &&
      span.kind === SPAN_KIND.consumer &&
      span.name === 'process memory.memory.deleted';
    const spans = await traceWith(traceId, isPublish, isConsume);
    expect(spans.find(isConsume)?.parentSpanId).toBe(spans.find(isPublish)?.spanId);
  });

  it("carries a save's trace to the notify service and its webhook delivery, but not to the receiver", async () => {
    const owner = await signUp('correct horse battery staple');
    // A receiver's URL may hold its own secret (many do): it is in no span.
    const urlSecret = `hook-${randomUUID()}`;
    const webhook = await callApi<CreatedWebhook>(system.api, 'POST', '/webhooks', {
      token: owner.token,
      body: { url: `${receiver.url}/${urlSecret}`, events: ['memory.created'] },
    });
    expect(webhook.status).toBe(201);
    // This save's trace, begun by the caller (the gateway continues a caller's traceparent).
    const traceId = randomBytes(16).toString('hex');
    const created = await callApi<{ id: string }>(system.api, 'POST', '/memories/memory', {
      token: owner.token,
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: { title: 'Told', date: '2024-05-01', contentJson: JSON.stringify({ type: 'doc', content: [] }) },
    });
    expect(created.status).toBe(201);

    const isPublish = (span: CollectedSpan) =>
      span.service === 'memories-memory' &&
      span.kind === SPAN_KIND.producer &&
      span.name === 'publish memory.memory.created';
    const isConsume = (span: CollectedSpan) =>
      span.service === 'memories-notify' &&
      span.kind === SPAN_KIND.consumer &&
      span.name === 'process memory.memory.created';
    const isDelivery = (span: CollectedSpan) =>
      span.service === 'memories-notify' &&
      span.kind === SPAN_KIND.consumer &&
      span.name === 'process webhook-delivery';
    const spans = await traceWith(traceId, isPublish, isConsume, isDelivery);
    expect(spans.find(isConsume)?.parentSpanId).toBe(spans.find(isPublish)?.spanId);

    const delivered = receiver.requests.find((request) => request.headers['webhook-id'] !== undefined);
    expect(delivered).toBeDefined();
    expect(delivered?.headers.traceparent).toBeUndefined();
    expect(JSON.stringify(collector.spans())).not.toContain(urlSecret);
  });

  it("serves Prometheus metrics on each process' own port", async () => {
    const owner = await signUp('correct horse battery staple');
    await callApi(system.api, 'GET', '/memories/my', { token: owner.token });
    const metrics = Object.fromEntries(
      await Promise.all(
        SYSTEM_PROCESSES.map(async (name) => {
          const response = await fetch(`${system.urls[name]}/metrics`);
          expect(response.status).toBe(200);
          return [name, await response.text()] as const;
        }),
      ),
    ) as Record<SystemProcess, string>;

    for (const name of SYSTEM_PROCESSES) {
      for (const metric of [
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'nodejs_eventloop_lag_p99_seconds',
      ])
        expect(metrics[name]).toMatch(new RegExp(`^${metric} \\d`, 'm'));
    }
    expect(metrics.gateway).toMatch(
      /^memories_http_request_duration_seconds_count\{method="GET",route="\/api\/memories\/my",status="200"\} [1-9]/m,
    );
    expect(metrics.gateway).toMatch(
      /^memories_bus_request_duration_seconds_count\{subject="memory\.[a-z.]+",outcome="ok"\} [1-9]/m,
    );
    for (const service of ['auth', 'memory', 'upload', 'notify'] as const)
      expect(metrics[service]).toMatch(
        new RegExp(`^memories_db_pool_connections\\{service="${service}",state="max"\\} \\d`, 'm'),
      );
    expect(metrics.upload).toMatch(/^memories_job_queue_depth\{queue="import-archive"\} 0$/m);
    expect(metrics.upload).toMatch(/^memories_job_failures_total\{queue="import-archive"\} 0$/m);
    expect(metrics.upload).toMatch(/^memories_stored_bytes \d+$/m);
    expect(metrics.notify).toMatch(/^memories_job_queue_depth\{queue="webhook-delivery"\} \d+$/m);
    expect(metrics.notify).toMatch(/^memories_job_failures_total\{queue="webhook-delivery"\} 0$/m);
  });

  it('never logs a password, a token, a two-factor code, an OIDC code or secret, the text of a memory or an image', async () => {
    const word = `zephyrine${randomBytes(6).toString('hex')}`;
    const password = `pw-${randomUUID()}`;
    const newPassword = `changed-${randomUUID()}`;
    const resetPassword = `reset-${randomUUID()}`;
    const secrets: string[] = [word, password, newPassword, resetPassword];

    const account = await signUp(password);
    secrets.push(account.token, account.refresh);
    // A failed sign-in with a wrong password, and a sign-in of someone unknown.
    const wrongPassword = `wrong-${randomUUID()}`;
    secrets.push(wrongPassword);
    expect(
      (
        await callApi(system.api, 'POST', '/auth/login', {
          body: { email: account.email, password: wrongPassword, rememberMe: false },
        })
      ).status,
    ).toBe(401);

    // A refresh (the rotated cookie), then the password changed.
    const refreshed = await fetch(`${system.api}/auth/refresh`, {
      method: 'POST',
      headers: { ...CLIENT, cookie: `memories_refresh=${account.refresh}` },
    });
    expect(refreshed.status).toBe(200);
    const rotated = /memories_refresh=([^;]*)/.exec(refreshed.headers.getSetCookie().join(';'))?.[1] ?? '';
    const token = ((await refreshed.json()) as { data: AuthSession }).data.accessToken;
    secrets.push(rotated, token);
    const changed = await callApi(system.api, 'PUT', '/auth/change-password', {
      token,
      headers: { cookie: `memories_refresh=${rotated}` },
      body: { currentPassword: password, newPassword, confirmPassword: newPassword },
    });
    expect(changed.status).toBe(200);

    // Two-factor sign-in turned on with a TOTP code; its key and recovery codes are secrets too.
    const setup = await callApi<TwoFactorSetup>(system.api, 'POST', '/auth/two-factor/setup', {
      token,
      body: { password: newPassword },
    });
    const totpSecret = setup.body.data?.secret ?? '';
    const code = await generate({ secret: totpSecret });
    const enabled = await callApi<RecoveryCodes>(system.api, 'POST', '/auth/two-factor/enable', {
      token,
      body: { code },
    });
    expect(enabled.status).toBe(200);
    secrets.push(totpSecret, code, ...(enabled.body.data?.recoveryCodes ?? []));

    // A memory with the word in its title and text, an image in it, found again by search.
    const imageBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]);
    const payload = imageBytes.subarray(8);
    secrets.push(
      payload.subarray(0, 48).toString('base64'),
      payload.subarray(0, 32).toString('hex'),
      [...payload.subarray(0, 16)].join(','),
    );
    const grant = await callApi<{ uploadUrl: string; fileUrl: string }>(system.api, 'POST', '/upload/presigned-url', {
      token,
      body: { fileName: 'photo.png', fileType: 'image/png' },
    });
    const put = await fetch(`${system.files}${grant.body.data?.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(imageBytes),
    });
    expect(put.status).toBe(200);
    const memory = await callApi<{ id: string }>(system.api, 'POST', '/memories/memory', {
      token,
      body: {
        title: `Walk by the ${word}`,
        date: '2024-05-01',
        contentJson: JSON.stringify({
          type: 'doc',
          content: [
            paragraph(`The ${word} at dawn`),
            { type: 'image', attrs: { src: grant.body.data?.fileUrl, alt: word } },
          ],
        }),
        tags: [word.slice(0, 20)],
        isDraft: false,
      },
    });
    expect(memory.status).toBe(201);
    const found = await callApi<unknown[]>(system.api, 'GET', `/memories/search?q=${word}`, { token });
    expect(found.body.data).toHaveLength(1);
    const image = await fetch(`${system.files}${grant.body.data?.fileUrl}`, {
      headers: { cookie: `memories_media=${token}` },
    });
    expect(image.status).toBeLessThan(500);

    // A personal access token used by a script, and a webhook whose signing secret and URL are secrets.
    const pat = await callApi<CreatedPersonalAccessToken>(system.api, 'POST', '/tokens', {
      token,
      body: { name: 'backup script', scope: 'read' },
    });
    expect(pat.status).toBe(201);
    const patToken = pat.body.data?.token ?? '';
    secrets.push(patToken);
    expect((await callApi(system.api, 'GET', '/memories/my', { token: patToken })).status).toBe(200);
    const hookSecret = `hook-${randomUUID()}`;
    const hook = await callApi<CreatedWebhook>(system.api, 'POST', '/webhooks', {
      token,
      body: { url: `${receiver.url}/${hookSecret}`, events: ['memory.updated'] },
    });
    expect(hook.status).toBe(201);
    secrets.push(hookSecret, hook.body.data?.secret ?? '');
    expect((await callApi(system.api, 'POST', `/webhooks/${hook.body.data?.id}/test`, { token })).status).toBe(202);

    // Forgotten password: the link is in the mail outbox, the reset signs in with a new password.
    await callApi(system.api, 'POST', '/auth/forgot-password', { body: { email: account.email } });
    const resetToken = await eventually(
      async () => {
        for (const file of await readdir(system.mailOutbox)) {
          const text = await readFile(path.join(system.mailOutbox, file), 'utf8');
          const match = text.includes(`To: ${account.email}`) && /reset-password#token=([\w-]+)/.exec(text);
          if (match) return match[1];
        }
        return '';
      },
      (value) => value !== '',
    );
    secrets.push(resetToken);
    const reset = await callApi(system.api, 'POST', '/auth/reset-password', {
      body: { token: resetToken, newPassword: resetPassword, confirmPassword: resetPassword },
    });
    expect(reset.status).toBe(200);
    // What was asked with the old one now fails, and is logged if at all without it.
    expect(
      (
        await callApi(system.api, 'POST', '/auth/reset-password', {
          body: { token: resetToken, newPassword: resetPassword, confirmPassword: resetPassword },
        })
      ).status,
    ).toBe(400);

    // A single sign-on: the provider's code and state, this browser's binding cookie, the session it opened, the ID
    // token the logout hands back to the provider, and the client secret; then the same callback replayed (refused).
    const started = await fetch(`${origin}/api/auth/oidc/start`, { redirect: 'manual' });
    const authorization = new URL(started.headers.get('location') ?? '');
    const binding = /memories_oidc=([^;]*)/.exec(started.headers.getSetCookie().join(';'))?.[1] ?? '';
    const callbackUrl = new URL(await signInAtProvider(authorization.href, { login: 'grace' }));
    const signedIn = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: `memories_oidc=${binding}` } });
    expect([signedIn.status, new URL(signedIn.headers.get('location') ?? '', origin).pathname]).toEqual([
      302,
      '/dashboard',
    ]);
    const ssoRefresh = /memories_refresh=([^;]*)/.exec(signedIn.headers.getSetCookie().join(';'))?.[1] ?? '';
    const replayed = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: `memories_oidc=${binding}` } });
    expect(replayed.headers.get('location')).toContain('ssoError=');
    const loggedOut = await fetch(`${system.api}/auth/logout`, {
      method: 'POST',
      headers: { ...CLIENT, cookie: `memories_refresh=${ssoRefresh}` },
    });
    const endSession = new URL(((await loggedOut.json()) as { data: LoggedOut }).data.endSessionUrl);
    secrets.push(
      OIDC_CLIENT.client_secret,
      callbackUrl.searchParams.get('code') ?? '',
      callbackUrl.searchParams.get('state') ?? '',
      authorization.searchParams.get('nonce') ?? '',
      binding,
      ssoRefresh,
      endSession.searchParams.get('id_token_hint') ?? '',
    );
    // The scan reads the lines of this sign-in: the auth service told of the link and of the refused replay.
    expect(system.processes.auth.output()).toMatch(/Linked a sign-in at .*signed nobody in/s);

    // Every line of every process: JSON with time, level and service, and none of the secrets.
    const hits: string[] = [];
    for (const name of SYSTEM_PROCESSES) {
      const output = system.processes[name].output();
      for (const line of linesOf(system, name))
        expect(line).toEqual(
          expect.objectContaining({ time: expect.any(String), level: expect.any(String), service: name }),
        );
      for (const secret of secrets.filter((value) => value.length >= 6))
        if (output.includes(secret)) hits.push(`${name}: ${secret}`);
    }
    expect(hits).toEqual([]);
    expect(secrets.length).toBeGreaterThan(27);
  });
});
