import { randomUUID } from 'node:crypto';
import { startNatsServer, startTestPostgres, type TestNatsServer, type TestPostgres } from '@memories/server-testing';
import { callApi, memoryBody, signUpAndLogIn } from '../support/api-call';
import { startMemoriesSystem, type MemoriesSystem } from '../support/memories-system';
import { SteadyLoad, type LoadOutcome } from '../support/steady-load';

// The deployed shape of the back end (gateway, auth, memory and upload as separate processes over a real
// nats-server and a real PostgreSQL) under a steady load of reads and writes, while the infrastructure fails.

const BUS_TIMEOUT_MS = 2000;
const FAIL_FAST_MS = 3000;
const NATS_OUTAGE_MS = 60000;
const POSTGRES_OUTAGE_MS = 5000;
const STEADY_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Outcomes that are not a clear, prompt 503/504 envelope, described for the failure message. */
function notFailingFast(outcomes: LoadOutcome[]): string[] {
  return outcomes
    .filter(
      (outcome) =>
        ![503, 504].includes(outcome.status) ||
        outcome.body.success !== false ||
        typeof outcome.body.message !== 'string' ||
        outcome.body.message.length === 0 ||
        outcome.finishedAt - outcome.startedAt >= FAIL_FAST_MS,
    )
    .map(
      (outcome) =>
        `${outcome.operation}: ${outcome.status} after ${outcome.finishedAt - outcome.startedAt} ms (${outcome.body.message})`,
    );
}

function notSucceeding(outcomes: LoadOutcome[]): string[] {
  return outcomes
    .filter((outcome) => outcome.status < 200 || outcome.status >= 300)
    .map((outcome) => `${outcome.operation}: ${outcome.status} (${outcome.body.message})`);
}

describe('the system under infrastructure faults', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let system: MemoriesSystem;
  let token: string;
  let load: SteadyLoad;

  /** One create, list, get and update in a row, all acknowledged. */
  async function fullCycleSucceeds(): Promise<boolean> {
    const created = await callApi<{ id: string }>(system.api, 'POST', '/memories/memory', {
      token,
      body: memoryBody(`probe-${randomUUID()}`),
    });
    if (created.status !== 201 || !created.body.data) return false;
    const { id } = created.body.data;
    const answers = await Promise.all([
      callApi(system.api, 'GET', '/memories/my?page=0&size=1', { token }),
      callApi(system.api, 'GET', `/memories/memory/${id}`, { token }),
      callApi(system.api, 'PUT', `/memories/memory/${id}`, { token, body: memoryBody('probe updated') }),
    ]);
    return answers.every((answer) => answer.status === 200);
  }

  /** Milliseconds from now until a full cycle succeeds (polling), or Infinity after `limitMs`. */
  async function timeToRecovery(limitMs: number): Promise<number> {
    const start = Date.now();
    while (Date.now() - start < limitMs) {
      if (await fullCycleSucceeds().catch(() => false)) return Date.now() - start;
      await sleep(100);
    }
    return Number.POSITIVE_INFINITY;
  }

  beforeAll(async () => {
    // A server of its own: the PostgreSQL outage below must not take other suites' databases down with it.
    [postgres, nats] = await Promise.all([startTestPostgres({ ownServer: true }), startNatsServer({ secured: true })]);
    system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: BUS_TIMEOUT_MS,
      credentialsOf: nats.credentialsOf,
    });
    token = await signUpAndLogIn(system.api);
    load = new SteadyLoad(system.api, token);
  }, 120000);

  afterAll(async () => {
    await load?.stop();
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('serves a steady load of creates, lists, reads and updates', async () => {
    const start = Date.now();
    load.start();
    await sleep(STEADY_MS);

    expect(load.between(start).length).toBeGreaterThan(10);
    expect(notSucceeding(load.between(start))).toEqual([]);
  });

  it(
    'answers a clear 503/504 within 3 s while nats-server is down for 60 s, and no process exits',
    async () => {
      await nats.stop();
      const down = Date.now();
      await sleep(NATS_OUTAGE_MS);
      const during = load.between(down);

      expect(new Set(during.map((outcome) => outcome.operation))).toEqual(new Set(['create', 'list', 'get', 'update']));
      expect(notFailingFast(during)).toEqual([]);
      expect(system.exited()).toEqual([]);
    },
    NATS_OUTAGE_MS + 30000,
  );

  it('works again within 5 s of nats-server coming back on the same port, without restarting anything', async () => {
    nats = await startNatsServer({ port: nats.port, secured: nats.passwords });
    const recoveryMs = await timeToRecovery(30000);
    const recovered = Date.now();
    await sleep(STEADY_MS);

    expect(recoveryMs).toBeLessThan(5000);
    expect(notSucceeding(load.between(recovered))).toEqual([]);
    expect(system.exited()).toEqual([]);
  });

  it('answers a clear 503/504 within 3 s while PostgreSQL is down, and works again within 10 s of its restart', async () => {
    await postgres.stopServer();
    const down = Date.now();
    await sleep(POSTGRES_OUTAGE_MS);
    const during = load.between(down);
    await postgres.startServer();
    const recoveryMs = await timeToRecovery(30000);
    const recovered = Date.now();
    await sleep(STEADY_MS);

    expect(during.length).toBeGreaterThan(0);
    expect(notFailingFast(during)).toEqual([]);
    expect(recoveryMs).toBeLessThan(10000);
    expect(notSucceeding(load.between(recovered))).toEqual([]);
    expect(system.exited()).toEqual([]);
  }, 90000);

  it('keeps every acknowledged write, and retried creates leave one memory each', async () => {
    await load.stop();
    expect(await load.retryPendingCreates()).toBe(true);

    const stored = new Map<string, string>();
    for (let page = 0; ; page++) {
      const answer = await callApi<Array<{ id: string; title: string }>>(
        system.api,
        'GET',
        `/memories/my?page=${page}&size=100`,
        { token },
      );
      expect(answer.status).toBe(200);
      for (const memory of answer.body.data ?? []) stored.set(memory.id, memory.title);
      if ((answer.body.data ?? []).length < 100) break;
    }
    const loadMemories = [...stored].filter(([, title]) => /^w\d+-memory-/.test(title));
    const wrong = [...load.expected].filter(([id, expectation]) => {
      const title = stored.get(id);
      return title !== expectation.acknowledgedTitle && !expectation.attemptedAfterwards.includes(title ?? '');
    });

    expect(load.expected.size).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
    expect(loadMemories.map(([id]) => id).sort()).toEqual([...load.expected.keys()].sort());
  });

  it('creates one memory for a create the client sent again with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const title = `retried-${key}`;
    const send = (signal?: AbortSignal) =>
      callApi<{ id: string }>(system.api, 'POST', '/memories/memory', {
        token,
        body: memoryBody(title),
        headers: { 'idempotency-key': key },
        signal,
      });
    // The first attempt's answer is lost (the client gives up), then the client retries, several times at once.
    await send(AbortSignal.timeout(5)).catch(() => undefined);
    const retries = await Promise.all([send(), send(), send()]);
    const found = await callApi(system.api, 'GET', `/memories/my?page=0&size=10&title=${title}`, { token });

    expect(retries.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(retries.map((answer) => answer.body.data?.id)).size).toBe(1);
    expect(found.body.pagination?.totalElements).toBe(1);
  });
});
