import { describe, expect, it } from 'vitest';
import { createServerSecrets, safeEqual, tokenHash } from './secrets';

describe('server secrets', () => {
  const secrets = createServerSecrets('test-key');

  it('seals and opens a secret, with a fresh IV each time', () => {
    const a = secrets.seal('JBSWY3DPEHPK3PXP');
    const b = secrets.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(secrets.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered or foreign sealed value', () => {
    const sealed = secrets.seal('secret');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other!').toString('base64url')].join('.');
    expect(() => secrets.open(tampered)).toThrow();
    expect(() => createServerSecrets('another-key').open(sealed)).toThrow();
    expect(() => secrets.open('plain')).toThrow(/Not a sealed value/);
  });

  it('keys its hashes and signatures: another key gives other values', () => {
    const other = createServerSecrets('another-key');
    expect(secrets.keyedHash('a', 'b')).toBe(secrets.keyedHash('a', 'b'));
    expect(secrets.keyedHash('a', 'b')).not.toBe(other.keyedHash('a', 'b'));
    expect(secrets.keyedHash('ab', 'c')).not.toBe(secrets.keyedHash('a', 'bc'));
    expect(secrets.sign('x')).not.toBe(other.sign('x'));
  });

  it('hashes tokens and compares in constant time', () => {
    expect(tokenHash('t')).toBe(tokenHash('t'));
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'ab')).toBe(false);
  });
});
