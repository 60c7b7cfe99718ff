import { describe, expect, it } from 'vitest';
import { canonicalIp, fixedIpCountryLookup, geoipCountryLookup, isPublicIp } from './ip-country';

describe('geoipCountryLookup: the real geoip-country data, offline', () => {
  const lookup = geoipCountryLookup();

  it.each([
    ['194.25.0.1', 'de', 'Deutsche Telekom'],
    ['212.227.0.1', 'de', '1&1 IONOS'],
    ['80.120.0.1', 'at', 'A1 Telekom Austria'],
    ['193.170.0.1', 'at', 'ACOnet'],
    ['77.88.8.8', 'ru', 'Yandex DNS'],
    ['8.8.8.8', 'us', 'Google DNS'],
    ['2a01:4f8::1', 'de', 'Hetzner (IPv6)'],
  ])('places %s in %s (%s)', (ip, country) => {
    expect(lookup.countryOf(ip)).toBe(country);
  });

  it('places an IPv4-mapped IPv6 address as its IPv4 address, in both spellings', () => {
    expect(lookup.countryOf('::ffff:80.120.0.1')).toBe('at');
    expect(lookup.countryOf('::FFFF:5078:1')).toBe('at');
    expect(lookup.countryOf('0:0:0:0:0:ffff:c219:1')).toBe('de');
  });

  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.1.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '0.0.0.0',
    '255.255.255.255',
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '2001:db8::1',
    '64:ff9b::5078:1',
    '2002:5078:1::1',
    // Mapped private and loopback addresses: the database itself answers 'US' for ::ffff:7f00:1.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.0.1',
    '::ffff:c0a8:101',
    'not an ip',
    '',
    '1.2.3',
  ])('does not locate %j (unknown)', (ip) => {
    expect(lookup.countryOf(ip)).toBeUndefined();
  });
});

describe('isPublicIp and canonicalIp', () => {
  it('reads mapped addresses as IPv4 and leaves others as they are', () => {
    expect(canonicalIp('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(canonicalIp('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(canonicalIp('2a01:4f8::1')).toBe('2a01:4f8::1');
    expect(canonicalIp('nonsense')).toBeUndefined();
  });

  it('tells public from loopback, private and reserved addresses', () => {
    expect(isPublicIp('80.120.0.1')).toBe(true);
    expect(isPublicIp('2a01:4f8::1')).toBe(true);
    expect(isPublicIp('::ffff:80.120.0.1')).toBe(true);
    expect(isPublicIp('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicIp('172.31.255.255')).toBe(false);
    expect(isPublicIp('172.32.0.1')).toBe(true);
  });
});

describe('fixedIpCountryLookup: a table for test addresses', () => {
  it('places the addresses it lists, mapped spellings included, and nothing else', () => {
    const lookup = fixedIpCountryLookup({ '127.0.0.2': 'AT' });
    expect(lookup.countryOf('127.0.0.2')).toBe('at');
    expect(lookup.countryOf('::ffff:127.0.0.2')).toBe('at');
    expect(lookup.countryOf('127.0.0.3')).toBeUndefined();
    expect(lookup.countryOf('80.120.0.1')).toBeUndefined();
  });
});
