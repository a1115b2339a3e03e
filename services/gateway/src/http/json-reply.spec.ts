import type { Pagination } from '@memories/contracts';
import type { JsonText } from '@memories/nest-common';
import { ok, okJson, pageJson } from './api-response.util';
import { JsonReply, serializeReply } from './json-reply';

const items = [
  { id: 'a', title: 'Quote " and \u2028 and é', tags: ['x'] },
  { id: 'b', title: '', tags: [] },
];
const pagination: Pagination = {
  currentPage: 0,
  pageSize: 10,
  totalPages: 1,
  totalElements: 2,
  hasPrevious: false,
  hasNext: false,
};
const asJson = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

describe('answers passed on as the JSON text they came in', () => {
  it('sends the same bytes as the envelope written from the parsed result', () => {
    expect(serializeReply(okJson(asJson(items)))).toBe(JSON.stringify(ok(items)));
    expect(serializeReply(okJson(asJson(null)))).toBe(JSON.stringify(ok(null)));
    expect(serializeReply(pageJson(asJson({ items, pagination })))).toBe(JSON.stringify(ok(items, { pagination })));
  });

  it('puts a page whose JSON does not start with its items into the same envelope', () => {
    const reordered = `{"pagination":${JSON.stringify(pagination)},"items":${JSON.stringify(items)}}` as JsonText<{
      items: typeof items;
      pagination: typeof pagination;
    }>;
    expect(serializeReply(pageJson(reordered))).toBe(JSON.stringify(ok(items, { pagination })));
  });

  it("keeps what a page says besides its items and pagination (a search's suggestion and limit) next to the pagination", () => {
    const search = { items, pagination, limited: true, suggestion: 'café' };
    const expected = JSON.stringify({ ...ok(items, { pagination }), limited: true, suggestion: 'café' });
    expect(serializeReply(pageJson(asJson(search)))).toBe(expected);
    const reordered = `{"limited":true,"pagination":${JSON.stringify(pagination)},"suggestion":"café","items":${JSON.stringify(items)}}`;
    expect(JSON.parse(serializeReply(pageJson(reordered as JsonText<typeof search>)))).toEqual(JSON.parse(expected));
  });

  it('gives the same JSON to a serializer that does not know it, and serializes anything else as Fastify does', () => {
    expect(JSON.stringify(okJson(asJson(items)))).toBe(JSON.stringify(ok(items)));
    expect(serializeReply({ success: false, message: 'm' })).toBe('{"success":false,"message":"m"}');
    expect(new JsonReply('[1]').json).toBe('[1]');
  });
});
