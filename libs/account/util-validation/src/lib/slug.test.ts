import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSlug } from './slug';

describe('toSlug (spec: transliterate Cyrillic, keep Latin letters, digits, hyphens)', () => {
  it('transliterates Russian', () => {
    expect(toSlug('Лига чемпионов')).toBe('liga-chempionov');
    expect(toSlug('Щука и ёж')).toBe('shchuka-i-yozh');
    expect(toSlug('Объявление')).toBe('obyavlenie');
  });

  it('transliterates Ukrainian and Kazakh letters', () => {
    expect(toSlug('Київ')).toBe('kiyiv');
    expect(toSlug('Қазақстан')).toBe('qazaqstan');
  });

  it('keeps Latin letters, digits and hyphens; drops the rest', () => {
    expect(toSlug('Premier League 2026/27!')).toBe('premier-league-202627');
    expect(toSlug('UEFA Euro — 2028')).toBe('uefa-euro-2028');
    expect(toSlug('a_b')).toBe('a-b');
  });

  it('drops accents instead of letters', () => {
    expect(toSlug('Atlético Madrid')).toBe('atletico-madrid');
  });

  it('has no doubled or edge hyphens', () => {
    expect(toSlug('  --Hello   World--  ')).toBe('hello-world');
  });

  it('reads decomposed Cyrillic the same as composed', () => {
    expect(toSlug('й'.normalize('NFD'))).toBe('y');
  });

  it('only ever yields lower-case Latin letters, digits and single inner hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(toSlug(text)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });
});
