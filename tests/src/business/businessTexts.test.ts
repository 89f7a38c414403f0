import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n';
import { DELETE_NOT_CONFIRMED } from '../../../api/adminAccounts';
import {
  CERTIFICATION_TEXT,
  CERTIFICATION_TEXT_V1,
  CONTROL_TITLE_REQUIRED,
  CONTROLLER_MISSING,
  CONTROLLER_OWNERSHIP_INVALID,
  NO_OWNER_STATEMENT,
  OWNERS_MISSING,
  STATEMENT_CONTRADICTED,
} from '../../../rules/business';

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

  it('show in English the words certified and the texts the server answers with', () => {
    const en = LOCALES.en as unknown as {
      business: { errors: Record<string, string>; certification: Record<string, string> };
    };
    expect(en.business.certification.text).toBe(CERTIFICATION_TEXT);
    expect(en.business.certification['text-v1']).toBe(CERTIFICATION_TEXT_V1);
    expect(en.business.certification['no-owner-statement']).toBe(NO_OWNER_STATEMENT);
    expect(en.business.errors['controller-missing']).toBe(CONTROLLER_MISSING);
    expect(en.business.errors['control-title']).toBe(CONTROL_TITLE_REQUIRED);
    expect(en.business.errors['controller-ownership']).toBe(CONTROLLER_OWNERSHIP_INVALID);
    expect(en.business.errors['statement-contradicted']).toBe(STATEMENT_CONTRADICTED);
  });
});
