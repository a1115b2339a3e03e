// http_ece ships no typings; only what the push receiver uses (RFC 8188 / 8291 decryption).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParameters {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: Buffer;
  }
  const ece: { decrypt(buffer: Buffer, parameters: DecryptParameters): Buffer };
  export default ece;
}
