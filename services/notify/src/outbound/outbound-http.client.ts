import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Injectable } from '@nestjs/common';
import { outsideAnyTrace } from '@memories/nest-common';
import type { OutboundTarget } from './outbound-address';

export interface OutboundAnswer {
  status: number;
}

/** Any answer is read to its end, but no more than this is kept in memory (nothing of it is kept at all). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A DNS lookup that answers the one address already checked, whatever the host name resolves to by now. */
function pinnedLookup(target: OutboundTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs to a checked target (see `resolveOutboundTarget`): connects only to its pinned address (TLS still verifies
 * the host name), follows no redirect (a 3xx is just an answer), and gives up after `timeoutMs` in all, so a
 * receiver that hangs costs one worker that long and nothing else. The caller gives the body's content type.
 */
@Injectable()
export class OutboundHttpClient {
  post(
    target: OutboundTarget,
    body: string | Buffer,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<OutboundAnswer> {
    const transport = target.url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      // Outside any trace: the receiver's URL may hold its secret, and our trace ids are not the receiver's business.
      const request = outsideAnyTrace(() =>
        transport.request(target.url, {
          method: 'POST',
          agent: false,
          lookup: pinnedLookup(target),
          headers: {
            'user-agent': 'Memories/1',
            ...headers,
            'content-length': String(Buffer.byteLength(body)),
          },
        }),
      );
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      request.on('response', (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const settle = () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0 });
        };
        response.on('end', settle);
        response.on('close', settle);
        response.on('error', settle);
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  }
}
