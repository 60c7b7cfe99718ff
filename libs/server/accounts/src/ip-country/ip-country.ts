import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** The country of a client address, or unknown. */
export interface IpCountryLookup {
  /** ISO 3166-1 alpha-2 in lower case (`de`), or undefined when the address has no country. */
  countryOf(ip: string): string | undefined;
}

/**
 * Addresses that never locate a person: loopback, private, shared (carrier-grade NAT), link-local, documentation,
 * benchmarking, multicast and reserved ranges (RFC 6890), and for IPv6 everything outside global unicast 2000::/3
 * plus the IETF, documentation and 6to4 blocks inside it. Proxies and tests live here; their requests count as unknown.
 */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  const v4: Array<[string, number]> = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  // IPv6 outside 2000::/3 is refused by isPublicIp itself: a BlockList rule over ::/3 would also catch every IPv4
  // address (it matches them as ::ffff:a.b.c.d).
  for (const [network, prefix] of [
    ['2001::', 23],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['3fff::', 20],
  ] as Array<[string, number]>)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/** The 8 hextets of an IPv6 address (with an embedded dotted quad read as two), or undefined when it is not one. */
function hextets(ip: string): number[] | undefined {
  if (!isIPv6(ip)) return undefined;
  let text = ip.split('%')[0] ?? '';
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((h) => parseInt(h, 16));
}

/**
 * The address as it is located: an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, `::ffff:c000:201`) is its IPv4
 * address; anything else is returned as it is, or undefined when it is not an IP address at all.
 */
export function canonicalIp(ip: string): string | undefined {
  const trimmed = ip.trim();
  if (isIPv4(trimmed)) return trimmed;
  const parts = hextets(trimmed);
  if (!parts) return undefined;
  const mapped = parts.slice(0, 5).every((h) => h === 0) && parts[5] === 0xffff;
  if (!mapped) return trimmed;
  const [hi = 0, lo = 0] = parts.slice(6);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** Whether an address can locate a person: a public IPv4 or global unicast IPv6 address (mapped ones as IPv4). */
export function isPublicIp(ip: string): boolean {
  const address = canonicalIp(ip);
  if (!address) return false;
  if (isIPv4(address)) return !NOT_PUBLIC.check(address, 'ipv4');
  const first = hextets(address)?.[0] ?? 0;
  return (first & 0xe000) === 0x2000 && !NOT_PUBLIC.check(address, 'ipv6');
}

/** The part of geoip-country's API used here (the package ships no types). */
interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

let geoip: GeoipCountry | undefined;

/**
 * The default lookup: MaxMind GeoLite2 country data shipped inside the geoip-country package, read from its own folder
 * (offline; about 7 MB loaded on first use, lookups take about a microsecond). Addresses that are not public are
 * unknown without asking it: the database would place some of them (`::ffff:7f00:1` as the United States).
 */
export function geoipCountryLookup(): IpCountryLookup {
  return {
    countryOf(ip) {
      const address = canonicalIp(ip);
      if (!address || !isPublicIp(address)) return undefined;
      geoip ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
      const code = geoip.lookup(address)?.country;
      return code && /^[A-Z]{2}$/.test(code) ? code.toLowerCase() : undefined;
    },
  };
}

/**
 * A lookup from a fixed table (tests, or a site that knows its clients' countries): keys are addresses as the server
 * sees them, values ISO codes in any case. Anything not in the table is unknown; the table may place test addresses
 * (127.0.0.x) that the default lookup never would.
 */
export function fixedIpCountryLookup(table: Readonly<Record<string, string>>): IpCountryLookup {
  const entries = new Map(Object.entries(table).map(([ip, country]) => [canonicalIp(ip) ?? ip, country.toLowerCase()]));
  return { countryOf: (ip) => entries.get(canonicalIp(ip) ?? ip) };
}
