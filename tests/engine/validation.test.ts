// Malformed inputs are rejected whole with `path: message`, by validate.ts and the engine entries.
import { describe, expect, it } from 'vitest';
import { calculate } from '../../engine/index';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput } from '../../engine/types';
import { EngineInputError, validateInput } from '../../engine/validate';
import { malformedInputs, validInput } from './malformed';

function rejection(action: () => unknown): EngineInputError {
  try {
    action();
  } catch (error) {
    if (error instanceof EngineInputError) return error;
    throw error;
  }
  throw new Error('accepted a malformed input');
}

describe('validation', () => {
  it('accepts the valid base input and fills defaults', () => {
    const input = validInput() as unknown as Record<string, unknown>;
    delete input.state;
    delete input.recoupments;
    const checked = validateInput(input);
    expect(checked.state).toEqual({ counters: {}, recoupments: {} });
    expect(checked.recoupments).toEqual([]);
  });

  describe.each(malformedInputs)('$name', ({ input, error }) => {
    it('validate.ts names the field path', () => {
      const rejected = rejection(() => validateInput(input));
      expect(rejected.message).toBe(error);
      expect(rejected.message).not.toContain('\n');
    });

    it('the reference entry rejects it whole', () => {
      expect(rejection(() => calculateReference(input as EngineInput)).message).toBe(error);
    });

    it('calculate() rejects before any engine runs, on both backends', async () => {
      for (const backend of ['wasm', 'decimal'] as const) {
        await expect(calculate(input, { backend })).rejects.toThrow(new EngineInputError(error));
      }
    });
  });

  it('rejects values that are not JSON objects at the root', () => {
    expect(rejection(() => validateInput([])).message).toBe('$: not an object');
    expect(rejection(() => validateInput(null)).message).toBe('$: not an object');
  });

  it('rejects calendar dates that do not exist, and keeps leap days', () => {
    const withDate = (date: string) => ({
      ...validInput(),
      records: [{ id: 'r', code: 'C1', units: 1, revenue: '1', date }],
    });
    expect(rejection(() => validateInput(withDate('2026-02-29'))).message).toBe(
      'records[0].date: not a date (YYYY-MM-DD)',
    );
    expect(validateInput(withDate('2028-02-29')).records[0]?.date).toBe('2028-02-29');
  });
});
