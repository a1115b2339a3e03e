/** The browser's own time zone (what a reminder should follow unless the person chooses another). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA time zone the browser knows, with the browser's own and the given one surely among them. */
export function knownTimeZones(...also: string[]): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed, 'UTC', browserTimeZone(), ...also])].sort();
}
