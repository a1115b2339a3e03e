/**
 * The answer of a request handler on NATS, in Nest's packet format (`{ response, isDisposed, id }`, which Nest's own
 * client reads too), always written in this one layout, so that a caller that only passes the result on can take its
 * JSON text out of the reply without parsing it (see NatsRequestClient.requestJson).
 */
const RESULT_START = '{"response":';
const resultEnd = (id: string) => `,"isDisposed":true,"id":${JSON.stringify(id)}}`;

const ENCODER = new TextEncoder();

/** The reply packet of a request whose handler answered `resultJson` (the result's JSON text). */
export function encodeResultReply(id: string, resultJson: string): Uint8Array {
  return ENCODER.encode(`${RESULT_START}${resultJson}${resultEnd(id)}`);
}

/** The result's JSON text of a reply written by encodeResultReply for request `id`; undefined for any other reply. */
export function resultJsonOf(reply: string, id: string): string | undefined {
  const end = resultEnd(id);
  if (!reply.startsWith(RESULT_START) || !reply.endsWith(end) || reply.length < RESULT_START.length + end.length + 1)
    return undefined;
  return reply.slice(RESULT_START.length, reply.length - end.length);
}
