import { describe, expect, it } from 'vitest';
import { suggestEmailDomain, validateEmail } from './validate-email';

describe('validateEmail (spec section 5, email)', () => {
  it('passes an empty value: presence is the required check', () => {
    expect(validateEmail('')).toEqual({ valid: true });
    expect(validateEmail(undefined)).toEqual({ valid: true });
    expect(validateEmail(null)).toEqual({ valid: true });
  });

  it('starts with @: validation_email_account_name', () => {
    expect(validateEmail('@gmail.com')).toEqual({ valid: false, key: 'validation_email_account_name' });
  });

  it('ends with @: the domain-name message', () => {
    expect(validateEmail('ivan@')).toEqual({ valid: false, key: 'validation_email_domain_name' });
  });

  it('no @: the at-symbol message', () => {
    expect(validateEmail('ivan.gmail.com')).toEqual({ valid: false, key: 'validation_email_at_symbol' });
  });

  it('no dot after @: the dot-symbol message', () => {
    expect(validateEmail('ivan@gmailcom')).toEqual({ valid: false, key: 'validation_email_dot_symbol' });
    // A dot before the @ does not count.
    expect(validateEmail('iv.an@localhost')).toEqual({ valid: false, key: 'validation_email_dot_symbol' });
  });

  it('contains a space: the space-symbol message, wherever the space is', () => {
    expect(validateEmail('iv an@mail.ru')).toEqual({ valid: false, key: 'validation_email_space_symbol' });
    expect(validateEmail('ivan@mail.ru ')).toEqual({ valid: false, key: 'validation_email_space_symbol' });
  });

  it('runs the checks in the spec order', () => {
    // Starts and ends with @: the first check wins.
    expect(validateEmail('@')).toMatchObject({ key: 'validation_email_account_name' });
    // Ends with @ and has a space: ending wins.
    expect(validateEmail('iv an@')).toMatchObject({ key: 'validation_email_domain_name' });
    // No @ and a space: the at-symbol message comes first.
    expect(validateEmail('iv an')).toMatchObject({ key: 'validation_email_at_symbol' });
    // No dot after @ and a space: the dot message comes first.
    expect(validateEmail('iv an@host')).toMatchObject({ key: 'validation_email_dot_symbol' });
    // A typo and a broken local part: the suggestion comes before the pattern.
    expect(validateEmail('iv!an@gmial.com')).toMatchObject({
      key: 'validation_email_typo',
      suggestion: 'iv!an@gmail.com',
    });
  });

  it.each([
    ['ivan@gmial.com', 'ivan@gmail.com'],
    ['ivan@gmai.com', 'ivan@gmail.com'],
    ['ivan@gmaill.com', 'ivan@gmail.com'],
    ['ivan@gmail.con', 'ivan@gmail.com'],
    ['ivan@gmail.cmo', 'ivan@gmail.com'],
    ['ivan@yandx.ru', 'ivan@yandex.ru'],
    ['ivan@yandex.ry', 'ivan@yandex.ru'],
    ['ivan@yndex.kz', 'ivan@yandex.kz'],
    ['ivan@mail.ry', 'ivan@mail.ru'],
    ['ivan@ramblr.ru', 'ivan@rambler.ru'],
    ['ivan@iclod.com', 'ivan@icloud.com'],
    ['ivan@yahooo.com', 'ivan@yahoo.com'],
    ['ivan@aol.con', 'ivan@aol.com'],
    ['ivan@outlok.com', 'ivan@outlook.com'],
    ['Ivan.Petrov@GMIAL.COM', 'Ivan.Petrov@gmail.com'],
  ])('suggests the corrected address for a typo of a common provider: %s', (typed, corrected) => {
    expect(validateEmail(typed)).toEqual({
      valid: false,
      key: 'validation_email_typo',
      params: { suggestion: corrected },
      suggestion: corrected,
    });
  });

  it.each([
    'ivan@gmail.com',
    'ivan@yandex.ru',
    'ivan@mail.ru',
    'ivan@mail.com',
    'ivan@ymail.com',
    'ivan@email.com',
    'ivan@yahoo.fr',
    'ivan@aon.com',
    'ivan@mail.co',
  ])('does not "correct" a real domain: %s', (address) => {
    expect(validateEmail(address)).toEqual({ valid: true });
  });

  it('takes the providers from options', () => {
    const providers = [{ name: 'protonmail', domains: ['protonmail.com'] }];
    expect(validateEmail('ivan@protonmial.com', { providers })).toMatchObject({ suggestion: 'ivan@protonmail.com' });
    expect(validateEmail('ivan@gmial.com', { providers })).toEqual({ valid: true });
  });

  it.each(['ivan.petrov@example.com', 'ivan_petrov-1@sub.example.co.uk', 'a@b.museum', 'x@y.io'])(
    'accepts the pattern: %s',
    (address) => {
      expect(validateEmail(address)).toEqual({ valid: true });
    },
  );

  it.each([
    'ivan+bonus@example.com', // the spec's local part is word, dot and hyphen only
    'ivan@example.c',
    'ivan@example.abcdefgh',
    'ivan@example.c0m',
    'iv@n@example.com',
    'ivan@.example.com',
    'иван@example.com',
  ])('rejects what the pattern does not allow with validation_enter_correct_email: %s', (address) => {
    expect(validateEmail(address)).toEqual({ valid: false, key: 'validation_enter_correct_email' });
  });
});

describe('suggestEmailDomain', () => {
  it('leaves unrelated domains alone', () => {
    expect(suggestEmailDomain('example.com')).toBeUndefined();
    expect(suggestEmailDomain('gmail.com')).toBeUndefined();
  });

  it('does not guess at short provider names', () => {
    expect(suggestEmailDomain('mial.ru')).toBeUndefined();
    expect(suggestEmailDomain('aul.com')).toBeUndefined();
  });
});
