import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEs256Key } from './pem-key.validator';

export interface PemKeyPair {
  privateKey: string;
  publicKey: string;
}

/** A new ES256 (EC P-256) key pair in PEM. */
export function generateEs256KeyPair(): PemKeyPair {
  return generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

/**
 * The signing key pair of the embedded and dev modes: generated once into `dir` (files readable by the owner
 * only) and reused, so sessions survive a restart. Deployed services get their keys from the environment instead.
 */
export async function loadOrCreateEs256KeyPair(dir: string): Promise<PemKeyPair> {
  const privatePath = path.join(dir, 'jwt-es256-private.pem');
  const publicPath = path.join(dir, 'jwt-es256-public.pem');
  try {
    const [privateKey, publicKey] = await Promise.all([readFile(privatePath, 'utf8'), readFile(publicPath, 'utf8')]);
    parseEs256Key(privateKey, 'private');
    parseEs256Key(publicKey, 'public');
    return { privateKey, publicKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `The signing keys in ${dir} are unreadable or invalid (${(error as Error).message}); delete them to generate new ones`,
      );
    }
  }
  const pair = generateEs256KeyPair();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(privatePath, pair.privateKey, { mode: 0o600 });
  await writeFile(publicPath, pair.publicKey, { mode: 0o600 });
  // The mode of writeFile only applies to new files and is masked by the umask.
  await Promise.all([chmod(privatePath, 0o600), chmod(publicPath, 0o600)]);
  return { privateKey: pair.privateKey, publicKey: pair.publicKey };
}
