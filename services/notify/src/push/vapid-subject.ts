/**
 * Whom push services may contact about this sender (RFC 8292's `sub`): VAPID_SUBJECT, else PUBLIC_URL when it is an
 * https: URL. Push services and the `web-push` library take only https: and mailto:, so an instance on plain http
 * (`npm start` on localhost, a LAN address) signs with a mailto: at its own host rather than send no push at all.
 */
export function vapidSubjectOf(config: { VAPID_SUBJECT?: string; PUBLIC_URL: string }): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const publicUrl = new URL(config.PUBLIC_URL);
  return publicUrl.protocol === 'https:' ? config.PUBLIC_URL : `mailto:memories@${publicUrl.hostname}`;
}
