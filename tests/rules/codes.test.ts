import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeSearchPrefixes,
  gtinCheckDigitValid,
  normaliseCode,
  normaliseGtin,
} from '../../rules/codes';

const SEED = 20261128;

/** The GS1 check digit of a GTIN's other digits. */
function checkDigit(body: string): string {
  let sum = 0;
  [...body].reverse().forEach((digit, index) => {
    sum += Number(digit) * (index % 2 === 0 ? 3 : 1);
  });
  return String((10 - (sum % 10)) % 10);
}

/** A valid GTIN-12, GTIN-13 or GTIN-14 (the body's digits, then its check digit). */
const gtin = fc
  .integer({ min: 11, max: 13 })
  .chain((length) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }),
  )
  .map((digits) => {
    const body = digits.join('');
    return body + checkDigit(body);
  });

/** One way a person or a distributor writes the number: padding zeros, spaces, hyphens. */
function spelling(number: string) {
  const significant = number.replace(/^0+/, '');
  return fc
    .record({
      extra: fc.integer({ min: 0, max: 2 }),
      breaks: fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', '-', ' - ')), { maxLength: 4 }),
      before: fc.constantFrom('', ' ', '\t'),
      after: fc.constantFrom('', ' '),
    })
    .map(({ extra, breaks, before, after }) => {
      const width = Math.min(14, Math.max(12, significant.length) + extra);
      let written = significant.padStart(width, '0');
      for (const [at, mark] of [...breaks].sort((x, y) => y[0] - x[0])) {
        const position = 1 + (at % (written.length - 1));
        written = written.slice(0, position) + mark + written.slice(position);
      }
      return before + written + after;
    });
}

/** A valid GTIN with one of its spellings. */
const written = gtin.chain((number) => fc.tuple(fc.constant(number), spelling(number)));

describe('one spelling of a barcode (rules/codes.ts)', () => {
  it('the demo album, however its barcode is written, is one code', () => {
    for (const written of [
      '0859700000023',
      '859700000023',
      '00859700000023',
      '0-859700-00002-3',
      ' 0 8597 0000 0023 ',
    ]) {
      expect(normaliseCode(written, 'upc')).toBe('859700000023');
    }
    expect(normaliseCode('5054197123456', 'upc')).toBe('5054197123456');
    expect(normaliseCode('05054197123456', 'upc')).toBe('5054197123456');
    // A GTIN-14 with an indicator digit is another number than its item's EAN-13.
    expect(normaliseCode('15054197123453', 'upc')).toBe('15054197123453');
  });

  it('every spelling of a valid GTIN is the same code; different numbers never share one', () => {
    fc.assert(
      fc.property(
        gtin.chain((number) => fc.tuple(fc.constant(number), spelling(number), spelling(number))),
        ([number, one, other]) => {
          expect(gtinCheckDigitValid(number)).toBe(true);
          const code = normaliseCode(one, 'upc');
          expect(normaliseCode(other, 'upc')).toBe(code);
          // The stored code is the same number, 12 digits at least, no padding past that.
          expect(BigInt(code)).toBe(BigInt(number));
          expect(code.length).toBeGreaterThanOrEqual(12);
          expect(code.length === 12 || !code.startsWith('0')).toBe(true);
          expect(gtinCheckDigitValid(code)).toBe(true);
        },
      ),
      { numRuns: 400, seed: SEED },
    );
    fc.assert(
      fc.property(written, written, ([a, one], [b, other]) => {
        fc.pre(BigInt(a) !== BigInt(b));
        expect(normaliseCode(one, 'upc')).not.toBe(normaliseCode(other, 'upc'));
      }),
      { numRuns: 400, seed: SEED },
    );
  });

  it('the check digit is checked from the right, whatever the padding', () => {
    expect(gtinCheckDigitValid('012345678905')).toBe(true);
    expect(gtinCheckDigitValid('0012345678905')).toBe(true);
    expect(gtinCheckDigitValid('012345678906')).toBe(false);
    // The demo's codes were made up: their check digits are wrong, and they are kept as written.
    expect(gtinCheckDigitValid('0859700000023')).toBe(false);
    expect(normaliseGtin('859700000024')).toBe('859700000024');
  });

  it('what is not 12 to 14 digits is left for the rules to refuse', () => {
    expect(normaliseCode('85970000002', 'upc')).toBe('85970000002');
    expect(normaliseCode('000859700000023', 'upc')).toBe('000859700000023');
    expect(normaliseCode('85970000002X', 'upc')).toBe('85970000002X');
  });

  it('an ISRC is upper-case without hyphens or spaces; a custom code trimmed', () => {
    expect(normaliseCode(' us-rc1 76-07839 ', 'isrc')).toBe('USRC17607839');
    expect(normaliseCode('  sg 01 lp ', 'custom')).toBe('SG01LP');
  });

  it('a search finds a code by any of its spellings', () => {
    expect(codeSearchPrefixes('0859700000023')).toContain('859700000023');
    expect(codeSearchPrefixes('859700000023')).toEqual(['859700000023']);
    expect(codeSearchPrefixes('us-rc1')).toContain('USRC1');
    expect(codeSearchPrefixes('Glass')).toContain('Glass');
  });
});
