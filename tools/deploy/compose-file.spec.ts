/** The real docker-compose.yml: valid against the Compose Specification and consistent with the topology. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComposeFile } from './compose-consistency.check';
import { checkComposeFile, composeVariables } from './compose-consistency.check';
import { validateComposeDocument } from './compose-schema.validator';
import { checkProxyStoredFileHeaders } from './stored-files-headers.check';
import { repoRoot } from './deploy-topology';
import { parseYamlDocuments } from './yaml-documents.util';

const composeText = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
const load = (): ComposeFile => parseYamlDocuments(composeText, 'docker-compose.yml')[0] as ComposeFile;

describe('docker-compose.yml', () => {
  it('passes the Compose Specification schema', () => {
    expect(validateComposeDocument(load())).toEqual([]);
  });

  it('runs every service and app with its build, environment, health check and start order, behind one proxy', () => {
    expect(checkComposeFile(load(), repoRoot)).toEqual([]);
  });

  it('answers the files of the bucket path inert (nosniff, a sandbox CSP), as the Ingress does', () => {
    const proxyConfig = readFileSync(path.join(repoRoot, 'tools', 'deploy', 'proxy', 'nginx.conf'), 'utf8');
    expect(checkProxyStoredFileHeaders(proxyConfig)).toEqual([]);
    expect(
      checkProxyStoredFileHeaders(proxyConfig.replace('add_header X-Content-Type-Options nosniff always;', '')),
    ).toEqual(['proxy: location /memories-files/ must add X-Content-Type-Options to every answer']);
  });

  it('asks .env for secrets only; everything else has a default', () => {
    const required = composeVariables(composeText).filter((variable) => variable.required);
    expect(required.map((variable) => variable.name).sort()).toEqual([
      'AUTH_JWT_PRIVATE_KEY',
      'AUTH_JWT_PUBLIC_KEY',
      'MINIO_ROOT_PASSWORD',
      'NATS_AUTH_PASSWORD',
      'NATS_GATEWAY_PASSWORD',
      'NATS_MEMORY_PASSWORD',
      'NATS_NOTIFY_PASSWORD',
      'NATS_UPLOAD_PASSWORD',
      'POSTGRES_PASSWORD',
      'S3_SECRET_KEY',
      'UPLOAD_SIGNING_SECRET',
    ]);
    const optional = composeVariables(composeText).filter((variable) => !variable.required);
    expect(optional.filter((variable) => variable.defaultValue === undefined)).toEqual([]);
  });
});

describe('the compose checks', () => {
  it('report a service without its database address', () => {
    const broken = load();
    delete (broken.services.auth.environment as Record<string, string>).DATABASE_URL;
    expect(checkComposeFile(broken, repoRoot)).toEqual([
      'auth: environment lacks DATABASE_URL (read by DatabaseServerConfig)',
      'auth: DATABASE_URL must point at the postgres service',
    ]);
  });

  it('report a secret written into the file instead of read from .env', () => {
    const broken = load();
    broken.services.upload.environment = {
      ...(broken.services.upload.environment as Record<string, string>),
      S3_SECRET_KEY: 'memories-upload-secret',
    };
    expect(checkComposeFile(broken, repoRoot)).toEqual([
      'upload-migrate: must have the environment of upload',
      'upload: S3_SECRET_KEY must come from .env as ${VAR:?message} (or ${VAR:-} when optional)',
    ]);
  });

  it('report NATS or PostgreSQL reachable beyond the services, and a part that signs in to NATS as another', () => {
    const broken = load();
    broken.services.postgres.networks = ['backend', 'default'];
    broken.services.nats.ports = ['4222:4222'];
    broken.services.memory.environment = {
      ...(broken.services.memory.environment as Record<string, string>),
      NATS_USER: 'gateway',
    };
    expect(checkComposeFile(broken, repoRoot)).toEqual([
      'memory-migrate: must have the environment of memory',
      'postgres: must be on the backend network only',
      'nats: must publish no port',
      'memory: NATS_USER must be memory',
    ]);
  });

  it('report a missing app and a dependency on a service that is not there', () => {
    const broken = load();
    delete broken.services['remote-viewer'];
    expect(checkComposeFile(broken, repoRoot)).toEqual([
      'service remote-viewer is missing',
      'proxy: depends on remote-viewer, which is not a service',
    ]);
  });

  it('report a service that waits for a health check that does not exist', () => {
    const broken = load();
    delete broken.services.nats.healthcheck;
    expect(checkComposeFile(broken, repoRoot)).toEqual(
      expect.arrayContaining([
        'nats: needs a healthcheck',
        'gateway: waits for nats to be healthy, which has no healthcheck',
      ]),
    );
  });

  it('report a bucket origin that is not the public origin, and a proxy that passes the bucket path to another store', () => {
    const broken = load();
    const upload = {
      ...(broken.services.upload.environment as Record<string, string>),
      S3_PUBLIC_URL: 'http://localhost:9000',
      S3_PORT: '9001',
    };
    broken.services.upload.environment = upload;
    broken.services['upload-migrate'].environment = upload;
    expect(checkComposeFile(broken, repoRoot)).toEqual([
      'auth PUBLIC_URL = ${PUBLIC_URL:-http://localhost:8080}, upload S3_PUBLIC_URL = http://localhost:9000: must be one value (presigned URLs are signed for the public origin, which proxies the bucket path (one origin: CSP self, no CORS))',
      'proxy: /memories-files/users/0b6f/8c1e.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=x must go to http://minio:9001 (goes to http://minio:9000)',
    ]);
  });

  it("report a memory service whose file prefix is not the upload service's", () => {
    const broken = load();
    const memory = { ...(broken.services.memory.environment as Record<string, string>), FILE_URL_PREFIX: '' };
    broken.services.memory.environment = memory;
    broken.services['memory-migrate'].environment = memory;
    expect(checkComposeFile(broken, repoRoot)).toEqual([
      'memory FILE_URL_PREFIX must be /api/files/ (content images must be the files the upload service serves there (the routing contract)), found (empty)',
    ]);
  });
});
