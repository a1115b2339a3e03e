import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { HEALTH_CHECK_SUBJECTS, unsafeTextMessage, type UnsafeCharacterKind } from '@memories/contracts';
import {
  createBusClient,
  migrateService,
  sendRequest,
  unsafeTextErrors,
  type DatabaseServerConfig,
  type ServiceDescriptor,
} from '@memories/nest-common';
import { Client } from 'pg';
import { connectBusProbe, type BusProbe } from './bus-probe';
import { getFreePort } from './free-port';
import { startNodeProcess, type NodeProcess } from './node-process';
import { startNatsServer, type TestNatsServer } from './nats-server';
import { startTestPostgres, type TestPostgres } from './test-postgres';

/**
 * One string of a bus payload, sent with NUL, another control character and an unpaired surrogate in it. A
 * `refused` field must answer VALIDATION_FAILED naming it; a `cleaned` one (free text, see docs/decisions.md) must
 * be answered, with nothing unsafe in the answer, and `echoed` when the answer shows the cleaned text.
 */
export interface TextFieldCase {
  subject: string;
  /** The authenticated user of the envelope, when the subject needs one. */
  userId?: string;
  /** A payload the service accepts (a fresh one per call, e.g. a new e-mail address each time). */
  payload: () => Record<string, unknown>;
  /** Dot path of the string in the payload, e.g. `memory.tags.0`. */
  field: string;
  expect: 'refused' | 'cleaned' | 'echoed';
}

export interface ServiceBasicsOptions {
  textFields?: TextFieldCase[];
}

const HOSTILE_CHARACTERS: Array<[string, string, string, UnsafeCharacterKind]> = [
  // name, character, what cleaning leaves of it, kind
  ['NUL', '\u0000', '', 'control-character'],
  ['an escape character', '\u001b', '', 'control-character'],
  ['an unpaired surrogate', '\ud800', '\ufffd', 'lone-surrogate'],
];

/** The payload with `insert` put into the middle of the string at `path`, and that string as cleaning leaves it. */
function withCharacter(
  payload: Record<string, unknown>,
  path: string,
  insert: string,
  cleaned: string,
): [Record<string, unknown>, string] {
  const keys = path.split('.');
  const last = keys.pop() as string;
  const container = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, payload);
  const value = String(container[last]);
  const middle = Math.ceil(value.length / 2);
  container[last] = `${value.slice(0, middle)}${insert}${value.slice(middle)}`;
  return [payload, `${value.slice(0, middle)}${cleaned}${value.slice(middle)}`];
}

/** Every string inside a value, at any depth. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

/**
 * What every service must do against a real PostgreSQL and a real nats-server, whatever its features: own its
 * schema and migrations table, answer `<service>.health.check`, validate envelopes, serve its probes, and refuse
 * to boot without a database, and refuse (or clean) control characters and unpaired surrogates in every string of
 * its payloads however it is called. Call it from the service's integration spec with the path of its built
 * main.js, the service's own required variables (e.g. the auth service's signing key) in `extraEnv`, and each string
 * field of its subjects in `textFields`.
 */
