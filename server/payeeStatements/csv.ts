import type { PayeeStatement } from '../../api/payeeStatements';
import { toCsv, type CsvCell } from '../format/csv';

const HEADER = [
  'statement_id',
  'period',
  'distributor',
  'label',
  'payee',
  'currency',
  'kind',
  'description',
  'code',
  'units',
  'amount',
] as const;

/**
 * One payee statement as CSV: a row per product and code, a row per recoupment that took from
 * the payee, then the totals, each amount the exact decimal the ledger holds.
 */
export function payeeStatementCsv(statement: PayeeStatement): string {
  const row = (
    kind: string,
    description: string,
    code: string | null,
    units: number | null,
    amount: string,
  ): CsvCell[] => [
    { text: statement.statementId },
    { text: statement.period },
    { text: statement.distributor },
    { text: statement.account },
    { text: statement.payee.fullname },
    { text: statement.currency },
    { text: kind },
    { text: description },
    { text: code },
    { integer: units },
    { decimal: amount },
  ];
  const totals: [string, string][] = [
    ['earned', statement.earned],
    ['recouped', statement.recouped],
    ['credited', statement.credited],
    ['payout', statement.payout],
    ['brought_forward', statement.broughtForward],
    ...(statement.reserve
      ? ([
          ['reserve_withheld', statement.reserve.withheld],
          ['reserve_charged', statement.reserve.charged],
        ] as [string, string][])
      : []),
    ['paid', statement.paid],
    ['carried', statement.carried],
  ];
  return toCsv(HEADER, [
    ...statement.lines.map((line) => row('line', line.product, line.code, line.units, line.amount)),
    ...statement.recoupments.map((recoupment) =>
      row('recoupment', recoupment.title, null, null, recoupment.amount),
    ),
    ...totals.map(([name, amount]) => row('total', name, null, null, amount)),
    // Each part of the reserve held back, described by the day it is paid back.
    ...(statement.reserve?.releases ?? []).map((release) =>
      row('reserve_release', release.dueOn, null, null, release.amount),
    ),
  ]);
}

/** `statement-2026-09-distrokid-paco-payee`: readable, ASCII, unique per statement and payee. */
export function payeeStatementFileName(statement: PayeeStatement, extension: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
  const parts = [
    'statement',
    statement.period,
    slug(statement.distributor),
    slug(statement.payee.fullname) || statement.payee.id.slice(0, 8),
  ].filter((part) => part.length > 0);
  return `${parts.join('-')}.${extension}`;
}
