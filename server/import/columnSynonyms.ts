import type { RecordCodeKind } from '../../rules/records';
import type { ProposedField } from '../../api/layouts';

/** What a column of a statement can be read as: a code of some kind, a record field, a currency. */
export type ColumnMeaning =
  { field: 'code'; kind: RecordCodeKind } | { field: ProposedField } | { field: 'currency' };

interface Synonyms {
  meaning: ColumnMeaning;
  /** Names as distributors write them, best first; compared as words (see `columnWords`). */
  names: readonly string[];
  /**
   * A column with one of these words (or phrases, `track count`) is never this field ("Unit
   * Price" is no revenue, "Track Count" no units).
   */
  notWith?: readonly string[];
}

/**
 * The one table of what distributors call each column, used to propose a layout from a sample.
 * A column whose name is one of these, or holds one of them as whole words, is mapped to it;
 * any other column is left for the label to map.
 */
export const COLUMN_SYNONYMS: readonly Synonyms[] = [
  { meaning: { field: 'code', kind: 'isrc' }, names: ['isrc', 'isrc code', 'asset isrc'] },
  {
    meaning: { field: 'code', kind: 'upc' },
    names: ['upc', 'ean', 'upc ean', 'barcode', 'upc code', 'product upc', 'gtin'],
  },
  {
    meaning: { field: 'code', kind: 'custom' },
    names: [
      'catalog number',
      'catalogue number',
      'catalog no',
      'catalog nb',
      'cat no',
      'catalog',
      'catalogue',
      'sku',
      'product code',
      'code',
    ],
    notWith: ['country', 'territory', 'currency', 'postal', 'zip'],
  },
  {
    meaning: { field: 'title' },
    names: [
      'track title',
      'track name',
      'song title',
      'sound recording title',
      'recording title',
      'asset title',
      'song name',
      'title',
      'track',
      'song',
      'release title',
      'release name',
      'album title',
      'album name',
      'album',
      'release',
      'product title',
      'item name',
    ],
    notWith: ['artist', 'artists', 'label', 'id', 'count', 'version', 'type', 'number', 'no', 'nb'],
  },
  {
    meaning: { field: 'artist' },
    names: ['artist name', 'artist', 'track artist', 'release artist', 'artists', 'performer'],
  },
  {
    meaning: { field: 'territory' },
    names: [
      'country of sale',
      'sale country',
      'sales country',
      'territory',
      'country',
      'country code',
      'region',
    ],
    notWith: ['currency'],
  },
  {
    meaning: { field: 'units' },
    names: [
      'units',
      'quantity',
      'qty',
      'count',
      'units sold',
      'streams',
      'plays',
      'downloads',
      'owned views',
      'views',
      'performances',
    ],
    notWith: [
      'price',
      'rate',
      'country',
      'amount',
      'revenue',
      'id',
      // How many tracks a release holds: no sale.
      'track count',
      'tracks count',
      'number of tracks',
      'tracks',
    ],
  },
  {
    meaning: { field: 'revenue' },
    names: [
      'net revenue',
      'net royalty',
      'net earnings',
      'net amount',
      'net payable',
      'revenue',
      'royalty',
      'royalties',
      'earnings',
      'net',
      'amount',
      'payable',
      'total earned',
      'net receipts',
      'gross revenue',
      'gross',
    ],
    notWith: [
      'price',
      'rate',
      'fee',
      'tax',
      'withheld',
      'recoup',
      'currency',
      'percent',
      'share',
      'id',
      'number',
      'count',
    ],
  },
  {
    // What the label is owed of a split: a share as an amount, never its rate.
    meaning: { field: 'revenue' },
    names: ['your share', 'label share', 'share amount', 'net share', 'payout', 'amount due'],
    notWith: ['rate', 'percent', 'pct', 'id'],
  },
  {
    meaning: { field: 'currency' },
    names: ['currency', 'currency code', 'payment currency', 'royalty currency'],
  },
  {
    meaning: { field: 'date' },
    names: [
      'sale month',
      'sales month',
      'sale day',
      'sale date',
      'sales date',
      'sale period',
      'sales period',
      'transaction date',
      'activity period',
      'date',
      'month',
      'period',
      'reporting period',
      'reporting month',
      'reporting date',
      'statement period',
      'day',
    ],
  },
  {
    meaning: { field: 'service' },
    names: [
      'store',
      'store name',
      'service',
      'platform',
      'retailer',
      'dsp',
      'digital service provider',
      'partner',
      'shop',
    ],
  },
  {
    meaning: { field: 'format' },
    names: [
      'format',
      'product type',
      'sale type',
      'sales type',
      'type',
      'content type',
      'delivery',
      'usage type',
    ],
    notWith: ['currency', 'code'],
  },
];

