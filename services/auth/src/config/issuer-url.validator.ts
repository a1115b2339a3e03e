import { isIP } from 'node:net';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Host names that are this machine: a provider there is reached without crossing a network. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

/**
 * Whether an OpenID issuer may be used: https, or http only on a loopback address (a provider in the tests or on
 * the same machine), since everything the provider says about who signs in travels over it. No credentials, query
 * or fragment (an issuer identifier has none).
 */
export function isAcceptableIssuerUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

export function IsIssuerUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIssuerUrl',
      validator: {
        validate: isAcceptableIssuerUrl,
        defaultMessage: (args) =>
          `${args?.property ?? 'OIDC_ISSUER'} must be an https:// URL (http:// only on localhost or 127.0.0.1)`,
      },
    },
    options,
  );
}
