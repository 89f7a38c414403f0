// The label's bank details for bank files are checked as a bank checks them, alike in the browser
// and on the server: routing numbers by their check digit, the bank-assigned identifiers by their
// 10 characters, names by what a NACHA or SEPA file can carry, the IBAN and BIC by ibantools.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkNachaOriginatorFields,
  checkSepaDebtorFields,
  nachaProblemText,
  ORIGINATOR_TEXTS,
  trimmedNacha,
  type NachaOriginatorFields,
} from '../../rules/bankFileOriginator';
import { checkNachaOriginator } from '../../server/payments/bankfile/nacha';

const sound: NachaOriginatorFields = {
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMORGAN CHASE',
  immediateOrigin: '1123456789',
  immediateOriginName: 'HARBOR LIGHTS MUSIC LLC',
  companyName: 'HARBOR LIGHTS',
  companyId: '1123456789',
  odfiRouting: '011000015',
};

describe('the NACHA originator fields', () => {
  it('takes fields as a bank gave them, spaces around them and lower-case identifiers included', () => {
    expect(checkNachaOriginatorFields(sound)).toEqual([]);
    expect(
      checkNachaOriginatorFields({ ...sound, companyId: ' 1abcdefgh9 ', companyName: ' A ' }),
    ).toEqual([]);
    // A 9-digit routing number or tax ID is kept with the blank before it, as banks write it.
    expect(
      trimmedNacha({ ...sound, immediateOrigin: '021000021 ', companyId: '1abcdefgh9' }),
    ).toEqual({
      ...sound,
      immediateOrigin: ' 021000021',
      companyId: '1ABCDEFGH9',
    });
  });

  it('refuses every mistyped digit of a routing number (its check digit catches each)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('immediateDestination' as const, 'odfiRouting' as const),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (field, position, shift) => {
          const digits = [...sound[field]];
          digits[position] = String((Number(digits[position]) + shift) % 10);
          const problems = checkNachaOriginatorFields({ ...sound, [field]: digits.join('') });
          expect(problems).toEqual([{ field, problem: 'check-digit' }]);
          expect(nachaProblemText(problems[0]!)).toBe(ORIGINATOR_TEXTS.routing);
        },
      ),
      { seed: 20261129, numRuns: 200 },
    );
  });

  it('names each field a bank would refuse, in the order of the form', () => {
    expect(
      checkNachaOriginatorFields({
        immediateDestination: '02100002',
        immediateDestinationName: 'A BANK WHOSE NAME RUNS LONG',
        immediateOrigin: '11234567',
        immediateOriginName: 'Música Ñ',
        companyName: 'HARBOR LIGHTS MUSIC',
        companyId: '11234-6789',
        odfiRouting: '',
      }).map(({ field, problem }) => `${field}: ${problem}`),
    ).toEqual([
      'immediateDestination: length',
      'immediateDestinationName: length',
      'immediateOrigin: length',
      'immediateOriginName: characters',
      'companyName: length',
      'companyId: characters',
      'odfiRouting: required',
    ]);
    expect(checkNachaOriginatorFields({ ...sound, odfiRouting: '01100001A' })).toEqual([
      { field: 'odfiRouting', problem: 'digits' },
    ]);
  });

  it('lets through only what the NACHA file writer takes too: the form never promises a file the server refuses', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'AZaz09 -.&é9Ñ\t'.split('')),
      maxLength: 26,
    });
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789 '.split('')), maxLength: 11 });
    const routing = fc.oneof(digits, fc.constantFrom('021000021', '011000015', '111000025'));
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          // Each field as the label's bank gave it, or as somebody may mistype it.
          immediateDestination: fc.oneof(fc.constant(sound.immediateDestination), routing),
          immediateDestinationName: fc.oneof(fc.constant(sound.immediateDestinationName), text),
          immediateOrigin: fc.oneof(fc.constant('021000021'), digits, text),
          immediateOriginName: fc.oneof(fc.constant(sound.immediateOriginName), text),
          companyName: fc.oneof(fc.constant(sound.companyName), text),
          companyId: fc.oneof(fc.constant(sound.companyId), digits, text),
          odfiRouting: fc.oneof(fc.constant(sound.odfiRouting), routing),
        }),
        (fields) => {
          const mine = checkNachaOriginatorFields(fields);
          const writers = checkNachaOriginator(trimmedNacha(fields));
          if (mine.length === 0) accepted += 1;
          // Whatever the form accepts, the writer accepts as it is kept; and for each field the
          // writer refuses, the form says why.
          for (const problem of writers) {
            expect(mine.map((own) => own.field)).toContain(problem.field);
          }
        },
      ),
      { seed: 20261129, numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('says of a name too long what its field takes', () => {
    expect(nachaProblemText({ field: 'companyName', problem: 'length' })).toBe(
      ORIGINATOR_TEXTS.nachaName16,
    );
    expect(nachaProblemText({ field: 'immediateOriginName', problem: 'length' })).toBe(
      ORIGINATOR_TEXTS.nachaName23,
    );
  });
});

describe('the SEPA debtor', () => {
  const debtor = { name: 'Harbor Lights Musik GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: '' };

  it('takes an IBAN as people write it, a BIC of its country and a name with accents', () => {
    expect(checkSepaDebtorFields(debtor, false)).toEqual([]);
    expect(checkSepaDebtorFields({ ...debtor, bic: 'cobadeffxxx' }, false)).toEqual([]);
    expect(checkSepaDebtorFields({ ...debtor, name: 'Éditions Müller' }, false)).toEqual([]);
    // A French bank's BIC for an IBAN of Monaco, which French banks serve.
    expect(
      checkSepaDebtorFields(
        { ...debtor, iban: 'MC5811222000010123456789030', bic: 'BNPAFRPP' },
        false,
      ),
    ).toEqual([]);
  });

  it('refuses an IBAN whose check digits do not match, one outside SEPA, and a BIC of another country', () => {
    expect(checkSepaDebtorFields({ ...debtor, iban: 'DE89370400440532013001' }, false)).toEqual([
      { field: 'iban', problem: 'invalid' },
    ]);
    // A valid Brazilian IBAN: SEPA credit transfers do not reach it.
    expect(
      checkSepaDebtorFields({ ...debtor, iban: 'BR1800360305000010009795493C1' }, false),
    ).toEqual([{ field: 'iban', problem: 'not-sepa' }]);
    expect(checkSepaDebtorFields({ ...debtor, bic: 'BNPAFRPP' }, false)).toEqual([
      { field: 'bic', problem: 'other-country' },
    ]);
    expect(checkSepaDebtorFields({ ...debtor, bic: 'DEUT' }, false)).toEqual([
      { field: 'bic', problem: 'invalid' },
    ]);
  });

  it('keeps the IBAN set before when none is typed, and needs one when none was', () => {
    expect(checkSepaDebtorFields({ ...debtor, iban: '' }, true)).toEqual([]);
    expect(checkSepaDebtorFields({ ...debtor, iban: ' ' }, false)).toEqual([
      { field: 'iban', problem: 'required' },
    ]);
    expect(checkSepaDebtorFields({ name: 'Ωmega 株式会社', iban: '', bic: '' }, true)).toEqual([
      { field: 'name', problem: 'characters' },
    ]);
  });
});
