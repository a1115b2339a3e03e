import { encodeResultReply, resultJsonOf } from './nats-reply.packet';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the reply packet of a request handler', () => {
  it("is Nest's packet, which Nest's own client reads", () => {
    const result = { items: [{ title: 'a "quoted" \u2028 é' }], pagination: { page: 0 } };
    expect(JSON.parse(text(encodeResultReply('7', JSON.stringify(result))))).toEqual({
      response: result,
      isDisposed: true,
      id: '7',
    });
  });

  it('gives back the JSON text of the result, as it was written', () => {
    for (const json of ['null', '[]', '{"a":1}', '"x"', JSON.stringify({ id: '7', isDisposed: true })]) {
      expect(resultJsonOf(text(encodeResultReply('7', json)), '7')).toBe(json);
    }
  });

  it('answers undefined for any other reply: an error, another request, another layout', () => {
    const error = JSON.stringify({ err: { code: 'X', message: 'm' }, isDisposed: true, id: '7' });
    expect(resultJsonOf(error, '7')).toBeUndefined();
    expect(resultJsonOf(text(encodeResultReply('7', '1')), '8')).toBeUndefined();
    expect(resultJsonOf(JSON.stringify({ id: '7', response: 1, isDisposed: true }), '7')).toBeUndefined();
    expect(resultJsonOf('{"response":,"isDisposed":true,"id":"7"}', '7')).toBeUndefined();
  });
});
