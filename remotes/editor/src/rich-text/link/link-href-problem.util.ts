import { ALLOWED_LINK_SCHEMES, isAllowedLinkHref } from '@memories/editor-schema';

/** Why the link modal refuses a URL, or null when it can be added (spec section 5: non-empty, allowed schemes). */
export function linkHrefProblem(url: string): string | null {
  const href = url.trim();
  if (href === '') return 'Enter a URL.';
  if (isAllowedLinkHref(href)) return null;
  return `Links must start with ${ALLOWED_LINK_SCHEMES.map((scheme) => `${scheme}:`).join(', ')} (for example https://example.com).`;
}
