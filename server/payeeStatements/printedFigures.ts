import Decimal from 'decimal.js';
import type { PayeeStatement } from '../../api/payeeStatements';
import { minorUnitsOf } from '../../rules/currencies';

/**
 * The figures a payee statement prints, as decimal text, so that each group adds up on paper as an
 * accountant reads it. Lines, recoupments and totals show the currency's minor units; a Rounding
 * figure (null when there is nothing to round) closes the gap between the rounded parts and their
 * rounded total. The balances show every decimal the ledger keeps, as the carried balance must:
 * brought forward + payout − paid + rounding = carried. The exact figure of each line stays in
 * the CSV and the JSON.
 */
export interface PrintedFigures {
  lines: string[];
  linesRounding: string | null;
  earned: string;
  recoupments: string[];
  recoupmentsRounding: string | null;
  recouped: string;
  credited: string;
  /** earned − recouped + credited + payoutRounding = payout. */
  payoutRounding: string | null;
  payout: string;
  broughtForward: string;
  /** Held back in the payee's reserve, and returns the reserve took (README: reserves). */
  withheld: string;
  charged: string;
  paid: string;
  /**
   * broughtForward + payout − withheld + charged − paid + balanceRounding = carried, every
   * decimal shown.
   */
  balanceRounding: string | null;
  carried: string;
}

export function printedFigures(statement: PayeeStatement): PrintedFigures {
  const minorUnits = minorUnitsOf(statement.currency);
  // Half away from zero, as the browser's and the PDF's number formats round.
  const rounded = (amount: string) =>
    new Decimal(amount).toDecimalPlaces(minorUnits, Decimal.ROUND_HALF_UP);
  const sum = (amounts: readonly Decimal[]) =>
    amounts.reduce((total, amount) => total.plus(amount), new Decimal(0));
  const text = (amount: Decimal) => amount.toFixed();
  const money = (amount: Decimal) => amount.toFixed(minorUnits);
  const rounding = (total: Decimal, parts: readonly Decimal[]) => {
    const gap = total.minus(sum(parts));
    return gap.isZero() ? null : text(gap);
  };

  const lines = statement.lines.map((line) => rounded(line.amount));
  const earned = rounded(statement.earned);
  const recoupments = statement.recoupments.map((recoupment) => rounded(recoupment.amount));
  const recouped = rounded(statement.recouped);
  const credited = rounded(statement.credited);
  const payout = rounded(statement.payout);
  const broughtForward = new Decimal(statement.broughtForward);
  const paid = new Decimal(statement.paid);
  const withheld = new Decimal(statement.reserve?.withheld ?? 0);
  const charged = new Decimal(statement.reserve?.charged ?? 0);
  const carried = new Decimal(statement.carried);
  return {
    lines: lines.map(money),
    linesRounding: rounding(earned, lines),
    earned: money(earned),
    recoupments: recoupments.map(money),
    recoupmentsRounding: rounding(recouped, recoupments),
    recouped: money(recouped),
    credited: money(credited),
    payoutRounding: rounding(payout, [earned, recouped.negated(), credited]),
    payout: money(payout),
    broughtForward: text(broughtForward),
    withheld: text(withheld),
    charged: text(charged),
    paid: text(paid),
    balanceRounding: rounding(carried, [
      broughtForward,
      payout,
      withheld.negated(),
      charged,
      paid.negated(),
    ]),
    carried: text(carried),
  };
}
