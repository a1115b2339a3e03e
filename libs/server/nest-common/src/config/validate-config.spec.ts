import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IsString, MinLength, ValidateIf } from 'class-validator';
import { ConfigValidationError } from './config-validation.error';
import { DatabaseServerConfig } from './server.config';
import { validateConfig } from './validate-config';

class ExampleConfig extends DatabaseServerConfig {
  override PORT = 3001;

  @ValidateIf((config: ExampleConfig) => config.MODE === 'remote')
  @IsString()
  @MinLength(32)
  API_SECRET_KEY?: string;

  @IsString()
  MODE = 'local';
}

const valid = { DATABASE_URL: 'postgres://user:pw@127.0.0.1:5432/memories' };

function problemsOf(env: Record<string, string | undefined>): string {
  try {
    validateConfig(ExampleConfig, env);
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.message;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('validateConfig', () => {
  it('applies the defaults of every variable that is not set', () => {
    const config = validateConfig(ExampleConfig, valid);

    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3001,
      LOG_LEVEL: 'log',
      BUS_TRANSPORT: 'nats',
      NATS_URL: 'nats://127.0.0.1:4222',
      BUS_TIMEOUT_MS: 5000,
      DATABASE_POOL_SIZE: 10,
    });
  });

  it('converts numbers and treats empty values as unset', () => {
    const config = validateConfig(ExampleConfig, { ...valid, PORT: '4000', BUS_TIMEOUT_MS: '', HOST: '0.0.0.0' });

    expect(config.PORT).toBe(4000);
    expect(config.BUS_TIMEOUT_MS).toBe(5000);
    expect(config.HOST).toBe('0.0.0.0');
  });

  it('keeps only the variables the class declares', () => {
    const config = validateConfig(ExampleConfig, { ...valid, PATH: '/usr/bin' });

    expect(config).not.toHaveProperty('PATH');
  });

  it('fails with the name of a bad variable and the value given', () => {
    expect(problemsOf({ ...valid, PORT: 'eighty' })).toContain('PORT: PORT must be an integer number');
    expect(problemsOf({ ...valid, PORT: 'eighty' })).toContain('got "eighty"');
    expect(problemsOf({ ...valid, DATABASE_POOL_SIZE: '0' })).toContain(
      'DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must not be less than 1',
    );
    expect(problemsOf({ ...valid, BUS_TRANSPORT: 'kafka' })).toContain(
      'BUS_TRANSPORT: BUS_TRANSPORT must be one of the following values: nats, in-process',
    );
  });

  it('names a required variable that is missing', () => {
    expect(problemsOf({})).toContain(
      'DATABASE_URL: DATABASE_URL must be a postgres://user:password@host:port/database URL (it is not set)',
    );
  });

  it('lists every problem at once', () => {
    const message = problemsOf({ PORT: '0', LOG_LEVEL: 'loud' });

    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(3);
  });

  it('never echoes a secret or the password of a database URL', () => {
    const message = problemsOf({ ...valid, MODE: 'remote', API_SECRET_KEY: 'hunter2' });
    expect(message).toContain(
      'API_SECRET_KEY: API_SECRET_KEY must be longer than or equal to 32 characters (value hidden)',
    );
    expect(message).not.toContain('hunter2');
    expect(problemsOf({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).toContain('got "mysql://***@db/x"');
  });

  describe('values from files (NAME_FILE, as Docker and Kubernetes secrets are mounted)', () => {
    let folder: string;
    beforeEach(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'config-files-'));
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    let files = 0;
    const secretFile = (content: string) => {
      const file = path.join(folder, `secret-${(files += 1)}`);
      writeFileSync(file, content);
      return file;
    };

    it('reads a declared variable from the file NAME_FILE names, without its final line break', () => {
      const config = validateConfig(ExampleConfig, {
        MODE: 'remote',
        DATABASE_URL_FILE: secretFile('postgres://user:pw@db:5432/memories\n'),
        API_SECRET_KEY_FILE: secretFile('k'.repeat(40)),
      });

      expect(config.DATABASE_URL).toBe('postgres://user:pw@db:5432/memories');
      expect(config).not.toHaveProperty('DATABASE_URL_FILE');
    });

    it('validates a value read from a file like any other', () => {
      expect(problemsOf({ ...valid, MODE: 'remote', API_SECRET_KEY_FILE: secretFile('short\n') })).toContain(
        'API_SECRET_KEY: API_SECRET_KEY must be longer than or equal to 32 characters (value hidden)',
      );
    });

    it('refuses a variable set both ways, and a file it cannot read', () => {
      expect(problemsOf({ ...valid, DATABASE_URL_FILE: secretFile(valid.DATABASE_URL) })).toContain(
        'DATABASE_URL: set DATABASE_URL or DATABASE_URL_FILE, not both',
      );
      expect(problemsOf({ DATABASE_URL_FILE: path.join(folder, 'missing') })).toContain(
        `DATABASE_URL_FILE: cannot read ${path.join(folder, 'missing')} (ENOENT)`,
      );
    });

    it('reads no file for a variable the class does not declare', () => {
      const config = validateConfig(ExampleConfig, { ...valid, UNRELATED_FILE: path.join(folder, 'missing') });

      expect(config).not.toHaveProperty('UNRELATED');
    });
  });

  describe('the NATS sign-in and TLS settings', () => {
    const readable = __filename;

    it('take a user with a password, or a user with a credentials file, and TLS files this process can read', () => {
      expect(validateConfig(ExampleConfig, { ...valid, NATS_USER: 'memory', NATS_PASSWORD: 's3cret' })).toMatchObject({
        NATS_USER: 'memory',
        NATS_PASSWORD: 's3cret',
      });
      expect(
        validateConfig(ExampleConfig, {
          ...valid,
          NATS_USER: 'memory',
          NATS_CREDS: readable,
          NATS_TLS_CA: readable,
          NATS_TLS_CERT: readable,
          NATS_TLS_KEY: readable,
        }),
      ).toMatchObject({ NATS_CREDS: readable, NATS_TLS_CA: readable });
    });

    it('refuse half a sign-in, two ways of signing in, and files that cannot be read, never showing the password', () => {
      expect(problemsOf({ ...valid, NATS_USER: 'memory' })).toContain(
        'NATS_USER: NATS_USER needs NATS_PASSWORD or NATS_CREDS to be set as well',
      );
      const orphan = problemsOf({ ...valid, NATS_PASSWORD: 'hunter2' });
      expect(orphan).toContain('NATS_PASSWORD: NATS_PASSWORD needs NATS_USER to be set as well (value hidden)');
      expect(orphan).not.toContain('hunter2');
      expect(problemsOf({ ...valid, NATS_USER: 'memory', NATS_PASSWORD: 'x', NATS_CREDS: readable })).toContain(
        'NATS_PASSWORD and NATS_CREDS cannot both be set: choose one',
      );
      expect(problemsOf({ ...valid, NATS_TLS_CA: '/nonexistent/ca.pem' })).toContain(
        'NATS_TLS_CA: NATS_TLS_CA must be the path of a file this process can read (got "/nonexistent/ca.pem")',
      );
      expect(problemsOf({ ...valid, NATS_TLS_CERT: readable })).toContain(
        'NATS_TLS_CERT: NATS_TLS_CERT needs NATS_TLS_KEY to be set as well',
      );
      expect(problemsOf({ ...valid, NATS_USER: 'memory', NATS_PASSWORD: 'say "hi"' })).toContain(
        'NATS_PASSWORD: NATS_PASSWORD may hold neither double quotes nor backslashes (value hidden)',
      );
      expect(problemsOf({ ...valid, NATS_USER: 'mem ory', NATS_PASSWORD: 'x' })).toContain(
        'NATS_USER must be a user name of letters, digits, "-" and "_"',
      );
    });
  });
});
