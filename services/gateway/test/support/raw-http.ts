import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  body: string;
}

/** Undoes `Transfer-Encoding: chunked`. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    const size = lineEnd < 0 ? 0 : Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/**
 * One HTTP/1.1 request written byte for byte on a socket. fetch and node:http refuse to send a header value with
 * control characters, so what an attacker's own client can send is only reachable this way.
 */
export function sendRawRequest(
  origin: string,
  method: string,
  path: string,
  headers: Array<[string, Buffer]>,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const head = Buffer.concat([
    Buffer.from(`${method} ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: close\r\n`, 'latin1'),
    ...headers.flatMap(([name, value]) => [Buffer.from(`${name}: `, 'latin1'), value, Buffer.from('\r\n', 'latin1')]),
    Buffer.from('\r\n', 'latin1'),
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const headText = raw.subarray(0, split < 0 ? raw.length : split).toString('latin1');
      const body = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
      const chunked = /^transfer-encoding:\s*chunked/im.test(headText);
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1] ?? 0),
        body: (chunked ? unchunk(body) : body).toString('utf8'),
      });
    });
    socket.write(head);
  });
}
