import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers each request, by its order (0 for the first); a request it never answers hangs. */
export type Answer = (index: number) => { status: number; headers?: Record<string, string> } | 'hang';

/** A real HTTP receiver on 127.0.0.1 that records every request it gets, and every connection. */
export interface WebhookReceiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  connections: number;
  answer: Answer;
  close(): Promise<void>;
}

export async function startWebhookReceiver(answer: Answer = () => ({ status: 204 })): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver = { requests: [] as ReceivedRequest[], connections: 0, answer } as WebhookReceiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = receiver.requests.length;
      receiver.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = receiver.answer(index);
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(reply.status, reply.headers).end();
    });
  });
  server.on('connection', () => (receiver.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}/hooks/memories`;
  receiver.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
