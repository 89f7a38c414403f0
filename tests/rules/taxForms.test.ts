// The tax form rules (issue 42): which form a payee gives, when a W-8 stops being valid, and how a
// TIN is read.
import { describe, expect, it } from 'vitest';
import {
  formFitsPayee,
  readTin,
  taxFormExpiry,
  taxFormFor,
  taxFormProblems,
  taxFormStatus,
} from '../../rules/taxForms';

describe('the tax form asked', () => {
  it('asks a W-9 of a US person or business, a W-8BEN of a person abroad, a W-8BEN-E of an entity abroad', () => {
    expect(taxFormFor({ business: false, usPerson: true })).toBe('w9');
    expect(taxFormFor({ business: true, usPerson: true })).toBe('w9');
    expect(taxFormFor({ business: false, usPerson: false })).toBe('w8ben');
    expect(taxFormFor({ business: true, usPerson: false })).toBe('w8ben-e');
  });

  it('takes a W-9 from anyone, a W-8BEN from a person only and a W-8BEN-E from a business only', () => {
    expect([formFitsPayee('w9', false), formFitsPayee('w9', true)]).toEqual([true, true]);
    expect([formFitsPayee('w8ben', false), formFitsPayee('w8ben', true)]).toEqual([true, false]);
    expect([formFitsPayee('w8ben-e', false), formFitsPayee('w8ben-e', true)]).toEqual([
      false,
      true,
    ]);
  });
});

describe('a W-8’s expiry', () => {
  it('ends the W-8 at the end of the third calendar year after the year it was signed, whatever the day', () => {
    for (const signed of ['2026-01-01T00:00:00Z', '2026-05-01T12:00:00Z', '2026-12-31T23:59:59Z'])
      expect(taxFormExpiry('w8ben', new Date(signed))?.toISOString()).toBe(
        '2030-01-01T00:00:00.000Z',
      );
    expect(taxFormExpiry('w8ben-e', new Date('2024-07-04T00:00:00Z'))?.toISOString()).toBe(
      '2028-01-01T00:00:00.000Z',
    );
    expect(taxFormExpiry('w9', new Date('2000-01-01T00:00:00Z'))).toBeNull();
  });

  it('is valid through 31 December of that year and expired from 1 January', () => {
    const form = { kind: 'w8ben' as const, signedAt: new Date('2026-05-01T00:00:00Z') };
    expect(taxFormStatus(form, false, new Date('2029-12-31T23:59:59.999Z'))).toBe('valid');
    expect(taxFormStatus(form, false, new Date('2030-01-01T00:00:00Z'))).toBe('expired');
    expect(taxFormStatus(null, false, new Date('2026-05-01T00:00:00Z'))).toBe('missing');
    // A person who became a business needs a W-8BEN-E: their W-8BEN no longer answers.
    expect(taxFormStatus(form, true, new Date('2026-06-01T00:00:00Z'))).toBe('missing');
    const w9 = { kind: 'w9' as const, signedAt: new Date('2001-01-01T00:00:00Z') };
    expect(taxFormStatus(w9, true, new Date('2099-01-01T00:00:00Z'))).toBe('valid');
  });
});

describe('a TIN as typed', () => {
  it('reads an SSN or an EIN by its dashes, and 9 bare digits by whether the payee is a business', () => {
    expect(readTin('401-22-3333', true)).toEqual({ kind: 'ssn', digits: '401223333' });
    expect(readTin('74-1234567', false)).toEqual({ kind: 'ein', digits: '741234567' });
    expect(readTin('401223333', false)).toEqual({ kind: 'ssn', digits: '401223333' });
    expect(readTin('741234567', true)).toEqual({ kind: 'ein', digits: '741234567' });
  });

  it('refuses numbers never issued: an SSN of area 000, 666 or 9xx, an EIN of an unused prefix, the last 4 alone', () => {
    for (const tin of ['000-12-3456', '666-12-3456', '912-12-3456', '07-1234567', '3333', ''])
      expect(readTin(tin, false)).toBeNull();
  });
});

describe('a form’s problems', () => {
  const w8 = {
    kind: 'w8ben' as const,
    name: 'Fleur',
    address: { street: '5 rue de la Paix', city: 'Paris', country: 'FR' },
    country: 'FR',
    chapter3Status: '',
    treaty: { country: 'FR', article: '12', rate: '0' },
    signerName: 'Fleur',
    certify: true,
  };

  it('finds none in a complete W-8BEN, and each missing or wrong field by its path', () => {
    expect(taxFormProblems(w8)).toEqual({});
    expect(
      taxFormProblems({
        ...w8,
        name: ' ',
        country: 'XX',
        treaty: { country: 'FR', article: '', rate: '31' },
        signerName: '',
        certify: false,
      }),
    ).toEqual({
      name: 'required',
      country: 'country',
      'treaty/article': 'treatyArticle',
      'treaty/rate': 'treatyRate',
      signerName: 'signer',
      certify: 'certify',
    });
    expect(taxFormProblems({ ...w8, kind: 'w8ben-e', chapter3Status: 'llama' })).toEqual({
      chapter3Status: 'chapter3',
    });
  });
});
