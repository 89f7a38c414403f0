// What a reading of a statement gives, per currency, before it counts: rows, revenue, units,
// dates and the territories that earn most. Shown where a layout is tried, in the upload's
// preview and on the statement, so that a total 100,000 times too big is seen at a glance.

/** The territories a summary names, those that earn most first. */
export const TOP_TERRITORIES = 5;

/** A territory's share of a currency's revenue (null: the statement names none). */
export interface TerritoryTotal {
  territory: string | null;
  revenue: string;
  rows: number;
}

/** One currency of a reading (null: the statement names none). Amounts are exact decimal text. */
export interface CurrencySummary {
  currency: string | null;
  rows: number;
  revenue: string;
  units: string;
  /** `YYYY-MM-DD`; null when no row has a date. */
  firstDate: string | null;
  lastDate: string | null;
  territories: TerritoryTotal[];
}

/** The fields of a record a summary reads. */
export interface SummarisedRecord {
  currency: string | null;
  revenue: string;
  units: number;
  date: string | null;
  territory: string | null;
}

const SCALE = 12;
const ONE = 10n ** BigInt(SCALE);

function scaled(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const value =
    BigInt(integer || '0') * ONE + BigInt((fraction + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return negative ? -value : value;
}

function decimal(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}${fraction ? `.${fraction}` : ''}`;
}

const abs = (value: bigint) => (value < 0n ? -value : value);

interface Tally {
  rows: number;
  revenue: bigint;
  units: bigint;
  firstDate: string | null;
  lastDate: string | null;
  territories: Map<string | null, { revenue: bigint; rows: number }>;
}

/** Adds records one by one (a reading may be millions of rows) and says what they come to. */
export class ReadingSummary {
  private readonly tallies = new Map<string | null, Tally>();

  add(record: SummarisedRecord): void {
    let tally = this.tallies.get(record.currency);
    if (!tally) {
      tally = {
        rows: 0,
        revenue: 0n,
        units: 0n,
        firstDate: null,
        lastDate: null,
        territories: new Map(),
      };
      this.tallies.set(record.currency, tally);
    }
    const revenue = scaled(record.revenue);
    tally.rows++;
    tally.revenue += revenue;
    tally.units += BigInt(record.units);
    if (record.date !== null) {
      if (tally.firstDate === null || record.date < tally.firstDate) tally.firstDate = record.date;
      if (tally.lastDate === null || record.date > tally.lastDate) tally.lastDate = record.date;
    }
    const territory = tally.territories.get(record.territory) ?? { revenue: 0n, rows: 0 };
    territory.revenue += revenue;
    territory.rows++;
    tally.territories.set(record.territory, territory);
  }

  /** Per currency, the most rows first; each currency's territories that earn most first. */
  result(): CurrencySummary[] {
    return [...this.tallies]
      .map(([currency, tally]) => ({
        currency,
        rows: tally.rows,
        revenue: decimal(tally.revenue),
        units: tally.units.toString(),
        firstDate: tally.firstDate,
        lastDate: tally.lastDate,
        territories: topTerritories(tally.territories),
      }))
      .sort((a, b) => b.rows - a.rows || String(a.currency).localeCompare(String(b.currency)));
  }
}

function topTerritories(
  territories: Map<string | null, { revenue: bigint; rows: number }>,
): TerritoryTotal[] {
  return [...territories]
    .sort(
      ([a, x], [b, y]) =>
        (abs(y.revenue) > abs(x.revenue) ? 1 : abs(y.revenue) < abs(x.revenue) ? -1 : 0) ||
        String(a).localeCompare(String(b)),
    )
    .slice(0, TOP_TERRITORIES)
    .map(([territory, total]) => ({
      territory,
      revenue: decimal(total.revenue),
      rows: total.rows,
    }));
}

/** The summary of a list of records, as the layout editor's preview reads them. */
export function summariseRecords(records: Iterable<SummarisedRecord>): CurrencySummary[] {
  const summary = new ReadingSummary();
  for (const record of records) summary.add(record);
  return summary.result();
}
