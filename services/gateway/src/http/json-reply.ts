/**
 * An answer whose JSON text is already written: a service's result passed on inside the success envelope, neither
 * parsed nor written again (a list page is ~17 KB of JSON; parsing and writing it again cost the gateway ~60 µs of
 * CPU per request). The gateway's Fastify sends the text as it is (see serializeReply); any other serializer still
 * gets the same JSON from toJSON.
 */
export class JsonReply<TBody> {
  /** What the text holds, for the types only. */
  declare readonly body?: TBody;

  constructor(readonly json: string) {}

  toJSON(): TBody {
    return JSON.parse(this.json) as TBody;
  }
}

/**
 * The gateway's Fastify reply serializer: what Fastify does by default (no route has a response schema), except for a
 * JsonReply.
 */
export function serializeReply(payload: unknown): string {
  return payload instanceof JsonReply ? payload.json : JSON.stringify(payload);
}
