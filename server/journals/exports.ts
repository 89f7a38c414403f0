import { Exact as Decimal } from './exact';
import type { Journal, JournalEntry } from '../../api/journals';
import { minorUnitsOf } from '../../rules/currencies';
import { toCsv, type CsvCell } from '../format/csv';

/**
 * The files the label's accountant imports. An entry whose movement rounds to nothing in minor
 * units carries no line: QuickBooks and Xero refuse a line of zero.
 */
const booked = (entry: JournalEntry) =>
  entry.lines.every((line) => !/^0(\.0+)?$/.test(amountOf(line)));

const amountOf = (line: JournalEntry['lines'][number]) => line.debit ?? line.credit ?? '0';

const text = (value: string | null): CsvCell => ({ text: value });
const decimal = (value: string | null): CsvCell =>
  value === null ? { text: null } : { decimal: value };

/** `YYYY-MM-DD` as QuickBooks Online reads dates: MM/DD/YYYY. */
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
/** `YYYY-MM-DD` as Xero's manual journal import reads dates: dd/mm/yyyy. */
const xeroDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** What one entry is called in the books: its period and currency, then what it moved. */
export const narrationOf = (journal: Journal, entry: JournalEntry) =>
  `${journal.period} ${entry.currency}: ${entry.description}`;

export const QUICKBOOKS_HEADER = [
  'Journal No',
  'Journal Date',
  'Account',
  'Debits',
  'Credits',
  'Description',
  'Name',
  'Currency Code',
  'Memo',
] as const;

/**
 * QuickBooks Online's journal entry import: a row per line, the lines of one entry sharing its
 * journal number and date; debits and credits in their own columns, the other one empty; the
 * account by its name in the label's chart (QuickBooks matches names); one currency per entry.
 */
export function quickbooksCsv(journal: Journal): string {
  const rows = journal.entries
    .filter(booked)
    .flatMap((entry) =>
      entry.lines.map((line) => [
        text(entry.number),
        text(usDate(entry.date)),
        text(line.name),
        decimal(line.debit),
        decimal(line.credit),
        text(entry.description),
        text(null),
        text(entry.currency),
        text(narrationOf(journal, entry)),
      ]),
    );
  return toCsv(QUICKBOOKS_HEADER, rows);
}

export const XERO_HEADER = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const;

/**
 * Xero's manual journal import: the rows of one journal share its narration and date; the
 * account by its code; a debit is a positive amount and a credit a negative one; every line
 * carries the label's tax rate name. Xero's manual journals are in the organisation's currency:
 * the narration names the currency, and the route takes one currency at a time.
 */
export function xeroCsv(journal: Journal, taxRate: string): string {
  const rows = journal.entries
    .filter(booked)
    .flatMap((entry) =>
      entry.lines.map((line) => [
        text(narrationOf(journal, entry)),
        text(xeroDate(entry.date)),
        text(`${entry.description} (${line.name})`),
        text(line.code),
        text(taxRate),
        decimal(line.debit ?? new Decimal(line.credit ?? '0').negated().toFixed()),
        text(null),
        text(null),
        text(null),
        text(null),
      ]),
    );
  return toCsv(XERO_HEADER, rows);
}

export interface TrialBalanceRow {
  currency: string;
  code: string;
  name: string;
  /** What the account's debits exceed its credits by in the period; null when they do not. */
  debit: string | null;
  credit: string | null;
}

/**
 * The period's trial balance: per currency and account code, what the period's entries moved,
 * net, in the debit or the credit column, then the currency's totals (equal).
 */
export function trialBalance(journal: Journal): {
  rows: TrialBalanceRow[];
  totals: TrialBalanceRow[];
} {
  const net = new Map<string, { currency: string; code: string; name: string; net: Decimal }>();
  for (const entry of journal.entries)
    for (const line of entry.lines) {
      const id = `${entry.currency}|${line.code}`;
      const found = net.get(id) ?? {
        currency: entry.currency,
        code: line.code,
        name: line.name,
        net: new Decimal(0),
      };
      found.net = found.net.plus(line.debit ?? 0).minus(line.credit ?? 0);
      net.set(id, found);
    }
  const rows = [...net.values()]
    .filter((account) => !account.net.isZero())
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.code.localeCompare(b.code))
    .map((account) => {
      const places = minorUnitsOf(account.currency);
      return {
        currency: account.currency,
        code: account.code,
        name: account.name,
        debit: account.net.isPositive() ? account.net.toFixed(places) : null,
        credit: account.net.isNegative() ? account.net.negated().toFixed(places) : null,
      };
    });
  const currencies = [...new Set(rows.map((row) => row.currency))];
  const totals = currencies.map((currency) => {
    const places = minorUnitsOf(currency);
    const sum = (side: 'debit' | 'credit') =>
      rows
        .filter((row) => row.currency === currency)
        .reduce((total, row) => total.plus(row[side] ?? 0), new Decimal(0))
        .toFixed(places);
    return { currency, code: '', name: '', debit: sum('debit'), credit: sum('credit') };
  });
  return { rows, totals };
}

export const TRIAL_BALANCE_HEADER = [
  'Currency',
  'Account Code',
  'Account Name',
  'Debit',
  'Credit',
] as const;

/** The trial balance as CSV: its accounts, then a total row per currency named `totalName`. */
export function trialBalanceCsv(journal: Journal, totalName: string): string {
  const { rows, totals } = trialBalance(journal);
  const cells = (row: TrialBalanceRow, name: string) => [
    text(row.currency),
    text(row.code || null),
    text(name),
    decimal(row.debit),
    decimal(row.credit),
  ];
  return toCsv(TRIAL_BALANCE_HEADER, [
    ...rows.map((row) => cells(row, row.name)),
    ...totals.map((row) => cells(row, totalName)),
  ]);
}
