import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthLink, totp, totpStep } from './totp';

// RFC 6238 appendix B: the seed is the ASCII "12345678901234567890" (padded for SHA-256 and SHA-512), 8 digits.
const seed = Buffer.from('12345678901234567890');
const seed256 = Buffer.from('12345678901234567890123456789012');
const seed512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('totp', () => {
  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('matches the RFC 6238 reference values at %i s', (seconds, sha1, sha256, sha512) => {
    expect(totp(seed, seconds * 1000, 8, 'sha1')).toBe(sha1);
    expect(totp(seed256, seconds * 1000, 8, 'sha256')).toBe(sha256);
    expect(totp(seed512, seconds * 1000, 8, 'sha512')).toBe(sha512);
  });

  it('matches RFC 4226 HOTP values for counters 0 and 9', () => {
    expect(hotp(seed, 0)).toBe('755224');
    expect(hotp(seed, 9)).toBe('520489');
  });

  it('accepts the previous, current and next step only', () => {
    const at = 1_700_000_000_000;
    const step = totpStep(at);
    expect(matchTotp(seed, hotp(seed, step - 1), at)).toBe(step - 1);
    expect(matchTotp(seed, hotp(seed, step), at)).toBe(step);
    expect(matchTotp(seed, hotp(seed, step + 1), at)).toBe(step + 1);
    expect(matchTotp(seed, hotp(seed, step - 2), at)).toBeUndefined();
    expect(matchTotp(seed, hotp(seed, step + 2), at)).toBeUndefined();
    expect(matchTotp(seed, 'abcdef', at)).toBeUndefined();
  });

  it('refuses a code of a step already used (replay)', () => {
    const at = 1_700_000_000_000;
    const step = totpStep(at);
    expect(matchTotp(seed, hotp(seed, step), at, step)).toBeUndefined();
    expect(matchTotp(seed, hotp(seed, step + 1), at, step)).toBe(step + 1);
  });

  it('round-trips base32 and writes the RFC 4648 value', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    const secret = Buffer.from('0123456789abcdef0123');
    expect(base32Decode(base32Encode(secret))).toEqual(secret);
    expect(() => base32Decode('A1')).toThrow(/Invalid base32/);
  });

  it('builds an otpauth link apps understand', () => {
    expect(otpauthLink('JBSWY3DPEHPK3PXP', 'NorthBet', '10000001')).toBe(
      'otpauth://totp/NorthBet%3A10000001?secret=JBSWY3DPEHPK3PXP&issuer=NorthBet&algorithm=SHA1&digits=6&period=30',
    );
  });
});
