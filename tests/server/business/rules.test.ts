import { describe, expect, it } from 'vitest';
import {
  certificationRefusal,
  CONTROLLER_MISSING,
  DETAILS_FIRST,
  einDigits,
  isValidEin,
  OWNERS_MISSING,
  OWNERSHIP_OVER_100,
  STATEMENT_CONTRADICTED,
  verificationRefusal,
} from '../../../rules/business';
import { COUNTRY_CODES } from '../../../rules/countries';
import { isValidPostalCode } from '../../../rules/postalCodes';
import { COUNTRIES } from '../../../server/import/countries';

describe('EIN', () => {
  it('takes 9 digits, written NN-NNNNNNN or together', () => {
    expect(isValidEin('12-3456789')).toBe(true);
    expect(isValidEin('123456789')).toBe(true);
    expect(einDigits(' 12-3456789 ')).toBe('123456789');
    expect(isValidEin('12-345678')).toBe(false);
    expect(isValidEin('1234567890')).toBe(false);
    expect(isValidEin('123-456789')).toBe(false);
    expect(isValidEin('12-34567a9')).toBe(false);
  });

  it('takes only the prefixes the IRS assigns', () => {
    const valid = (prefix: number) => isValidEin(`${String(prefix).padStart(2, '0')}-1234567`);
    for (const prefix of [1, 6, 10, 16, 20, 27, 30, 48, 50, 68, 71, 77, 80, 88, 90, 95, 98, 99])
      expect(valid(prefix), `prefix ${prefix}`).toBe(true);
    for (const prefix of [0, 7, 8, 9, 17, 18, 19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97])
      expect(valid(prefix), `prefix ${prefix}`).toBe(false);
  });
});

describe('postal codes per country', () => {
  it.each([
    ['US', '37203', true],
    ['US', '37203-1234', true],
    ['US', '3720', false],
    ['US', 'SW1A 1AA', false],
    ['CA', 'K1A 0B1', true],
    ['CA', 'D1A 0B1', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'EC1A1BB', true],
    ['GB', '12345', false],
    ['FR', '75008', true],
    ['FR', '7500', false],
    ['DE', '10115', true],
    ['JP', '100-0001', true],
    ['JP', '1000001', true],
    ['JP', '100-001', false],
    ['CN', '100000', true],
    ['CN', '10000', false],
    ['BR', '01310-100', true],
    ['BR', '0131-100', false],
    ['ES', '28013', true],
    ['ES', '53001', false],
    ['PT', '1000-001', true],
    ['PT', '10000', false],
    ['NL', '1012 AB', true],
    ['NL', '!', false],
    ['IE', 'D02 X285', true],
  ])('%s %s is %s', (country, code, valid) => {
    expect(isValidPostalCode(country, code)).toBe(valid);
  });
});

describe('the country list of the address forms', () => {
  it('is the reference list', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRIES.map((country) => country.alpha2).sort());
  });
});

describe('certification', () => {
  const owner = (ownershipPct: string, complete: boolean, controlling = false) => ({
    ownershipPct,
    complete,
    controlling,
  });
  const controller = owner('0', true, true);
  it('needs the details first', () => {
    expect(certificationRefusal(false, [], false)).toBe(DETAILS_FIRST);
  });
  it('needs every owner of 25% or more complete, not those below', () => {
    expect(certificationRefusal(true, [owner('30', false), owner('20', false)], false)).toBe(
      OWNERS_MISSING,
    );
    expect(certificationRefusal(true, [owner('25', false), controller], false)).toBe(
      OWNERS_MISSING,
    );
    expect(
      certificationRefusal(true, [owner('30', true), owner('24.99', false), controller], false),
    ).toBeNull();
  });
  it('refuses more than 100% listed, to the hundredth', () => {
    expect(certificationRefusal(true, [owner('50.01', true), owner('50', true, true)], false)).toBe(
      OWNERSHIP_OVER_100,
    );
    expect(
      certificationRefusal(true, [owner('50.5', true), owner('49.5', true, true)], false),
    ).toBeNull();
  });
  it('needs the owners of 25% or more, or the statement that there are none, never both', () => {
    expect(certificationRefusal(true, [controller], false)).toBe(OWNERS_MISSING);
    expect(certificationRefusal(true, [owner('24.99', true), controller], false)).toBe(
      OWNERS_MISSING,
    );
    expect(certificationRefusal(true, [owner('24.99', true), controller], true)).toBeNull();
    expect(certificationRefusal(true, [owner('25', true), controller], true)).toBe(
      STATEMENT_CONTRADICTED,
    );
  });
  it('needs one complete controlling person, who may be an owner', () => {
    expect(certificationRefusal(true, [owner('100', true)], false)).toBe(CONTROLLER_MISSING);
    expect(certificationRefusal(true, [owner('0', false, true)], true)).toBe(CONTROLLER_MISSING);
    expect(certificationRefusal(true, [owner('100', true, true)], false)).toBeNull();
  });
  it('verifies a business whatever the statement, which is made when signing', () => {
    expect(verificationRefusal(true, [controller])).toBeNull();
    expect(verificationRefusal(true, [owner('40', true), controller])).toBeNull();
    expect(verificationRefusal(true, [owner('40', true)])).toBe(CONTROLLER_MISSING);
  });
});
