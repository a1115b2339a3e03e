import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import {
  ACCOUNT_SECURITY_SUBJECTS,
  SUBJECTS,
  TRANSFER_SUBJECTS,
  USER_EVENTS,
  busInboxPrefix,
  type BusUser,
  type Memory,
} from '@memories/contracts';
import { natsConnectionOptions, type NatsSecurity } from '@memories/nest-common';
import {
  DEPLOYED_NATS_CONFIG,
  NATS_SERVER_CONFIG,
  eventually,
  getFreePort,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { callApi } from './support/api-call';
import { readFileStatus, signUp as signUpAs, uploadImage, type CallAs } from './support/people';
import { startMemoriesSystem, type MemoriesSystem } from './support/memories-system';

// The bus as deployed: nats-server with the settings compose mounts and the in-cluster NATS reads, each part signed
// in as its own user. A foothold on the NATS network must get nowhere: no connection without a part's password, and
// with one part's password nothing that part is not granted (no journal dump, no sign-in, no passkey enrolment, no
// reading of another part's messages).

const REFUSED_WITHIN_MS = 2000;

/** What the server refused a connection, as `publish to "<subject>"` (it stays connected; the message is dropped). */
function permissionErrors(connection: NatsConnection): string[] {
  const errors: string[] = [];
  void (async () => {
    for await (const status of connection.status()) {
      const refused = (status as { permissionContext?: { operation: string; subject: string } }).permissionContext;
      if (refused) errors.push(`${refused.operation} to "${refused.subject}"`);
    }
  })();
  return errors;
}

describe('the bus of the split deployment', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let system: MemoriesSystem;
  const opened: NatsConnection[] = [];

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([
      startTestPostgres(),
      startNatsServer({ config: DEPLOYED_NATS_CONFIG, secured: true }),
    ]);
    system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: 5000,
      credentialsOf: nats.credentialsOf,
    });
  }, 120000);

  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.close()));
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  async function signInAs(user: BusUser, password = nats.passwords?.[user]): Promise<NatsConnection> {
    // The part's own inbox, as its bus client uses: the only one its user may read replies from.
    const connection = await connect({
      servers: nats.url,
      user,
      pass: password,
      inboxPrefix: busInboxPrefix(user),
      reconnect: false,
    });
    opened.push(connection);
    return connection;
  }

  const call: CallAs = <T>(method: string, url: string, who?: { token: string }, body?: unknown) =>
    callApi<T>(system.api, method, url, { token: who?.token, body });
  const signUp = (name: string) => signUpAs(call, name);

  /** A request as a service would send it on behalf of `userId`; refused means no answer ever comes. */
  async function requestAsPart(connection: NatsConnection, subject: string, userId: string): Promise<string> {
    const message = { pattern: subject, id: '1', data: { correlationId: randomUUID(), userId, payload: {} } };
    try {
      await connection.request(subject, JSON.stringify(message), { timeout: REFUSED_WITHIN_MS });
      return 'answered';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  it('refuses a connection without credentials, or with a wrong password', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toMatchObject({
      code: 'AUTHORIZATION_VIOLATION',
    });
    await expect(
      connect({ servers: nats.url, user: 'gateway', pass: 'guessed', reconnect: false }),
    ).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
  });

  it('stops a part whose password NATS refuses at boot, naming the settings to check', async () => {
    const result = spawnSync(process.execPath, [path.resolve(__dirname, '..', '..', 'memory', 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: postgres.url,
        NATS_URL: nats.url,
        NATS_USER: 'memory',
        NATS_PASSWORD: 'guessed',
        PORT: String(await getFreePort()),
      },
      encoding: 'utf8',
      timeout: 30000,
    });

    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'NATS refused to sign this process in as "memory": check NATS_USER and NATS_PASSWORD',
    );
  });

  it('works end to end with every part signed in as itself: write, share, read an image, export', async () => {
    const [owner, friend] = await Promise.all([signUp('Owen Owner'), signUp('Fran Friend')]);
    const image = await uploadImage(call, system.files, owner);
    const created = await callApi<Memory>(system.api, 'POST', '/memories/memory', {
      token: owner.token,
      body: {
        title: 'Harbour',
        date: '2024-05-01',
        contentJson: JSON.stringify({
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'The tide came in.' }] },
            { type: 'image', attrs: { src: image } },
          ],
        }),
        tags: [],
        isDraft: false,
        sharedWith: [friend.id],
      },
    });
    expect(created.status).toBe(201);

    const read = await callApi<Memory>(system.api, 'GET', `/memories/memory/${created.body.data!.id}`, {
      token: friend.token,
    });
    const exported = await fetch(`${system.files}/api/export`, { headers: { authorization: `Bearer ${owner.token}` } });

    expect(read.status).toBe(200);
    expect(await readFileStatus(system.files, image, friend)).toBe(200);
    expect(exported.status).toBe(200);
    expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("lets no service ask for a journal's pages or sign anyone in: only what its own work needs", async () => {
    const victim = await signUp('Vic Victim');
    const memory = await signInAs('memory');
    const errors = permissionErrors(memory);

    expect(await requestAsPart(memory, TRANSFER_SUBJECTS.exportPage, victim.id)).not.toBe('answered');
    expect(await requestAsPart(memory, SUBJECTS.auth.login, victim.id)).not.toBe('answered');
    const upload = await signInAs('upload');
    const uploadErrors = permissionErrors(upload);
    expect(await requestAsPart(upload, ACCOUNT_SECURITY_SUBJECTS.registerPasskey, victim.id)).not.toBe('answered');
    expect(await requestAsPart(upload, ACCOUNT_SECURITY_SUBJECTS.passkeyRegistrationOptions, victim.id)).not.toBe(
      'answered',
    );

    expect(errors.join('\n')).toContain(`publish to "${TRANSFER_SUBJECTS.exportPage}"`);
    expect(errors.join('\n')).toContain(`publish to "${SUBJECTS.auth.login}"`);
    expect(uploadErrors.join('\n')).toContain(`publish to "${ACCOUNT_SECURITY_SUBJECTS.registerPasskey}"`);
  });

  it("lets the gateway neither dump a journal nor announce an account's deletion", async () => {
    const victim = await signUp('Vic Victim');
    const gateway = await signInAs('gateway');
    const errors = permissionErrors(gateway);

    expect(await requestAsPart(gateway, TRANSFER_SUBJECTS.exportPage, victim.id)).not.toBe('answered');
    gateway.publish(USER_EVENTS.deleted, JSON.stringify({ pattern: USER_EVENTS.deleted, data: {} }));
    await gateway.flush();
    const refused = await eventually(
      async () => errors.join('\n'),
      (text) => text.includes(USER_EVENTS.deleted),
    );

    expect(refused).toContain(`publish to "${TRANSFER_SUBJECTS.exportPage}"`);
    expect(refused).toContain(`publish to "${USER_EVENTS.deleted}"`);
    const stillThere = await callApi(system.api, 'GET', '/auth/profile', { token: victim.token });
    expect(stillThere.status).toBe(200);
  });

  it("lets no part read another's requests or replies (passwords and tokens travel there)", async () => {
    const memory = await signInAs('memory');
    const refusals = await Promise.all(
      ['auth.>', `${busInboxPrefix('gateway')}.>`, '>'].map(
        (subject) =>
          new Promise<string>((resolve) => {
            const timer = setTimeout(() => resolve('not refused'), REFUSED_WITHIN_MS);
            memory.subscribe(subject, {
              callback: (error) => {
                clearTimeout(timer);
                resolve(error ? error.message : 'received');
              },
            });
          }),
      ),
    );

    for (const refusal of refusals) expect(refusal).toMatch(/permissions violation for subscription/i);
  });
});

