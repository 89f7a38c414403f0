// Product rules shared by the API and the product form (pure: no server imports), so the two
// accept exactly the same types and durations.

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
