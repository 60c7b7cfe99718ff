import { beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_SCORE,
  loadPasswordStrengthChecker,
  passwordUserInputs,
  validateNewPassword,
  type PasswordStrengthChecker,
} from './password-strength';

describe('validateNewPassword (zxcvbn-ts with its offline dictionaries; util-validation README, "Password strength, not composition")', () => {
  let checker: PasswordStrengthChecker;
  beforeAll(async () => {
    checker = await loadPasswordStrengthChecker();
  }, 30_000);

  it.each(['Password1', 'qwerty123', 'aaaaaaaa1', 'Secret123', 'abc12345', 'iloveyou2', 'P@ssw0rd!'])(
    'refuses %s as too easy to guess',
    (password) => {
      const { result, strength } = validateNewPassword(checker, password);
      expect(result).toMatchObject({ valid: false, key: 'password_too_weak', params: { min: PASSWORD_MIN_SCORE } });
      expect(strength?.score).toBeLessThan(PASSWORD_MIN_SCORE);
    },
  );

  it.each([
    'correct horse battery staple',
    'Sunny-Meadow-Lantern-42',
    'Gleis neun Dreiviertel Eule',
    'vX9$kq2!mZp7',
    'Пароль для ставок на лето',
  ])('accepts %s', (password) => {
    expect(validateNewPassword(checker, password).result).toEqual({ valid: true });
  });

  it('counts characters, not UTF-16 units, for the length limits', () => {
    expect(validateNewPassword(checker, 'short1').result).toEqual({
      valid: false,
      key: 'password_min_length',
      params: { min: 8 },
    });
    expect(validateNewPassword(checker, '🎲🎲🎲🎲🎲🎲🎲').result).toMatchObject({ key: 'password_min_length' });
    expect(validateNewPassword(checker, 'x'.repeat(PASSWORD_MAX_LENGTH + 1)).result).toEqual({
      valid: false,
      key: 'password_max_length',
      params: { max: 128 },
    });
  });

  it('refuses a password built on the login, e-mail, name or brand it is given', () => {
    const inputs = passwordUserInputs(['ada.lovelace@example.com', 'Ada Lovelace', 'NorthBet']);
    for (const password of ['lovelace2026', 'northbet2026!', 'adalovelace1']) {
      expect(validateNewPassword(checker, password, inputs).result, password).toMatchObject({
        key: 'password_too_weak',
      });
      expect(checker.estimate(password, inputs).warning, password).toBe('userInputs');
    }
    // Without the person's words the same brand-name password would pass: the inputs are what refuse it.
    expect(validateNewPassword(checker, 'northbet2026!').result).toEqual({ valid: true });
  });

  it('gives feedback as keys, and in English sentences for the server', () => {
    const strength = checker.estimate('qwerty123');
    expect(strength).toMatchObject({
      acceptable: false,
      warning: 'common',
      suggestions: expect.arrayContaining(['anotherWord']),
    });
    expect(checker.describe(strength)).toBe('This is a commonly used password. Add more words that are less common.');
  });

  it('loads the dictionaries once', async () => {
    expect(await loadPasswordStrengthChecker()).toBe(checker);
  });
});

describe('passwordUserInputs', () => {
  it('keeps each value, its words and its words run together, of three letters or more, lower-cased', () => {
    expect(passwordUserInputs(['Ada.Lovelace@Example.com', null, ' ', 'Jo Li', 'accountbet.example'])).toEqual([
      'ada.lovelace@example.com',
      'ada',
      'lovelace',
      'example',
      'com',
      'adalovelaceexamplecom',
      'jo li',
      'joli',
      'accountbet.example',
      'accountbet',
      'accountbetexample',
    ]);
  });
});
