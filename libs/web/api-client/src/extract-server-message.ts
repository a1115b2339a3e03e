const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

const errorItemText = (item: unknown): string | undefined =>
  text(item) ?? (isRecord(item) ? text(item.message) : undefined);

/**
 * The message a server put in a failed answer, looked up in the spec's order (section 8):
 * error.detail, message, error, detail, a plain string body, or an errors array joined by ", ".
 */
export function extractServerMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return text(body);
  const { error } = body;
  const direct =
    text(isRecord(error) ? error.detail : undefined) ?? text(body.message) ?? text(error) ?? text(body.detail);
  if (direct) return direct;
  if (!Array.isArray(body.errors)) return undefined;
  const items = body.errors.map(errorItemText).filter((item): item is string => item !== undefined);
  return items.length > 0 ? items.join(', ') : undefined;
}
