// The texts the server refuses a request with reach the reader in their language: each is a text
// the browser knows by key, and each key is translated in all six languages.
import { describe, expect, it } from 'vitest';
import { createI18n, LANGUAGES } from '../../../src/i18n';
import { addServerTextKeys, knownServerText } from '../../../src/i18n/serverText';
import { SERVER_TEXT_KEYS } from '../../../src/i18n/serverTextKeys';
import * as refusals from '../../../server/validationTexts';
import { ORIGINATOR_TEXTS } from '../../../rules/bankFileOriginator';
import { ISSUE_TO_RESOLVE } from '../../../server/statements/pipeline';
import * as periodRefusals from '../../../server/periods/periods';
import { CORRECT_OPEN_STATEMENT } from '../../../server/periods/corrections';
import {
  MONTH_IN_CLOSED_PERIOD,
  STATEMENT_IN_CLOSED_PERIOD,
} from '../../../server/events/closedPeriods';
import { ADJUSTMENT_AMOUNT_INVALID } from '../../../server/routes/statementAdjustments';
import { RESET_FAILED, CLAIM_FAILED } from '../../../server/routes/accountLinks';
import { HAS_EMAIL, NAME_OR_EMAIL } from '../../../server/routes/users';
import { ALREADY_DECIDED, REASON_NEEDED } from '../../../server/routes/productRequests';
import {
  REPLACE_AFTER_APPROVAL,
  REPLACE_ONE_FILE,
  REPLACE_STOPPED,
  REPLACE_WHILE_BUSY,
  REPLACED_ALREADY,
} from '../../../server/statements/replaceFile';
import {
  BANK_COUNTRY_NOT_TAKEN,
  BIC_INVALID,
  BIC_REQUIRED,
  IBAN_INVALID,
  SORT_CODE_INVALID,
  UK_ACCOUNT_NUMBER_INVALID,
} from '../../../rules/bankAccount';
import {
  BOOK_CODE_INVALID,
  BOOK_NAME_INVALID,
  XERO_TAX_RATE_INVALID,
} from '../../../rules/journals';
import { PERIOD_NOT_CLOSED } from '../../../server/journals/journal';
import { BOOK_CATEGORY_TWICE } from '../../../server/journals/settings';

const SERVER_TEXTS: string[] = [
  ...Object.values(refusals as Record<string, unknown>).filter(
    (value): value is string => typeof value === 'string',
  ),
  ISSUE_TO_RESOLVE,
  ADJUSTMENT_AMOUNT_INVALID,
  RESET_FAILED,
  CLAIM_FAILED,
  REPLACE_ONE_FILE,
  REPLACE_AFTER_APPROVAL,
  REPLACE_WHILE_BUSY,
  REPLACE_STOPPED,
  REPLACED_ALREADY,
  // Bank details of payees abroad (rules/bankDetails.ts).
  SORT_CODE_INVALID,
  UK_ACCOUNT_NUMBER_INVALID,
  IBAN_INVALID,
  BIC_INVALID,
  BIC_REQUIRED,
  BANK_COUNTRY_NOT_TAKEN,
  ...Object.values(ORIGINATOR_TEXTS),
  NAME_OR_EMAIL,
  HAS_EMAIL,
  ALREADY_DECIDED,
  REASON_NEEDED,
  // Closed periods.
  ...Object.values(periodRefusals as Record<string, unknown>).filter(
    (value): value is string => typeof value === 'string',
  ),
  STATEMENT_IN_CLOSED_PERIOD,
  MONTH_IN_CLOSED_PERIOD,
  CORRECT_OPEN_STATEMENT,
  // Journals for the books and the label's chart of accounts.
  BOOK_CODE_INVALID,
  BOOK_NAME_INVALID,
  XERO_TAX_RATE_INVALID,
  BOOK_CATEGORY_TWICE,
  PERIOD_NOT_CLOSED,
];

describe('what the server refuses a request with', () => {
  addServerTextKeys(SERVER_TEXT_KEYS);

  it.each(SERVER_TEXTS)('shows "%s" in every language', (text) => {
    const english = createI18n('en').t;
    expect(knownServerText(english, text)).toBe(text);
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const t = createI18n(language).t;
      const shown = knownServerText((key) => t(key, { email: 'help@portal.example' }), text);
      expect(shown, language).not.toBe(text);
      expect(shown.length, language).toBeGreaterThan(3);
    }
  });
});
