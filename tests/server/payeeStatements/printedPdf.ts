// The figures an English payee statement PDF prints, read back from its text as a reader sees
// them, and the sums an accountant checks on paper.
import Decimal from 'decimal.js';
import { PDFParse } from 'pdf-parse';

export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

// An amount as en-US prints money at the end of a line: `$1,234.56`, `(€0.01)`, `¥4`.
const AMOUNT_AT_END = /(\()?[$€¥£]([\d,]+(?:\.\d+)?)\)?$/;

function amountOf(line: string): Decimal | null {
  const match = AMOUNT_AT_END.exec(line.trim());
  if (!match) return null;
  const value = new Decimal(match[2]!.replace(/,/g, ''));
  return match[1] ? value.negated() : value;
}

export interface PrintedStatement {
  lines: Decimal[];
  linesRounding: Decimal;
  /** The total under the lines. */
  linesTotal: Decimal;
  recoupments: Decimal[];
  recoupmentsRounding: Decimal;
  recoupmentsTotal: Decimal | null;
  /** The Totals section, label by label. */
  totals: Map<string, Decimal>;
  /** The Totals' rounding above the payout, and the one above the carried balance. */
  payoutRounding: Decimal;
  balanceRounding: Decimal;
}

/** Splits the printed text at its headings and reads each figure. */
export function readPrinted(text: string): PrintedStatement {
  const rows = text.split('\n').map((row) => row.trim());
  const at = (heading: string) => {
    const index = rows.indexOf(heading);
    if (index < 0) throw new Error(`The PDF has no "${heading}"`);
    return index;
  };
  const linesStart = at('Product Code Units Amount') + 1;
  const recoupmentsStart = at('Recoupments taken from you') + 1;
  const totalsStart = at('Totals') + 1;

  const printed: PrintedStatement = {
    lines: [],
    linesRounding: new Decimal(0),
    linesTotal: new Decimal(0),
    recoupments: [],
    recoupmentsRounding: new Decimal(0),
    recoupmentsTotal: null,
    totals: new Map(),
    payoutRounding: new Decimal(0),
    balanceRounding: new Decimal(0),
  };
  for (const row of rows.slice(linesStart, recoupmentsStart - 1)) {
    const amount = amountOf(row);
    if (!amount) continue;
    if (row.startsWith('Rounding ')) printed.linesRounding = amount;
    else if (row.startsWith('Earned ')) printed.linesTotal = amount;
    else printed.lines.push(amount);
  }
  for (const row of rows.slice(recoupmentsStart, totalsStart - 1)) {
    const amount = amountOf(row);
    if (!amount) continue;
    if (row.startsWith('Rounding ')) printed.recoupmentsRounding = amount;
    else if (row.startsWith('Recouped ')) printed.recoupmentsTotal = amount;
    else printed.recoupments.push(amount);
  }
  for (const row of rows.slice(totalsStart)) {
    const amount = amountOf(row);
    if (!amount) continue;
    const label = row.slice(0, row.lastIndexOf(' ')).trim();
    if (label !== 'Rounding') printed.totals.set(label, amount);
    else if (printed.totals.has('Payout')) printed.balanceRounding = amount;
    else printed.payoutRounding = amount;
  }
  return printed;
}

const sum = (amounts: readonly Decimal[]) =>
  amounts.reduce((total, amount) => total.plus(amount), new Decimal(0));

/**
 * What does not add up on paper, each as a sentence; empty when every group sums to its total.
 * The Totals section reads: Earned, (Recouped), Credited [, Rounding] = Payout; Balance brought
 * forward, (Paid) [, Rounding] with the Payout = Balance carried forward.
 */
export function sumsThatFail(printed: PrintedStatement): string[] {
  const failures: string[] = [];
  const check = (what: string, parts: readonly Decimal[], total: Decimal | undefined | null) => {
    const added = sum(parts);
    if (!total || !added.equals(total))
      failures.push(
        `${what}: ${parts.join(' + ')} = ${added.toFixed()}, printed ${total?.toFixed() ?? 'nothing'}`,
      );
  };
  const totals = printed.totals;
  check('lines', [...printed.lines, printed.linesRounding], printed.linesTotal);
  check('earned in the totals', [printed.linesTotal], totals.get('Earned'));
  if (printed.recoupmentsTotal !== null) {
    check(
      'recoupments',
      [...printed.recoupments, printed.recoupmentsRounding],
      printed.recoupmentsTotal,
    );
    check('recouped in the totals', [printed.recoupmentsTotal.negated()], totals.get('Recouped'));
  }
  check(
    'payout',
    [
      totals.get('Earned') ?? new Decimal(NaN),
      totals.get('Recouped') ?? new Decimal(NaN),
      totals.get('Credited') ?? new Decimal(NaN),
      printed.payoutRounding,
    ],
    totals.get('Payout'),
  );
  check(
    'balance',
    [
      totals.get('Balance brought forward') ?? new Decimal(NaN),
      totals.get('Payout') ?? new Decimal(NaN),
      totals.get('Paid from your balance') ?? new Decimal(NaN),
      printed.balanceRounding,
    ],
    totals.get('Balance carried forward'),
  );
  return failures;
}
