import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n';
import { DELETE_NOT_CONFIRMED } from '../../../api/adminAccounts';
import { OWNERS_MISSING } from '../../../rules/business';

describe('the business and admin-account texts', () => {
  it("quote SPEC section 5 exactly in English: owners, 'I accept the agreement', DELETE", () => {
    const en = LOCALES.en as unknown as {
      business: { errors: Record<string, string>; certification: Record<string, string> };
      'admin-account': { delete: Record<string, string> };
    };
    expect(en.business.errors['owners-missing']).toBe(
      'Beneficial owners with 25% or more ownership must be given.',
    );
    expect(OWNERS_MISSING).toBe(en.business.errors['owners-missing']);
    expect(en.business.certification.accept).toBe('I accept the agreement');
    expect(en['admin-account'].delete['not-confirmed']).toBe(
      'An admin account delete requires the user to type DELETE.',
    );
    expect(DELETE_NOT_CONFIRMED).toBe(en['admin-account'].delete['not-confirmed']);
  });
});