export function describeServiceBasics<TConfig extends DatabaseServerConfig>(
  descriptor: ServiceDescriptor<TConfig>,
  mainPath: string,
  extraEnv: Record<string, string> = {},
  { textFields = [] }: ServiceBasicsOptions = {},
): void {
  const { name } = descriptor;
  const subject = HEALTH_CHECK_SUBJECTS[name];

  describe(`${name} service against real PostgreSQL and nats-server`, () => {
    let postgres: TestPostgres;
    let nats: TestNatsServer;
    let service: NodeProcess;
    let probe: BusProbe;
    let port: number;

    beforeAll(async () => {
      [postgres, nats, port] = await Promise.all([startTestPostgres(), startNatsServer(), getFreePort()]);
      const env = {
        ...extraEnv,
        HOST: '127.0.0.1',
        DATABASE_URL: postgres.url,
        NATS_URL: nats.url,
        PORT: String(port),
        LOG_LEVEL: 'fatal',
        BUS_TIMEOUT_MS: '2000',
      };
      await migrateService(descriptor, env);
      // Its own process, as deployed: a service's background work (the notify service's job queue looks for its
      // stopped workers once a second) must not outlive the suite inside Jest's process, where it failed the run.
      service = await startNodeProcess(mainPath, env, `http://127.0.0.1:${port}/health/ready`);
      probe = await connectBusProbe(nats.url);
    });

    afterAll(async () => {
      await probe?.close();
      await service?.stop();
      await Promise.all([nats?.stop(), postgres?.stop()]);
    });

    it('creates its own schema first and records every migration in its own migrations table', async () => {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const { schema, migrations } = descriptor.database;
        const applied = await client.query(`SELECT name FROM "${schema}"."migrations" ORDER BY id`);
        expect(applied.rows).toHaveLength(
          Array.isArray(migrations) ? migrations.length : Object.keys(migrations).length,
        );
        expect(applied.rows[0].name).toMatch(
          new RegExp(`^Create${schema[0].toUpperCase()}${schema.slice(1)}Schema\\d+$`, 'i'),
        );
      } finally {
        await client.end();
      }
    });

    it(`answers ${subject} over NATS with its status and its database status`, async () => {
      const health = await probe.request(subject, {});

      expect(health).toEqual({
        service: name,
        status: 'up',
        database: { status: 'up' },
        checkedAt: expect.any(String),
      });
    });

    it('rejects a message without a correlation id, with VALIDATION_FAILED', async () => {
      const client = createBusClient({
        transport: 'nats',
        natsUrl: nats.url,
        timeoutMs: 2000,
        name: 'raw-test-client',
      });
      try {
        await expect(sendRequest(client, subject, { payload: {} }, 2000)).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          detail: [{ field: 'correlationId', messages: expect.arrayContaining(['correlationId must be a string']) }],
        });
      } finally {
        await client.close();
      }
    });

    it('refuses a control character in the envelope itself, naming the field', async () => {
      await expect(probe.send(subject, { correlationId: 'trace\u0000', payload: {} })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: expect.arrayContaining([
          { field: 'correlationId', messages: [unsafeTextMessage('correlationId', 'control-character')] },
        ]),
      });
    });

    const textCases = textFields.flatMap((field) =>
      HOSTILE_CHARACTERS.map(
        ([name, character, cleaned, kind]) =>
          [field.subject, field.field, name, field, character, cleaned, kind] as const,
      ),
    );
    if (textCases.length > 0) {
      it.each(textCases)(
        '%s payload.%s with %s',
        async (_subject, _field, _name, textField, character, cleanedCharacter, kind) => {
          const [payload, cleaned] = withCharacter(textField.payload(), textField.field, character, cleanedCharacter);
          const answer = probe.send(textField.subject, {
            correlationId: randomUUID(),
            userId: textField.userId,
            payload,
          });
          if (textField.expect === 'refused') {
            const field = `payload.${textField.field}`;
            await expect(answer).rejects.toMatchObject({
              code: 'VALIDATION_FAILED',
              detail: expect.arrayContaining([{ field, messages: [unsafeTextMessage(field, kind)] }]),
            });
            return;
          }
          const result = await answer;
          expect(unsafeTextErrors(result)).toEqual([]);
          if (textField.expect === 'echoed') expect(stringsIn(result).join('\n')).toContain(cleaned);
        },
      );
    }

    it('serves its liveness and readiness probes over HTTP', async () => {
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);

      expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
    });

    it('refuses to start on data a newer release migrated, naming where the backup to restore is', async () => {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      const { schema } = descriptor.database;
      try {
        await client.query(
          `INSERT INTO "${schema}"."migrations" (timestamp, name) VALUES (9999999999999, 'FromTheFuture9999999999999')`,
        );
        const result = spawnSync(process.execPath, [mainPath], {
          env: {
            ...extraEnv,
            PATH: process.env.PATH,
            NATS_URL: nats.url,
            DATABASE_URL: postgres.url,
            PORT: String(await getFreePort()),
          },
          encoding: 'utf8',
          timeout: 30000,
        });

        expect(result.status).toBe(1);
        expect(result.stderr).toContain(
          `The "${schema}" data was migrated by a newer release of Memories (it has FromTheFuture9999999999999`,
        );
        expect(result.stderr).toContain('docs/deploy.md');
      } finally {
        await client.query(`DELETE FROM "${schema}"."migrations" WHERE name = 'FromTheFuture9999999999999'`);
        await client.end();
      }
    });

    it('refuses to boot without a DATABASE_URL, naming it', () => {
      const result = spawnSync(process.execPath, [mainPath], {
        env: { ...extraEnv, PATH: process.env.PATH, NATS_URL: nats.url },
        encoding: 'utf8',
        timeout: 20000,
      });

      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'DATABASE_URL: DATABASE_URL must be a postgres://user:password@host:port/database URL',
      );
    });
  });
}
