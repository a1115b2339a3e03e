import type { ApiSuccess, Pagination } from '@memories/contracts';
import type { JsonText } from '@memories/nest-common';
import { JsonReply } from './json-reply';

/** The success envelope of every gateway answer. */
export function ok<TData>(data: TData, extras: { message?: string; pagination?: Pagination } = {}): ApiSuccess<TData> {
  return { success: true, data, ...extras };
}

/** ok() around a result passed on as the JSON text it came in. */
export function okJson<TData>(data: JsonText<TData>): JsonReply<ApiSuccess<TData>> {
  return new JsonReply(`{"success":true,"data":${data}}`);
}

const ITEMS_START = '{"items":';

/**
 * A page the service answered as `{ items, pagination, ...info }` JSON, in the envelope
 * `{ success, data: items, pagination, ...info }` as ok(items, { pagination }) and the info after it write it: the
 * service's text with its first key renamed. (A search page carries its own information next to the pagination.)
 */
export function pageJson<TItem, TInfo extends object = object>(
  page: JsonText<{ items: TItem[]; pagination: Pagination } & TInfo>,
): JsonReply<ApiSuccess<TItem[]> & TInfo> {
  if (page.startsWith(ITEMS_START)) return new JsonReply(`{"success":true,"data":${page.slice(ITEMS_START.length)}`);
  const { items, pagination, ...info } = JSON.parse(page) as { items: TItem[]; pagination: Pagination };
  return new JsonReply(JSON.stringify({ ...ok(items, { pagination }), ...info }));
}
