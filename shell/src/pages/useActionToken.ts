import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The token of a reset or verification link. Links carry it in the fragment (`#token=...`), which the browser never
 * sends, so it reaches no server's or proxy's access log. Links mailed by the release before carried it in the query
 * string; they still work during this release (a reset link lasts 30 minutes, a verification link a few days).
 */
export function useActionToken(): string {
  const { hash, search } = useLocation();
  const [token] = useState(
    () => new URLSearchParams(hash.slice(1)).get('token') ?? new URLSearchParams(search).get('token') ?? '',
  );
  return token;
}
