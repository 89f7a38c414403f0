import Decimal from 'decimal.js';
import { APPROVED_STATEMENT_STATES, monthsOfPeriod, type PeriodKey } from '../../rules/periods';
import type { Queryable } from '../db/database';
import { periodFirstMonthSql, periodTransfersSql } from '../events/readModels/periodTransfers';
import { PERIOD_SUMMARY_FIGURES } from '../../api/periods';
import type { PeriodCurrencySummary } from '../events/types';

/** A statement counts in its period's figures once approved (its payouts were credited). */
export const APPROVED_STATES = APPROVED_STATEMENT_STATES;

/** Payee balances and their reserves: what the label owes its payees, kept or withheld. */
const balanceSql = (account: string) => `split_part(${account}, ':', 1) in ('payee', 'reserve')`;

/**
 * The transfers of period `$2` of label `$1`: those stamped with it, or (before its close) those
 * its close will stamp (`$3` is its last month). The same rows before and after the close.
 */
const inPeriodSql = `t.account_id = $1 and (t.period = $2 or (${periodTransfersSql('t', '$1', '$3')}))`;

interface LedgerRow {
  currency: string;
  funds: string;
  payouts: string;
  withheld: string;
  released: string;
  charged: string;
  payments: string;
  fees: string;
  net: string;
}

/**
 * A return charged to a payee's reserve moves reserve → balance as a release does; its transfer
 * is the statement's (`reserve-return:<calculation>:<payee>`, server/reserves/service.ts), a
 * release the payment batch's (`reserve-release:…`).
 */
const RESERVE_TO_BALANCE = "t.debit_account like 'reserve:%' and t.credit_account like 'payee:%'";
const CHARGED = "t.id like 'reserve-return:%'";

const sumWhere = (condition: string) =>
  `trim_scale(coalesce(sum(t.amount) filter (where ${condition}), 0))::text`;

/**
 * The period's figures per currency. Revenue, the distributor take and recoupments come from the
 * approved statements whose report month is in the period; everything else from the ledger
 * transfers of the period, so they tie to the ledger exactly: carried forward = brought forward +
 * payouts − payments made + other balance movements (reserves move within the balances).
 */
export async function periodSummary(
  tx: Queryable,
  accountId: string,
  period: PeriodKey,
): Promise<PeriodCurrencySummary[]> {
  const months = monthsOfPeriod(period);
  const last = months[months.length - 1]!;
  const ledger = await tx.query<LedgerRow>(
    `select t.currency,
            ${sumWhere("t.debit_account like 'bank:%' and t.credit_account like 'funding:%'")} as funds,
            ${sumWhere("t.debit_account like 'funding:%' and t.credit_account like 'payee:%'")} as payouts,
            ${sumWhere("t.debit_account like 'payee:%' and t.credit_account like 'reserve:%'")} as withheld,
            ${sumWhere(`${RESERVE_TO_BALANCE} and not ${CHARGED}`)} as released,
            ${sumWhere(`${RESERVE_TO_BALANCE} and ${CHARGED}`)} as charged,
            ${sumWhere("t.debit_account like 'payee:%' and t.credit_account like 'payouts:%'")} as payments,
            ${sumWhere("t.credit_account like 'fees:%' or t.credit_account like 'microdeposits:%'")} as fees,
            trim_scale(coalesce(sum(case when ${balanceSql('t.credit_account')} then t.amount else 0 end
                                  - case when ${balanceSql('t.debit_account')} then t.amount else 0 end), 0))::text
              as net
       from ledger_transfers t where ${inPeriodSql} group by t.currency`,
    [accountId, period, last],
  );
  const brought = await tx.query<{ currency: string; balance: string }>(
    `select t.currency,
            trim_scale(sum(case when ${balanceSql('t.credit_account')} then t.amount else 0 end
                         - case when ${balanceSql('t.debit_account')} then t.amount else 0 end))::text
              as balance
       from ledger_transfers t
      where t.account_id = $1 and t.period is not null
        and ${periodFirstMonthSql('t.period')} < $2
      group by t.currency`,
    [accountId, months[0]],
  );
  const statements = await tx.query<{ currency: string; revenue: string; take: string }>(
    `select coalesce(s.currency, 'USD') as currency,
            trim_scale(coalesce(sum((c.totals ->> 'gross')::numeric), 0))::text as revenue,
            trim_scale(coalesce(sum((c.totals ->> 'take')::numeric), 0))::text as take
       from statements s join calculations c on c.id = s.calculation_id
      where s.account_id = $1 and s.period = any($2::text[]) and s.state = any($3::text[])
      group by 1`,
    [accountId, months, APPROVED_STATES],
  );
  const recouped = await tx.query<{ currency: string; taken: string }>(
    `select r.currency, trim_scale(sum(rr.amount))::text as taken
       from recoupment_remittances rr
       join statements s on s.id = rr.statement_id and s.calculation_id = rr.calculation_id
       join recoupments r on r.id = rr.recoupment_id
      where s.account_id = $1 and s.period = any($2::text[]) and s.state = any($3::text[])
      group by r.currency`,
    [accountId, months, APPROVED_STATES],
  );
  const currencies = [
    ...new Set([...ledger, ...brought, ...statements, ...recouped].map((row) => row.currency)),
  ].sort();
  return currencies.map((currency) => {
    const moves = ledger.find((row) => row.currency === currency);
    const opening = brought.find((row) => row.currency === currency)?.balance ?? '0';
    const figures = statements.find((row) => row.currency === currency);
    const net = new Decimal(moves?.net ?? 0);
    const payouts = moves?.payouts ?? '0';
    const payments = moves?.payments ?? '0';
    return {
      currency,
      revenue: figures?.revenue ?? '0',
      distributorTake: figures?.take ?? '0',
      recoupmentsTaken: recouped.find((row) => row.currency === currency)?.taken ?? '0',
      fundsReceived: moves?.funds ?? '0',
      payouts,
      reservesWithheld: moves?.withheld ?? '0',
      reservesReleased: moves?.released ?? '0',
      returnsChargedToReserve: moves?.charged ?? '0',
      paymentsMade: payments,
      fees: moves?.fees ?? '0',
      otherBalanceMovements: net.minus(payouts).plus(payments).toFixed(),
      broughtForward: new Decimal(opening).toFixed(),
      carriedForward: new Decimal(opening).plus(net).toFixed(),
    };
  });
}

/** The summary's columns, in the CSV's order: the currency, then its figures. */
export const SUMMARY_FIELDS = ['currency', ...PERIOD_SUMMARY_FIGURES] as const;
