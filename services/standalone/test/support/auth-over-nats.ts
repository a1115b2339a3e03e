import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { authServiceDescriptor } from '@memories/auth-service';
import { createGatewayApp, loadGatewayConfig } from '@memories/gateway';
import {
  MailSender,
  bootstrapService,
  generateEs256KeyPair,
  migrateService,
  type OutgoingMail,
} from '@memories/nest-common';
import {
  getFreePort,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';

export const CLIENT_HEADERS = { 'x-requested-with': 'memories-web' };
export const REFRESH_COOKIE = 'memories_refresh';

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; message?: string; data: T; error?: { code: string; detail?: unknown } };
  /** The refresh cookie the answer set (or cleared), if any. */
  cookie?: string;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** The refresh token to send as the cookie. */
  refresh?: string;
  headers?: Record<string, string>;
  /** Another gateway of the same system (e.g. one with a strict rate limit). */
  on?: string;
}

export interface AuthOverNats {
  base: string;
  keys: { privateKey: string; publicKey: string };
  /** Every e-mail the auth service sent. */
  mails: OutgoingMail[];
  /** A direct connection to the auth service's database (to age tokens, count rows). */
  db: Client;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  /** Starts one more gateway on the same bus, with other settings (e.g. a rate limit of 3). */
  gateway(env: Record<string, string>): Promise<string>;
  stop(): Promise<void>;
}

export function cookieValue(setCookie: string | undefined): string {
  return setCookie?.split(';')[0].slice(`${REFRESH_COOKIE}=`.length) ?? '';
}

/**
 * The auth service and the gateway as separate Nest apps over a real nats-server, on a real PostgreSQL: the auth
 * API through HTTP as the browser uses it. E-mails are kept in `mails` instead of being sent.
 */
export async function startAuthOverNats(publicUrl = 'http://memories.test'): Promise<AuthOverNats> {
  const keys = generateEs256KeyPair();
  const [postgres, nats]: [TestPostgres, TestNatsServer] = await Promise.all([startTestPostgres(), startNatsServer()]);
  const apps: INestApplication[] = [];
  const serviceEnv = {
    DATABASE_URL: postgres.url,
    NATS_URL: nats.url,
    PORT: String(await getFreePort()),
    LOG_LEVEL: 'fatal',
    AUTH_JWT_PRIVATE_KEY: keys.privateKey,
    PUBLIC_URL: publicUrl,
  };
  await migrateService(authServiceDescriptor, serviceEnv);
  const auth = await bootstrapService(authServiceDescriptor, serviceEnv);
  apps.push(auth);
  const mails: OutgoingMail[] = [];
  // Replaced rather than spied on: the Jest preset restores spies before every test.
  auth.get(MailSender, { strict: false }).send = async (message) => {
    mails.push(message);
  };
  const gatewayEnv = {
    NATS_URL: nats.url,
    LOG_LEVEL: 'fatal',
    AUTH_JWT_PUBLIC_KEY: keys.publicKey,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    TRUST_PROXY_HOPS: '0',
  };
  const gateway = async (env: Record<string, string>) => {
    const app: NestFastifyApplication = await createGatewayApp(loadGatewayConfig({ ...gatewayEnv, ...env }));
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    return app.getUrl();
  };
  const base = await gateway({});
  const db = new Client({ connectionString: postgres.url });
  await db.connect();

  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.refresh !== undefined) headers.cookie = `${REFRESH_COOKIE}=${options.refresh}`;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${options.on ?? base}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${REFRESH_COOKIE}=`));
    return { status: response.status, body: await response.json(), cookie };
  }

  return {
    base,
    keys,
    mails,
    db,
    call,
    gateway,
    async stop() {
      await db.end();
      for (const app of apps.reverse()) await app.close();
      await Promise.all([nats.stop(), postgres.stop()]);
    },
  };
}
