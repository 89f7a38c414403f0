import { BadRequestError } from '../errors';

/** SPEC section 3's product types. */
export const productTypes = [
  'single',
  'EP',
  'album',
  'LP',
  'CD',
  'DVD',
  'cassette',
  '8-track',
  'track',
  'video',
  'copyright',
  'merchandise',
  'ticket',
  'physical',
  'catalog',
  'project',
  'NFT',
  'ringtone',
  'radio',
  'webcast',
  'UGC',
  'streaming',
  'cloud',
  'advertisement',
  'other',
] as const;

export const DURATION_MESSAGE = 'Duration must be seconds or H:M:S.';

/** A duration as whole seconds (`245`) or H:M:S / M:S (`0:04:05`, `4:05`). */
export function parseDuration(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return value;
    throw new BadRequestError(DURATION_MESSAGE);
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => !/^\d+$/.test(part))) {
    throw new BadRequestError(DURATION_MESSAGE);
  }
  const numbers = parts.map(Number);
  const [hours, minutes, seconds] = numbers.length === 3 ? numbers : [0, ...numbers];
  if ((minutes ?? 0) > 59 || (seconds ?? 0) > 59) throw new BadRequestError(DURATION_MESSAGE);
  return (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}
