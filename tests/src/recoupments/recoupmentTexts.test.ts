import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { SERVER_TEXT_KEYS } from '../../../src/i18n/serverTextKeys';
import * as validation from '../../../server/recoupments/validation';

// The form says before sending what the server would say after: the same English texts.
describe('recoupment form texts', () => {
  const english = createI18n('en');
  const serverTexts: string[] = Object.values(validation as Record<string, unknown>).filter(
    (value): value is string => typeof value === 'string',
  );

  it('knows every text of the server checks and quotes it exactly in English', () => {
    expect(serverTexts).toContain('An amount must be positive.');
    for (const text of serverTexts) {
      const key = SERVER_TEXT_KEYS[text];
      expect(key, text).toMatch(/^recoupment-form\.errors\./);
      expect(english.t(key ?? '')).toBe(text);
    }
  });

  it('shows the server texts translated', () => {
    const french = createI18n('fr');
    const key = SERVER_TEXT_KEYS['An amount must be positive.'] ?? '';
    expect(french.t(key)).toBe('Un montant doit être positif.');
  });
});
