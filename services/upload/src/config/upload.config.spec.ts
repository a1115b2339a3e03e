import { generateEs256KeyPair } from '@memories/nest-common';
import { loadUploadConfig } from './upload.config';

const { publicKey, privateKey } = generateEs256KeyPair();
const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories', AUTH_JWT_PUBLIC_KEY: publicKey };

describe('upload service configuration', () => {
  it('stores files on the local disk by default', () => {
    expect(loadUploadConfig(base)).toMatchObject({
      PORT: 3003,
      STORAGE_DRIVER: 'local',
      STORAGE_LOCAL_DIR: './.data/uploads',
    });
  });

  it('requires every S3 setting when the s3 driver is chosen, naming each missing one', () => {
    expect(() => loadUploadConfig({ ...base, STORAGE_DRIVER: 's3', S3_ENDPOINT: 'minio' })).toThrow(
      /S3_ACCESS_KEY[\s\S]*S3_SECRET_KEY[\s\S]*S3_BUCKET[\s\S]*S3_REGION/,
    );
  });

  it('reads S3_USE_SSL as a boolean and rejects anything but true or false', () => {
    const s3 = {
      ...base,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'minio',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
      S3_BUCKET: 'c',
      S3_REGION: 'd',
    };

    expect(loadUploadConfig({ ...s3, S3_USE_SSL: 'false', S3_PORT: '9000' })).toMatchObject({
      S3_USE_SSL: false,
      S3_PORT: 9000,
    });
    expect(() => loadUploadConfig({ ...s3, S3_USE_SSL: 'yes' })).toThrow('S3_USE_SSL');
  });

  it('needs the auth service public key to read the media cookie, and refuses the private key in its place', () => {
    expect(() => loadUploadConfig({ DATABASE_URL: base.DATABASE_URL })).toThrow('AUTH_JWT_PUBLIC_KEY');
    expect(() => loadUploadConfig({ ...base, AUTH_JWT_PUBLIC_KEY: privateKey })).toThrow('AUTH_JWT_PUBLIC_KEY');
  });

  it('accepts a public S3 origin for presigned URLs and sweeps every 15 minutes unless told otherwise', () => {
    expect(loadUploadConfig({ ...base, S3_PUBLIC_URL: 'http://localhost:9000' })).toMatchObject({
      S3_PUBLIC_URL: 'http://localhost:9000',
      UPLOAD_SWEEP_INTERVAL_SECONDS: 900,
    });
    expect(() => loadUploadConfig({ ...base, S3_PUBLIC_URL: 'minio:9000' })).toThrow('S3_PUBLIC_URL');
  });

  it('rejects an unknown storage driver by name', () => {
    expect(() => loadUploadConfig({ ...base, STORAGE_DRIVER: 'ftp' })).toThrow(
      'STORAGE_DRIVER: STORAGE_DRIVER must be one of the following values: local, s3',
    );
  });
});
