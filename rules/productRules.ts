// Product rules shared by the API and the product form (pure: no server imports), so the two
// accept exactly the same types, codes and durations.
import { normaliseCode } from './codes';
import type { CodeKind } from './records';

/** SPEC section 3's product types. */
export const PRODUCT_TYPES = [
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

/** SPEC sections 5 and 9: an ISRC is 12 characters, a UPC/EAN 12 or 13 digits. */
export const ISRC_LENGTH = 12;
/** SPEC sections 5 and 9: a custom code is at most 32 characters. */
export const CUSTOM_CODE_MAX = 32;

/** What is wrong with one code; each has its text on the server and its key in the form. */
export type CodeProblem = 'empty' | 'isrc' | 'upc' | 'custom';

/** As a product's code is compared and stored: one spelling per code (rules/codes.ts). */
export { normaliseCode };

/** What is wrong with a code already normalised (normaliseCode), or null. */
export function codeProblem(normalised: string, kind: CodeKind): CodeProblem | null {
  if (normalised.length === 0) return 'empty';
  if (kind === 'isrc') return /^[A-Z0-9]{12}$/.test(normalised) ? null : 'isrc';
  if (kind === 'upc') return /^\d{12,13}$/.test(normalised) ? null : 'upc';
  return normalised.length <= CUSTOM_CODE_MAX ? null : 'custom';
}

/**
 * A duration typed as whole seconds (`245`) or H:M:S / M:S (`0:04:05`, `4:05`): null when
 * empty, undefined when it is neither.
 */
export function readDuration(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = value.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => !/^\d+$/.test(part))) {
    return undefined;
  }
  const numbers = parts.map(Number);
  const [hours = 0, minutes = 0, seconds = 0] = numbers.length === 3 ? numbers : [0, ...numbers];
  if (minutes > 59 || seconds > 59) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
}
