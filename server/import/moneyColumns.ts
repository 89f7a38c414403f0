import type {
  ColumnCandidate,
  ColumnMapping,
  FieldChoice,
  SetAsideColumn,
} from '../../api/layouts';
import { shapeOf, totalsOf, type ValueShape } from './columnEvidence';
import {
  COLUMN_SYNONYMS,
  columnWords,
  currencyInName,
  synonymScore,
  withoutCurrency,
} from './columnSynonyms';

type MoneyField = 'revenue' | 'units';

/** Where a proposal stands on one money field. */
export type MoneyPick =
  | { field: MoneyField; chosen: number }
  | { field: MoneyField; ask: number[] }
  | { field: MoneyField; none: true };

export interface MoneyColumns {
  revenue: MoneyPick;
  units: MoneyPick;
  setAside: SetAsideColumn[];
}

// What the label is owed, from most to least sure: a net or a share paid out; a royalty or
// earnings; a plain revenue or amount. Gross, customer, retail and pre-split totals come last,
// with receipts: what the distributor received, before the label's share of it.
const OWED_FIRST = [
  ['net', 'payable', 'payout', 'due', 'share', 'label', 'your'],
  ['royalty', 'royalties', 'earnings', 'earned', 'income'],
];
const NOT_OWED = [
  'gross',
  'customer',
  'retail',
  'consumer',
  'list',
  'wholesale',
  'before',
  'pre',
  'price',
  'ppd',
  'sales',
  'client',
  'receipts',
  'received',
];
/** Units read as a quantity sold before plays, streams or views. */
const UNITS_FIRST = ['units', 'quantity', 'qty', 'sold'];
/** Names of amounts that are never what the label is owed, left out of the candidates. */
const NEVER_OWED = [
  'price',
  'rate',
  'fee',
  'fees',
  'tax',
  'taxes',
  'withheld',
  'withholding',
  'percent',
  'pct',
  'exchange',
  'fx',
  'vat',
  'cost',
  'deduction',
  'deductions',
  'commission',
];

/** 3 net or share, 2 royalty or earnings, 1 revenue or amount, 0 gross, retail or a total. */
export function owedTier(name: string): number {
  const words = columnWords(withoutCurrency(name));
  if (words.some((word) => NOT_OWED.includes(word))) return 0;
  const at = OWED_FIRST.findIndex((group) => words.some((word) => group.includes(word)));
  if (at !== -1) return 3 - at;
  // A total is of the sale before the label's share, unless it says what was earned.
  return words.includes('total') ? 0 : 1;
}

const fits = (field: MoneyField, name: string) =>
  COLUMN_SYNONYMS.some(
    (synonyms) =>
      synonyms.meaning.field === field && synonymScore(withoutCurrency(name), synonyms) > 0,
  );

/**
 * Which columns hold revenue and units, by name and by the sample's values together. A column
 * whose values are ids, codes, dates or text is never taken (it is set aside, named). Revenue is
 * chosen alone only when one plausible column is surely what the label is owed (a net, a share,
 * a royalty) or is the only amount there is; two plausible columns, or a gross one, are asked.
 * Units are chosen alone only when one column of whole numbers fits.
 */
export function chooseMoneyColumns(
  header: readonly string[],
  rows: readonly string[][],
  columns: readonly ColumnMapping[],
  decimalComma: boolean,
): MoneyColumns {
  const cells = (at: number) => rows.map((row) => row[at] ?? '');
  const shapes = header.map((_, at) => shapeOf(cells(at), decimalComma));
  const sampled = rows.length > 0;
  const mappedElsewhere = new Set(
    columns.flatMap((column) =>
      column.field !== null && column.field !== 'revenue' && column.field !== 'units'
        ? [column.column]
        : [],
    ),
  );
  const setAside: SetAsideColumn[] = [];
  const named = (field: MoneyField) =>
    header.flatMap((name, at) =>
      name.trim() !== '' && !mappedElsewhere.has(name) && fits(field, name) ? [at] : [],
    );
  const plausible = (field: MoneyField, shape: ValueShape) =>
    !sampled || (field === 'revenue' && shape === 'amounts');
  const candidatesOf = (field: MoneyField) =>
    named(field).filter((at) => {
      const shape = shapes[at] ?? 'blank';
      if (shape === 'blank' || shape === 'counts' || plausible(field, shape)) return true;
      setAside.push({ column: header[at] ?? '', field, looksLike: shape });
      return false;
    });

  const revenueNamed = candidatesOf('revenue');
  const unitsNamed = candidatesOf('units').filter((at) => !revenueNamed.includes(at));
  const byTier = [...revenueNamed].sort(
    (a, b) => owedTier(header[b] ?? '') - owedTier(header[a] ?? '') || a - b,
  );
  // Amounts under names the synonyms do not know: a share or net the label may be owed.
  const otherAmounts = sampled
    ? header.flatMap((name, at) => {
        const words = columnWords(name);
        return name.trim() !== '' &&
          !revenueNamed.includes(at) &&
          !unitsNamed.includes(at) &&
          !mappedElsewhere.has(name) &&
          !columns.some((column) => column.column === name && column.field !== null) &&
          shapes[at] === 'amounts' &&
          !words.some((word) => NEVER_OWED.includes(word))
          ? [at]
          : [];
      })
    : [];

  let revenue: MoneyPick;
  const top = byTier[0];
  const topTier = top === undefined ? -1 : owedTier(header[top] ?? '');
  const sameTier = byTier.filter((at) => owedTier(header[at] ?? '') === topTier);
  if (top === undefined) {
    revenue =
      otherAmounts.length > 0
        ? { field: 'revenue', ask: otherAmounts }
        : { field: 'revenue', none: true };
  } else if (topTier >= 2 && sameTier.length === 1) {
    revenue = { field: 'revenue', chosen: top };
  } else if (topTier === 1 && byTier.length === 1 && otherAmounts.length === 0) {
    revenue = { field: 'revenue', chosen: top };
  } else {
    revenue = { field: 'revenue', ask: [...byTier, ...otherAmounts] };
  }

  let units: MoneyPick;
  const unitsFirst = (at: number) =>
    columnWords(header[at] ?? '').some((word) => UNITS_FIRST.includes(word)) ? 1 : 0;
  const unitsRanked = [...unitsNamed].sort((a, b) => unitsFirst(b) - unitsFirst(a) || a - b);
  if (unitsRanked.length === 0) units = { field: 'units', none: true };
  else if (unitsRanked.length === 1) units = { field: 'units', chosen: unitsRanked[0] ?? 0 };
  else units = { field: 'units', ask: unitsRanked };
  return { revenue, units, setAside };
}

/** The candidates of a field the label picks from, with their totals over the sample. */
export function fieldChoice(
  pick: MoneyPick,
  header: readonly string[],
  rows: readonly string[][],
  currencyColumn: number,
  decimalComma: boolean,
): FieldChoice | null {
  if (!('ask' in pick)) return null;
  const candidates = pick.ask.map((at): ColumnCandidate => {
    const name = header[at] ?? '';
    const inName = currencyColumn === -1 ? currencyInName(name) : null;
    const currencies = rows.map((row) =>
      currencyColumn === -1
        ? (inName?.code ?? null)
        : row[currencyColumn]?.trim().toUpperCase() || null,
    );
    return {
      column: inName?.layoutName ?? name,
      header: name,
      currencyFromHeader: inName !== null,
      totals: totalsOf(
        rows.map((row) => row[at] ?? ''),
        currencies,
        decimalComma,
      ),
    };
  });
  return { field: pick.field, candidates };
}
