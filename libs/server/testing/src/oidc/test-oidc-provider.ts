import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { stopChild } from '../child-process.util';
import { getFreePort } from '../free-port';

/** A client registered at the provider, in its own metadata names. */
export interface TestOidcClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post' | 'none';
}

/** Someone who can sign in at the provider, and what it says about them (sub is the login). */
export interface TestOidcAccount {
  claims: Record<string, unknown>;
  /** Checked when set; any password signs in otherwise. */
  password?: string;
}

export interface TestOidcProviderOptions {
  clients: TestOidcClient[];
  /** By login name. */
  accounts?: Record<string, TestOidcAccount>;
  /** Any login name signs in (with no claims but `sub`), not only the accounts listed. */
  anyLogin?: boolean;
  /** The client authentication methods the provider supports (and advertises); all of them by default. */
  clientAuthMethods?: Array<'client_secret_basic' | 'client_secret_post' | 'none'>;
  /** Keep the claims of the scopes out of the ID token, for the userinfo endpoint only (OIDC's strict default). */
  claimsInUserInfoOnly?: boolean;
  /** The port to listen on (a free one by default): a test may reserve it before the provider runs. */
  port?: number;
}

/** How the provider spoils the ID token it answers at the token endpoint, like a broken or hostile provider. */
export type IdTokenTamper = 'none' | 'signature' | 'issuer' | 'audience' | 'expired' | 'nonce';

export interface TestOidcProvider {
  /** http://127.0.0.1:<port>, its issuer identifier. */
  issuer: string;
  port: number;
  /** Every ID token from now on is spoiled this way ('none' to stop). */
  tamper(mode: IdTokenTamper): Promise<void>;
  /** Stops the provider; `start` brings it back on the same port (new signing keys, no sessions). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

// The same path from src/oidc and dist/oidc. The script lives outside src: compiled, it would be written to this
// file's own output (dist/oidc/test-oidc-provider.js) at the same time, and the build's result would be either.
const SCRIPT = path.join(__dirname, '..', '..', 'bin', 'test-oidc-provider.mjs');

async function launch(settings: TestOidcProviderOptions & { port: number }, timeoutMs = 20000): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { PATH: process.env.PATH, TEST_OIDC_PROVIDER: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the OpenID provider did not start:\n${output}`)), timeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the OpenID provider exited with ${code}:\n${output}`));
    });
  });
  return child;
}

/** Starts a real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 in a process of its own. */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const port = options.port ?? (await getFreePort());
  const settings = { ...options, port };
  let child: ChildProcess | undefined = await launch(settings);
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    port,
    tamper: async (mode) => {
      const answer = await fetch(`${issuer}/__test/tamper`, { method: 'POST', body: new URLSearchParams({ mode }) });
      if (answer.status !== 204) throw new Error(`the provider did not take the tamper mode ${mode}`);
    },
    stop: async () => {
      if (child) await stopChild(child);
      child = undefined;
    },
    start: async () => {
      child ??= await launch(settings);
    },
  };
}
