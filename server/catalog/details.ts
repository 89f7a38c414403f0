import { BadRequestError } from '../errors';
import { readDuration } from '../../rules/productRules';

export const DURATION_MESSAGE = 'Duration must be seconds or H:M:S.';

/** A duration as whole seconds (`245`) or H:M:S / M:S (`0:04:05`, `4:05`). */
export function parseDuration(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return value;
    throw new BadRequestError(DURATION_MESSAGE);
  }
  // Blank text that is not empty is refused, as any other text that is not a duration.
  const seconds = value.trim() === '' ? undefined : readDuration(value);
  if (seconds === undefined || seconds === null) throw new BadRequestError(DURATION_MESSAGE);
  return seconds;
}