/**
 * A column's name as words to compare: case, parts in brackets (`(EUR)`, `[USD]`) and
 * punctuation left out, so `Net Revenue (EUR)` is `net revenue` and `# Units Sold` is `units sold`.
 */
export function columnWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
}

const containsWords = (words: readonly string[], phrase: readonly string[]) =>
  phrase.length > 0 &&
  words.some((_, at) => phrase.every((word, offset) => words[at + offset] === word));

/** How well a column's name fits one synonym entry: 0 none; an exact name beats a contained one. */
export function synonymScore(name: string, synonyms: Synonyms): number {
  const words = columnWords(name);
  if (words.length === 0) return 0;
  if (synonyms.notWith?.some((phrase) => containsWords(words, phrase.split(' ')))) return 0;
  const phrases = synonyms.names.map((synonym) => synonym.split(' '));
  const exact = phrases.findIndex((phrase) => phrase.join(' ') === words.join(' '));
  if (exact !== -1) return 2000 - exact;
  const contained = phrases.findIndex((phrase) => containsWords(words, phrase));
  if (contained !== -1) return 1000 - contained;
  return 0;
}

const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));
/** `Net Revenue (EUR)`, `Royalty [USD]`: a currency code in brackets. */
const BRACKETED_CURRENCY = /([([])\s*([A-Za-z]{3})\s*([)\]])/;
/** `Revenue EUR`, `Net Revenue in EUR`, `EARNINGS_USD`: a code in capitals ending the name. */
const TRAILING_CURRENCY = /(^|[^A-Za-z])([A-Z]{3})\s*$/;

/**
 * The currency code a column's name carries, and the name as a layout writes it with
 * `{currency}` in the code's place, so a file of the same layout in another currency reads too.
 */
export function currencyInName(name: string): { code: string; layoutName: string } | null {
  const bracketed = BRACKETED_CURRENCY.exec(name);
  if (bracketed?.[2] && knownCurrencies.has(bracketed[2].toUpperCase()))
    return {
      code: bracketed[2].toUpperCase(),
      layoutName: name.replace(BRACKETED_CURRENCY, '$1{currency}$3'),
    };
  const trailing = TRAILING_CURRENCY.exec(name);
  // Not the whole name: `EUR` alone is a column of amounts in euros, or a currency column.
  if (
    trailing?.[2] &&
    trailing.index + (trailing[1] ?? '').length > 0 &&
    knownCurrencies.has(trailing[2])
  )
    return { code: trailing[2], layoutName: name.replace(TRAILING_CURRENCY, '$1{currency}') };
  return null;
}

/** The name without the currency code it carries: `Net Revenue in EUR` is `Net Revenue`. */
export function withoutCurrency(name: string): string {
  const found = currencyInName(name);
  if (!found) return name;
  return found.layoutName.replace(/(\s+in)?\s*[([]?\s*\{currency\}\s*[)\]]?/i, ' ');
}

/** The meaning a column's name suggests, with its score, or null when nothing fits it. */
export function meaningOf(name: string): { meaning: ColumnMeaning; score: number } | null {
  let best: { meaning: ColumnMeaning; score: number } | null = null;
  const bare = withoutCurrency(name);
  for (const synonyms of COLUMN_SYNONYMS) {
    const score = synonymScore(bare, synonyms);
    if (score > 0 && (!best || score > best.score)) best = { meaning: synonyms.meaning, score };
  }
  return best;
}
