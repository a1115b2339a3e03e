import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { replyToClientError } from './framework-error.reply';

/** Writes raw bytes to the server and reads the whole answer (the server closes the connection). */
function rawExchange(server: Server, request: Buffer): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
  });
}

describe('replyToClientError', () => {
  let server: Server;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('route'));
    server.on('clientError', replyToClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a header with a control character with 400 and the failure envelope', async () => {
    const answer = await rawExchange(
      server,
      Buffer.from('GET / HTTP/1.1\r\nhost: x\r\nx-name: a\u0000b\r\n\r\n', 'latin1'),
    );

    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('content-type: application/json');
    expect(JSON.parse(body)).toEqual({
      success: false,
      message: 'The request is malformed (e.g. a control character in a header)',
      error: { code: 'MALFORMED_REQUEST' },
    });
  });

  it('answers headers over the size limit with 431 and the failure envelope', async () => {
    const answer = await rawExchange(
      server,
      Buffer.from(`GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'x'.repeat(20_000)}\r\n\r\n`, 'latin1'),
    );

    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toMatchObject({
      success: false,
      message: 'The request headers are too large',
    });
  });
});
