const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the reader's locale writes it, e.g. "Nov 25, 2026, 8:55 AM". */
export function formatDateTime(iso: string): string {
  return FORMAT.format(new Date(iso));
}
