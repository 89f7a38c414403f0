import type { RecordCodeKind } from '../../rules/records';
import type { ProposedField } from '../../api/layouts';

/** What a column of a statement can be read as: a code of some kind, a record field, a currency. */
export type ColumnMeaning =
  { field: 'code'; kind: RecordCodeKind } | { field: ProposedField } | { field: 'currency' };

interface Synonyms {
  meaning: ColumnMeaning;
  /** Names as distributors write them, best first; compared as words (see `columnWords`). */
  names: readonly string[];
  /** A column with one of these words is never this field ("Unit Price" is no revenue). */
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
    names: ['units', 'quantity', 'qty', 'count', 'units sold', 'streams', 'plays', 'downloads'],
    notWith: ['price', 'rate', 'country', 'amount', 'revenue'],
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
    ],
    notWith: ['price', 'rate', 'fee', 'tax', 'withheld', 'recoup', 'currency', 'percent', 'share'],
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
  if (synonyms.notWith?.some((word) => words.includes(word))) return 0;
  const phrases = synonyms.names.map((synonym) => synonym.split(' '));
  const exact = phrases.findIndex((phrase) => phrase.join(' ') === words.join(' '));
  if (exact !== -1) return 2000 - exact;
  const contained = phrases.findIndex((phrase) => containsWords(words, phrase));
  if (contained !== -1) return 1000 - contained;
  return 0;
}

/** The meaning a column's name suggests, with its score, or null when nothing fits it. */
export function meaningOf(name: string): { meaning: ColumnMeaning; score: number } | null {
  let best: { meaning: ColumnMeaning; score: number } | null = null;
  for (const synonyms of COLUMN_SYNONYMS) {
    const score = synonymScore(name, synonyms);
    if (score > 0 && (!best || score > best.score)) best = { meaning: synonyms.meaning, score };
  }
  return best;
}