describe('the bus over TLS', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'memories-nats-tls-'));
  const file = (name: string) => path.join(dir, name);
  let tlsServer: TestNatsServer;
  let plainServer: TestNatsServer;

  /** A private CA and a certificate it signed for the server's name, as an operator would make them. */
  function makeCertificates(): void {
    const openssl = (...args: string[]) => {
      const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
    };
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=Test CA');
    openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
    writeFileSync(file('san.cnf'), 'subjectAltName=DNS:localhost\n');
    openssl(
      'x509',
      ...['-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial'],
      ...['-out', 'server.pem', '-days', '1', '-extfile', 'san.cnf'],
    );
  }

  beforeAll(async () => {
    makeCertificates();
    writeFileSync(
      file('nats-server.conf'),
      `${readFileSync(NATS_SERVER_CONFIG, 'utf8')}\ntls {\n  cert_file: "${file('server.pem')}"\n  key_file: "${file('server.key')}"\n}\n`,
    );
    [tlsServer, plainServer] = await Promise.all([
      startNatsServer({ config: file('nats-server.conf') }),
      startNatsServer(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([tlsServer?.stop(), plainServer?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  /** The server by the name its certificate carries, as `tls://`. */
  const tlsUrl = (server: TestNatsServer) => `tls://localhost:${server.port}`;

  /** One connection attempt with the options a part would use; the error code when it fails. */
  async function attempt(url: string, security: NatsSecurity): Promise<string> {
    const options = { ...natsConnectionOptions(security), waitOnFirstConnect: false, reconnect: false };
    try {
      const connection = await connect({ ...options, servers: url });
      const encrypted = (
        connection as unknown as { protocol: { transport: { isEncrypted(): boolean } } }
      ).protocol.transport.isEncrypted();
      await connection.close();
      return encrypted ? 'connected over TLS' : 'connected in clear';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  it('connects over TLS to a server whose certificate NATS_TLS_CA signed', async () => {
    expect(await attempt(tlsUrl(tlsServer), { tls: true, tlsCaFile: file('ca.pem') })).toBe('connected over TLS');
  });

  it('refuses a certificate no trusted CA signed, and a tls:// server that offers no TLS', async () => {
    expect(await attempt(tlsUrl(tlsServer), { tls: true })).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    // nats.js: the server does not offer the option asked for (TLS).
    expect(await attempt(tlsUrl(plainServer), { tls: true })).toBe('SERVER_OPT_NA');
  });
});
