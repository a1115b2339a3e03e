import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  /** The upload service's environment for this server (STORAGE_DRIVER=s3 and every S3_* setting). */
  env: Record<string, string>;
  bucket: string;
  directory: string;
  stop(): Promise<void>;
}

/** What a browser on another origin needs: PUT with a Content-Type, GET. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>
<AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

/**
 * An S3-compatible server from npm on 127.0.0.1 (no MinIO can be installed here), with the bucket and its CORS
 * rule. Known gap: s3rver checks expiry but not the V4 signature of presigned URLs (MinIO and S3 do).
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const bucket = 'memories';
  const directory = await mkdtemp(path.join(tmpdir(), 'memories-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  return {
    bucket,
    directory,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: '127.0.0.1',
      S3_PORT: String(port),
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
