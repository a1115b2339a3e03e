import { randomUUID } from 'node:crypto';
import { callApi, memoryBody, type ApiAnswer } from './api-call';

export type LoadOperation = 'create' | 'list' | 'get' | 'update';

export interface LoadOutcome {
  operation: LoadOperation;
  startedAt: number;
  finishedAt: number;
  status: number;
  body: ApiAnswer['body'];
}

interface PendingCreate {
  key: string;
  title: string;
}

/** What one memory should look like afterwards: the last acknowledged title, or one attempted after it. */
interface MemoryExpectation {
  acknowledgedTitle: string;
  attemptedAfterwards: string[];
}

const CYCLE: LoadOperation[] = ['create', 'list', 'get', 'update'];

/**
 * A steady stream of mixed reads and writes by one signed-in user, from a few concurrent workers, as a client that
 * retries would send it: a create that was not acknowledged is sent again later with the same Idempotency-Key.
 * It records every answer and what each acknowledged write should have left behind.
 */
export class SteadyLoad {
  readonly outcomes: LoadOutcome[] = [];
  /** Acknowledged memories by id. */
  readonly expected = new Map<string, MemoryExpectation>();
  /** Creates not acknowledged yet, retried with the same key. */
  readonly pending: PendingCreate[] = [];
  private running = false;
  private workers: Array<Promise<void>> = [];
  private created = 0;

  constructor(
    private readonly api: string,
    private readonly token: string,
    private readonly workerCount = 3,
    private readonly pauseMs = 100,
  ) {}

  start(): void {
    this.running = true;
    this.workers = Array.from({ length: this.workerCount }, (_, worker) => this.work(worker));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** Every outcome of requests started in [from, to). */
  between(from: number, to = Number.POSITIVE_INFINITY): LoadOutcome[] {
    return this.outcomes.filter((outcome) => outcome.startedAt >= from && outcome.startedAt < to);
  }

  /** Sends every create that is still unacknowledged once more with its key; true when none is left. */
  async retryPendingCreates(): Promise<boolean> {
    for (const create of [...this.pending]) await this.create(create);
    return this.pending.length === 0;
  }

  private async work(worker: number): Promise<void> {
    const own: string[] = [];
    for (let step = 0; this.running; step++) {
      const operation = CYCLE[step % CYCLE.length];
      const target = own[step % Math.max(own.length, 1)];
      if (operation === 'create') {
        const retry = this.pending.find((create) => create.title.startsWith(`w${worker}-`));
        const id = await this.create(retry ?? { key: randomUUID(), title: `w${worker}-memory-${++this.created}` });
        if (id) own.push(id);
      } else if (operation === 'list') {
        await this.send('list', 'GET', '/memories/my?page=0&size=20');
      } else if (target && operation === 'get') {
        await this.send('get', 'GET', `/memories/memory/${target}`);
      } else if (target && operation === 'update') {
        await this.update(target);
      }
      await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    }
  }

  private async create(create: PendingCreate): Promise<string | undefined> {
    const answer = await this.send('create', 'POST', '/memories/memory', memoryBody(create.title), {
      'idempotency-key': create.key,
    });
    const index = this.pending.indexOf(create);
    const id = (answer.body.data as { id?: string } | undefined)?.id;
    if (answer.status === 201 && id) {
      if (index >= 0) this.pending.splice(index, 1);
      // A retry may be answered with a memory updated since its first acknowledgement: keep what that said.
      if (!this.expected.has(id)) this.expected.set(id, { acknowledgedTitle: create.title, attemptedAfterwards: [] });
      return id;
    }
    if (index < 0) this.pending.push(create);
    return undefined;
  }

  private async update(id: string): Promise<void> {
    const expectation = this.expected.get(id);
    if (!expectation) return;
    const title = `${expectation.acknowledgedTitle.split('~')[0]}~${randomUUID().slice(0, 8)}`;
    const answer = await this.send('update', 'PUT', `/memories/memory/${id}`, memoryBody(title));
    if (answer.status === 200) this.expected.set(id, { acknowledgedTitle: title, attemptedAfterwards: [] });
    else expectation.attemptedAfterwards.push(title);
  }

  private async send(
    operation: LoadOperation,
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer> {
    const startedAt = Date.now();
    let answer: ApiAnswer;
    try {
      answer = await callApi(this.api, method, url, { token: this.token, body, headers });
    } catch (error) {
      // No HTTP answer at all (connection refused, body not JSON): recorded as status 0 so the test reports it.
      answer = { status: 0, body: { success: false, message: error instanceof Error ? error.message : String(error) } };
    }
    this.outcomes.push({ operation, startedAt, finishedAt: Date.now(), status: answer.status, body: answer.body });
    return answer;
  }
}
