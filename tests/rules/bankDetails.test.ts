// Bank details by the bank's country, as the wallet form and the server check them.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NUMBER_INVALID,
  BANK_COUNTRY_NOT_TAKEN,
  BIC_INVALID,
  BIC_REQUIRED,
  IBAN_INVALID,
  ROUTING_NUMBER_INVALID,
  SORT_CODE_INVALID,
  UK_ACCOUNT_NUMBER_INVALID,
} from '../../rules/bankAccount';
import {
  bankCountryOf,
  bankDetailsProblems,
  bankSchemeOf,
  formatSortCode,
  normalBankDetails,
} from '../../rules/bankDetails';
import type { BankDetails } from '../../rules/paymentRails';

/** IBANs of ten countries as their banks print them (the IBAN registry's examples). */
const IBANS: Record<string, string> = {
  DE: 'DE89 3704 0044 0532 0130 00',
  FR: 'FR14 2004 1010 0505 0001 3M02 606',
  NL: 'NL91 ABNA 0417 1643 00',
  ES: 'ES91 2100 0418 4502 0005 1332',
  IT: 'IT60 X054 2811 1010 0000 0123 456',
  BE: 'BE68 5390 0754 7034',
  AT: 'AT61 1904 3002 3457 3201',
  CH: 'CH93 0076 2011 6238 5295 7',
  SA: 'SA03 8000 0000 6080 1016 7519',
  TR: 'TR33 0006 1005 1978 6457 8413 26',
};
/** Banks outside the SEPA area, whose payees must give a BIC. */
const OUTSIDE_SEPA = ['SA', 'TR'];

const iban = (value: string, bic = ''): BankDetails =>
  normalBankDetails({ scheme: 'iban', iban: value, bic });

/** The IBAN with its last digit changed: a slip of one key. */
const oneDigitChanged = (value: string) =>
  value.replace(
    /(\d)(\D*)$/,
    (_, digit: string, rest: string) => `${(Number(digit) + 1) % 10}${rest}`,
  );

describe('bank details by country', () => {
  it('asks a routing number in the US, a sort code in the UK, an IBAN where banks have one', () => {
    expect(bankSchemeOf('US')).toBe('aba');
    expect(bankSchemeOf('PR')).toBe('aba');
    expect(bankSchemeOf('GB')).toBe('sortcode');
    for (const country of Object.keys(IBANS)) expect(bankSchemeOf(country), country).toBe('iban');
    // No IBAN, no routing number, no sort code: the form says which countries it takes.
    expect(bankSchemeOf('JP')).toBe(null);
    expect(bankSchemeOf('CA')).toBe(null);
  });

  it.each(Object.entries(IBANS))(
    'takes the IBAN of %s printed or electronic, and refuses it with one digit changed',
    (country, printed) => {
      const bic = OUTSIDE_SEPA.includes(country) ? 'TGBATRIS' : '';
      const kept = iban(printed, bic);
      expect(kept).toEqual({
        scheme: 'iban',
        iban: printed.replace(/ /g, ''),
        bic: bic || null,
      });
      expect(bankDetailsProblems(country, kept)).toEqual({});
      expect(bankDetailsProblems(country, iban(printed.toLowerCase(), bic))).toEqual({});
      expect(bankCountryOf('US', kept)).toBe(country);
      const slip = oneDigitChanged(printed);
      expect(slip).not.toBe(printed);
      expect(bankDetailsProblems(country, iban(slip, bic))).toEqual({ iban: IBAN_INVALID });
    },
  );

  it('needs a BIC outside SEPA only, and checks one when given', () => {
    expect(bankDetailsProblems('TR', iban(IBANS.TR ?? ''))).toEqual({ bic: BIC_REQUIRED });
    expect(bankDetailsProblems('SA', iban(IBANS.SA ?? ''))).toEqual({ bic: BIC_REQUIRED });
    expect(bankDetailsProblems('SA', iban(IBANS.SA ?? '', 'ncbk saje'))).toEqual({});
    // In SEPA (Switzerland is, outside the EU) the IBAN is enough; a BIC given must be one.
    expect(bankDetailsProblems('CH', iban(IBANS.CH ?? ''))).toEqual({});
    expect(bankDetailsProblems('DE', iban(IBANS.DE ?? '', 'DEUTDEFF500'))).toEqual({});
    expect(bankDetailsProblems('DE', iban(IBANS.DE ?? '', 'DEU1DEFF'))).toEqual({
      bic: BIC_INVALID,
    });
  });

  it('takes a UK sort code of 6 digits however it is typed, and an 8-digit account number', () => {
    const uk = (sortCode: string, accountNumber: string) =>
      normalBankDetails({ scheme: 'sortcode', sortCode, accountNumber });
    for (const typed of ['12-34-56', '12 34 56', '123456']) {
      expect(uk(typed, '31926819')).toEqual({
        scheme: 'sortcode',
        sortCode: '123456',
        accountNumber: '31926819',
      });
      expect(bankDetailsProblems('GB', uk(typed, '31926819'))).toEqual({});
    }
    expect(formatSortCode('123456')).toBe('12-34-56');
    expect(bankDetailsProblems('GB', uk('12-34-5', '31926819'))).toEqual({
      sortCode: SORT_CODE_INVALID,
    });
    expect(bankDetailsProblems('GB', uk('12-34-5a', '3192681'))).toEqual({
      sortCode: SORT_CODE_INVALID,
      accountNumber: UK_ACCOUNT_NUMBER_INVALID,
    });
  });

  it('checks US accounts as before, with the same texts', () => {
    const us = (routingNumber: string, accountNumber: string) =>
      normalBankDetails({ scheme: 'aba', routingNumber, accountNumber, accountType: 'checking' });
    expect(bankDetailsProblems('US', us(' 011000015 ', '1234567890'))).toEqual({});
    expect(bankDetailsProblems('US', us('011000016', '12345'))).toEqual({
      routingNumber: 'A routing number is 9 digits with a valid check digit.',
      accountNumber: 'An account number must be 10 numbers long.',
    });
    expect(ROUTING_NUMBER_INVALID).toBe('A routing number is 9 digits with a valid check digit.');
    expect(ACCOUNT_NUMBER_INVALID).toBe('An account number must be 10 numbers long.');
    // A routing number names a US bank: not one in Germany or Japan.
    expect(bankDetailsProblems('DE', us('011000015', '1234567890'))).toEqual({
      country: BANK_COUNTRY_NOT_TAKEN,
    });
    expect(bankDetailsProblems('JP', us('011000015', '1234567890'))).toEqual({
      country: BANK_COUNTRY_NOT_TAKEN,
    });
  });
});
