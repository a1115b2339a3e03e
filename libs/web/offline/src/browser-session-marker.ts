const COOKIE = 'memories_browser_session';

/**
 * Marks that this browser session (until the browser closes, like the refresh cookie of a sign-in without "remember
 * me") belongs to a user: a cookie without an expiry, shared by every tab, read only here and never by the server.
 */
export const browserSessionMarker = {
  mark(userId: string): void {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${COOKIE}=${encodeURIComponent(userId)}; Path=/; SameSite=Strict${secure}`;
  },
  isMarked(userId: string): boolean {
    return document.cookie.split('; ').includes(`${COOKIE}=${encodeURIComponent(userId)}`);
  },
};
