import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES, LOCALES, createI18n, toLanguage } from '../../../src/i18n';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// Keys are static `area.part.phrase` strings in kebab-case; src/engine belongs to the engine's owners.
const KEY = /['"`]([a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*)['"`]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return relative(ROOT, path) === join('src', 'engine') ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === 'object') {
      for (const [child, text] of flatten(value as Record<string, unknown>, key))
        keys.set(child, text);
    } else {
      keys.set(key, String(value));
    }
  }
  return keys;
}

const usedKeys = new Set(
  [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'machines'))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(KEY)].map((match) => match[1] ?? ''),
  ),
);
const english = flatten(LOCALES.en);

describe('locales', () => {
  it('finds the keys the code uses', () => {
    expect(usedKeys.size).toBeGreaterThan(50);
    expect(usedKeys).toContain('pages.not-found.message');
  });

  for (const language of LANGUAGES) {
    it(`${language} has every key used in the code and the same keys as English`, () => {
      const keys = flatten(LOCALES[language]);
      expect([...usedKeys].filter((key) => !keys.has(key))).toEqual([]);
      expect([...keys.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of keys) {
        expect(text.trim(), key).not.toBe('');
        expect(key, key).toMatch(/^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/);
      }
    });
  }

  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    it(`${language} is translated, not copied from English`, () => {
      const keys = flatten(LOCALES[language]);
      const copied = [...keys].filter(([key, text]) => english.get(key) === text);
      expect(copied.length / keys.size).toBeLessThan(0.1);
    });
  }

  it('quotes the texts of the spec exactly in English', () => {
    expect(english.get('pages.not-found.title')).toBe('Not Found');
    expect(english.get('pages.not-found.message')).toBe(
      'This page is missing or the URL is incorrect.',
    );
    expect(english.get('api.errors.server-not-reachable')).toBe(
      'The server is not reachable. Please check your internet connection or try again later.',
    );
    expect(english.get('api.errors.failed-to-complete')).toBe(
      'Failed to complete the requested action.',
    );
    expect(english.get('api.errors.error-saving')).toBe('There was an error saving your item');
    expect(english.get('api.errors.resource-not-found')).toBe(
      'The requested resource was not found.',
    );
    expect(english.get('server.login.locked-message')).toBe(
      'You have had more then 10 incorrect login attempts, your account is now temporarily locked. Please try again later.',
    );
  });

  it('quotes the account and widget texts of SPEC sections 5 and 8 exactly in English', () => {
    expect(english.get('account.password.must-match')).toBe('Passwords must match');
    expect(english.get('widgets.type-ahead.not-found')).toBe(
      'Not found - click anywhere to use entered text',
    );
    expect(english.get('server.reset.expired')).toBe('Password reset link has expired.');
    expect(english.get('server.claim.failed')).toBe('Unable to claim this account.');
    expect(english.get('server.user.not-found')).toBe('User not found');
    expect(english.get('server.account.already-active')).toBe(
      'Your account is already active. Please login or reset your password.',
    );
    expect(english.get('server.activation.expired')).toBe(
      'Your signup request has expired. Please complete the signup form again.',
    );
    // Both failures give a support contact, written {email} in the spec.
    expect(english.get('server.reset.failed')).toMatch(
      /^There was an error resetting your password\b.*\{\{email\}\}/,
    );
    expect(english.get('server.activation.failed')).toMatch(
      /^There was an error activating your account\b.*\{\{email\}\}/,
    );
    for (const language of LANGUAGES) {
      const keys = flatten(LOCALES[language]);
      expect(keys.get('server.reset.failed'), language).toContain('{{email}}');
      expect(keys.get('server.activation.failed'), language).toContain('{{email}}');
    }
  });

  it('falls back to English and maps regional codes', () => {
    expect(toLanguage('fr-CA')).toBe('fr');
    expect(toLanguage('PT_br')).toBe('pt');
    expect(toLanguage('de')).toBe(FALLBACK_LANGUAGE);
    expect(toLanguage(undefined)).toBe('en');
    const i18n = createI18n('ja');
    expect(i18n.t('pages.not-found.title')).toBe('見つかりません');
    expect(i18n.t('dashboard.page.whose', { name: 'Ada', account: 'Demo' })).toBe('Ada、Demo');
  });
});
