import { describe, expect, it } from 'vitest';
import { isSecurePassword, PASSWORD_MESSAGES } from '../../../rules/passwords';
import { PASSWORD_KEYS, passwordProblems } from '../../../src/account/passwordRules';
import { createI18n } from '../../../src/i18n';
import { SERVER_TEXT_KEYS } from '../../../src/i18n/serverTextKeys';

describe('password rules (SPEC section 5)', () => {
  it('needs at least 12 characters mixing letters, numbers and symbols', () => {
    expect(isSecurePassword('Royalty-demo-2026!')).toBe(true);
    expect(isSecurePassword('abc-12345678')).toBe(true);
    expect(isSecurePassword('abc-1234567')).toBe(false);
    expect(isSecurePassword('abcdefghijkl1')).toBe(false);
    expect(isSecurePassword('abcdefghijkl!')).toBe(false);
    expect(isSecurePassword('123456789012!')).toBe(false);
    expect(isSecurePassword('パスワード-2026-安全')).toBe(true);
  });

  it('names what is wrong with the password and its confirmation', () => {
    expect(passwordProblems('short', 'short')).toEqual({
      password: 'account.password.rule',
      confirmation: null,
    });
    expect(passwordProblems('Royalty-demo-2026!', 'Royalty-demo-2026?')).toEqual({
      password: null,
      confirmation: 'account.password.must-match',
    });
    expect(passwordProblems('Royalty-demo-2026!', 'Royalty-demo-2026!')).toEqual({
      password: null,
      confirmation: null,
    });
  });

  it('shows the server’s rule text, on every form, under one key', () => {
    const english = createI18n('en');
    expect(english.t(PASSWORD_KEYS.passwordRule)).toBe(PASSWORD_MESSAGES.passwordRule);
    expect(SERVER_TEXT_KEYS[PASSWORD_MESSAGES.passwordRule]).toBe(PASSWORD_KEYS.passwordRule);
  });
});
