// The portal's one limit on amounts (rules/money.ts): every amount the forms and the API take,
// both engines calculate with, wherever it goes in (a recoupment, a hand-entered line, a
// threshold); one digit more and the engines refuse it, so the limit is the engine's own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate } from '../../engine/index';
import { MAX_MONEY_INTEGER_DIGITS } from '../../engine/numbers';
import type { EngineInput } from '../../engine/types';
import {
  isMoneyText,
  isSignedMoneyText,
  MAX_MONEY_DECIMALS,
  MAX_MONEY_INTEGER_DIGITS as RULES_LIMIT,
} from '../../rules/money';
import { validInput } from './malformed';

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** Amount text: up to 3 digits past the limit before the point, 0 to 12 after it. */
const amountText = fc
  .record({
    negative: fc.boolean(),
    whole: fc.tuple(fc.constantFrom(...'123456789'), digits(0, RULES_LIMIT + 2)),
    fraction: digits(0, MAX_MONEY_DECIMALS),
  })
  .map(({ negative, whole, fraction }) => ({
    text: `${negative ? '-' : ''}${whole.join('')}${fraction ? `.${fraction}` : ''}`,
    wholeDigits: whole.join('').length,
  }));

/** Where an amount goes into a calculation: each a place the API takes one. */
const places: { name: string; signed: boolean; put: (input: EngineInput, text: string) => void }[] =
  [
    {
      name: 'a hand-entered line',
      signed: true,
      put: (input, text) =>
        input.records.push({ id: 'adj', code: 'C1', kind: 'adjustment', units: 0, revenue: text }),
    },
    {
      name: 'a recoupment amount',
      signed: false,
      put: (input, text) => {
        const recoupment = input.recoupments[0];
        if (recoupment) recoupment.amount = text;
      },
    },
    {
      name: 'an income threshold',
      signed: false,
      put: (input, text) => {
        const set = input.splitSets[1];
        if (set) set.trigger = { type: 'income', threshold: text, preCounted: '0' };
      },
    },
  ];

async function engineTakes(input: EngineInput): Promise<boolean[]> {
  return Promise.all(
    (['wasm', 'decimal'] as const).map((backend) =>
      calculate(input, { backend }).then(
        () => true,
        () => false,
      ),
    ),
  );
}

describe('the limit on amounts', () => {
  it('is the engine’s limit', () => {
    expect(RULES_LIMIT).toBe(MAX_MONEY_INTEGER_DIGITS);
  });

  it.each(places)(
    'takes in $name exactly the amounts both engines calculate with',
    async ({ signed, put }) => {
      await fc.assert(
        fc.asyncProperty(amountText, async ({ text, wholeDigits }) => {
          const typed = signed ? text : text.replace(/^-/, '');
          const taken = signed ? isSignedMoneyText(typed) : isMoneyText(typed);
          expect(taken).toBe(wholeDigits <= RULES_LIMIT);
          const input = validInput();
          put(input, typed);
          expect(await engineTakes(input)).toEqual([taken, taken]);
        }),
        { seed: 20261128, numRuns: 150 },
      );
    },
  );
});
