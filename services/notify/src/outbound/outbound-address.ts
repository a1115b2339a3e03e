import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Where an outbound request may go: the URL, and the one address it connects to (pinned, checked). */
export interface OutboundTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type OutboundRefusal = 'not-http' | 'unresolvable' | 'not-public';

/** A target the instance never calls (the caller turns it into its own answer, e.g. WEBHOOK_URL_REFUSED). */
export class OutboundAddressRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

/** Resolves a host name to every address it has (dns.lookup: what the operating system would connect to). */
export type HostResolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

const resolveWithSystem: HostResolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Only ordinary public unicast addresses: not loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, the cloud metadata address, and fe80::/10), unique-local (fc00::/7), carrier-grade NAT, multicast,
 * broadcast, unspecified, reserved or documentation ranges, nor an IPv6 form that embeds an IPv4 address. ipaddr.js
 * names every special range; what it calls `unicast` is everything else.
 */
function isPublic(address: string): boolean {
  return ipaddr.process(address).range() === 'unicast';
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** `WEBHOOK_ALLOWED_HOSTS` entries (lower case): `host` allows every port of it, `host:port` that port only. */
function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowedHosts.includes(host) || allowedHosts.includes(`${host}:${defaultPort(url)}`);
}

/**
 * The one check of everything that leaves the instance for an address someone typed (webhooks now; push endpoints
 * and mail relays later): an http(s) URL whose host is, and resolves only to, public addresses, unless its
 * `host[:port]` is explicitly allowed. Called when the address is saved AND again before every connection (DNS can
 * change in between); the connection then goes to the address checked here and no other (the caller pins it), so
 * a host that answers DNS differently a moment later cannot redirect it.
 */
export async function resolveOutboundTarget(
  rawUrl: string,
  allowedHosts: readonly string[],
  resolve: HostResolver = resolveWithSystem,
): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundAddressRefused('not-http', 'not a URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    throw new OutboundAddressRefused('not-http', 'only http and https URLs without credentials');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    addresses = await resolve(host).catch(() => []);
    if (addresses.length === 0) throw new OutboundAddressRefused('unresolvable', `${host} does not resolve`);
  }
  // Every address must pass, not just the first: the system may connect to any of them.
  if (!isAllowedHost(url, allowedHosts)) {
    const refused = addresses.find(({ address }) => !isPublic(address));
    if (refused) throw new OutboundAddressRefused('not-public', `${host} is ${refused.address}, not a public address`);
  }
  const [first] = addresses;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
