import { createECDH } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A Web Push (VAPID, RFC 8292) key pair as `web-push generate-vapid-keys` prints it: unpadded base64url. */
export interface VapidKeyPair {
  /** The uncompressed P-256 point (65 bytes). */
  publicKey: string;
  /** The P-256 private scalar (32 bytes). */
  privateKey: string;
}

const FILE = 'vapid-keys.json';

const PRIVATE_KEY_BYTES = 32;

/**
 * The private scalar in its 32 bytes: ECDH#getPrivateKey drops leading zero bytes (one key in 256 comes out 31 bytes
 * long), and web-push refuses such a key, so push would never work on that instance.
 */
function fullLengthPrivateKey(privateKey: string): string {
  const bytes = Buffer.from(privateKey, 'base64url');
  if (bytes.length >= PRIVATE_KEY_BYTES) return privateKey;
  return Buffer.concat([Buffer.alloc(PRIVATE_KEY_BYTES - bytes.length), bytes]).toString('base64url');
}

/** A new P-256 key pair for signing Web Push messages. */
export function generateVapidKeyPair(): VapidKeyPair {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return {
    publicKey: keys.getPublicKey('base64url'),
    privateKey: fullLengthPrivateKey(keys.getPrivateKey('base64url')),
  };
}

/**
 * The Web Push key pair of the embedded and dev modes, kept like the signing keys: generated once into `dir` (readable
 * by the owner only) and reused, so the browsers' subscriptions stay valid across restarts. Deployed services get
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the environment instead.
 */
export async function loadOrCreateVapidKeyPair(dir: string): Promise<VapidKeyPair> {
  const file = path.join(dir, FILE);
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeyPair>;
    if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string') throw new Error('keys missing');
    // A pair kept before its private key was padded works from now on.
    return { publicKey: kept.publicKey, privateKey: fullLengthPrivateKey(kept.privateKey) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `The Web Push keys in ${file} are unreadable (${(error as Error).message}); delete the file to make new ones ` +
          '(every device then turns notifications on again)',
      );
    }
  }
  const pair = generateVapidKeyPair();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(pair), { mode: 0o600 });
  // The mode of writeFile only applies to new files and is masked by the umask.
  await chmod(file, 0o600);
  return pair;
}
