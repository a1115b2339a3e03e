// Services and tests that import this file through the path alias do not see the lib's own typings otherwise.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./http-ece.d.ts" />
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import type { PushSubscriptionInput } from '@memories/contracts';

export interface ReceivedPush {
  headers: http.IncomingHttpHeaders;
  /** The payload as the browser would see it, decrypted with the subscription's private key (RFC 8291). */
  payload: string;
}

/**
 * A push service and its one browser, on 127.0.0.1: `subscription` is what that browser's `PushSubscription.toJSON()`
 * would give (an endpoint here, a fresh P-256 key and auth secret), and every message POSTed to the endpoint is
 * decrypted (aes128gcm) with the private half, as the browser would, then answered with `status` (201 as push
 * services do; 410 to play a subscription that expired).
 */
export interface PushReceiver {
  subscription: PushSubscriptionInput;
  received: ReceivedPush[];
  status: number;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const authSecret = randomBytes(16);
  const receiver = { received: [] as ReceivedPush[], status: 201 } as PushReceiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const payload = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: keys,
          authSecret,
        });
        receiver.received.push({ headers: request.headers, payload: payload.toString('utf8') });
        response.writeHead(receiver.status).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.subscription = {
    endpoint: `http://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
