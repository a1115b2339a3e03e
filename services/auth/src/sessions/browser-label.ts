import Bowser from 'bowser';

const UNKNOWN_BROWSER = 'Unknown browser';

/** "Chrome on Linux", "Safari on iOS"...: how the sessions list names a device, from its User-Agent header. */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return UNKNOWN_BROWSER;
  return os.name ? `${browser.name} on ${os.name}` : browser.name;
}
