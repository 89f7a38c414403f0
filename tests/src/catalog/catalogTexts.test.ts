import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';

describe("the catalog quotes SPEC section 5's and 8's texts exactly in English", () => {
  const t = createI18n('en').t;
  it('split texts', () => {
    expect(t('catalog.splits.total', { amount: '99.5' })).toBe('Splits total 99.5%');
    expect(t('catalog.splits.check-all-tabs')).toBe('Check split totals on all tabs');
    expect(t('catalog.splits.unattributed')).toBe(
      'Every split must be attributed to a collaborator.',
    );
    expect(t('catalog.splits.duplicate-user')).toBe('Duplicate user');
    expect(t('catalog.splits.invalid-email')).toBe('Not a valid email');
    expect(t('catalog.splits.unknown-user')).toBe(
      "We couldn't find this user. Enter a full email address or create a new user.",
    );
    expect(t('catalog.triggers.threshold-positive')).toBe(
      'A threshold needs income and/or units greater than zero.',
    );
  });

  it('code texts', () => {
    expect(t('catalog.codes.at-least-one')).toBe('At least one code must be provided.');
    expect(t('catalog.codes.isrc-length')).toBe('ISRC must be 12 characters.');
    expect(t('catalog.codes.upc-digits')).toBe('UPC/EAN must be 12 or 13 digits.');
    expect(t('catalog.codes.custom-length')).toBe('A custom code is limited to 32 characters.');
    expect(t('catalog.fields.duration-invalid')).toBe('Duration must be seconds or H:M:S.');
  });
});
