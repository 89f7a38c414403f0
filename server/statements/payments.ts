import { statementCurrencySql } from '../events/readModels/statementCurrency';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { fundingAccount, payeeAccount, payoutsAccount } from '../ledger/accounts';
import { lockLedgerAccounts } from '../ledger/locks';
import type { LedgerTransfer } from '../events/readModels/ledgerTransfers';
import Decimal from 'decimal.js';
import { minorUnitsOf } from '../../rules/currencies';
import { payeeRoleOf, paymentOriginOf, type PaymentOrigin } from '../../rules/paymentOrigin';
import type { Role } from '../../rules/permissions';
import { passbackOf } from '../payments/settings';
import { recordRemittances } from '../recoupments/service';
import { applyReserves } from '../reserves/service';
import { assertStartsFromLatestApproval } from './approvalOrder';
import { assertSplitsUnchanged } from './splitChanges';
import { assertTakeUnchanged } from './takeChanges';
import { transition } from './pipeline';

interface ApprovedStatement {
  account_id: string;
  calculation_id: string | null;
  cashless: boolean;
  currency: string | null;
}

/**
 * Each payee's exact payout moves between the label's funding and the payee's balance: a
 * negative payout is owed back by the payee and nets against what they earn next.
 */
async function payoutTransfers(
  tx: Queryable,
  statement: ApprovedStatement,
  currency: string,
): Promise<LedgerTransfer[]> {
  const payouts = await tx.query<{ payee_id: string; amount: string; negative: boolean }>(
    `select payee_id, trim_scale(abs(payout))::text as amount, payout < 0 as negative
       from statement_payees where calculation_id = $1 and payout <> 0 order by payee_id`,
    [statement.calculation_id],
  );
  const funding = fundingAccount(statement.account_id);
  return payouts.map((payout) => {
    const payee = payeeAccount(statement.account_id, payout.payee_id);
    return {
      transferId: `payout:${statement.calculation_id}:${payout.payee_id}`,
      from: payout.negative ? payee : funding,
      to: payout.negative ? funding : payee,
      amount: payout.amount,
      currency,
    };
  });
}

/**
 * What each payee of the statement is paid: their whole balance in whole minor units of the
 * currency (cents for USD, yen for JPY). The rest of a minor unit stays in the balance for the
 * next payment; a balance below zero or under one minor unit pays nothing.
 */
async function payableBalances(
  tx: Queryable,
  statement: ApprovedStatement,
  currency: string,
): Promise<{ payeeId: string; amount: string; balance: string }[]> {
  // Held until the commit: a retry taking from one of these balances waits, and sees what is left.
  const payees = await tx.query<{ payee_id: string }>(
    'select payee_id from statement_payees where calculation_id = $1',
    [statement.calculation_id],
  );
  await lockLedgerAccounts(
    tx,
    payees.map((payee) => payeeAccount(statement.account_id, payee.payee_id)),
  );
  const rows = await tx.query<{ payee_id: string; amount: string; balance: string }>(
    `with payees as (
       select payee_id, 'payee:' || $2 || ':' || payee_id as ledger_account
         from statement_payees where calculation_id = $1),
     balances as (
       select p.payee_id,
              coalesce((select sum(amount) from ledger_transfers
                         where credit_account = p.ledger_account and currency = $3), 0)
            - coalesce((select sum(amount) from ledger_transfers
                         where debit_account = p.ledger_account and currency = $3), 0) as balance
         from payees p)
     select payee_id, trim_scale(trunc(balance, $4))::text as amount,
            trim_scale(balance)::text as balance
       from balances where trunc(balance, $4) > 0 order by payee_id`,
    [statement.calculation_id, statement.account_id, currency, minorUnitsOf(currency)],
  );
  return rows.map((row) => ({ payeeId: row.payee_id, amount: row.amount, balance: row.balance }));
}

/** What SPEC section 3 lists of a payment that its statement knows. */
interface PaymentFacts {
  origin: PaymentOrigin;
  deduction: string;
  role: string;
  contributing: number;
}

/**
 * Each payee's facts on the statement: what recoupments deducted from their share, the role they
 * are paid in, how many of the statement's lines (product and code) contributed, and whether the
 * money came from their proceeds or from recoupments paying them back.
 */
async function paymentFacts(
  tx: Queryable,
  calculationId: string | null,
): Promise<Map<string, PaymentFacts>> {
  const rows = await tx.query<{
    payee_id: string;
    earned: string;
    recouped: string;
    credited: string;
    roles: Role[] | string | null;
    contributing: number;
  }>(
    `select sp.payee_id, trim_scale(sp.earned)::text as earned,
            trim_scale(sp.recouped)::text as recouped, trim_scale(sp.credited)::text as credited,
            u.roles,
            (select count(*)::int from (select distinct l.product_id, l.code
                                          from statement_lines l
                                         where l.calculation_id = sp.calculation_id
                                           and l.payee_id = sp.payee_id and l.amount <> 0) lines)
              as contributing
       from statement_payees sp left join users u on u.id = sp.payee_id
      where sp.calculation_id = $1`,
    [calculationId],
  );
  return new Map(
    rows.map((row) => {
      const roles = (typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles) as
        Role[] | null;
      return [
        row.payee_id,
        {
          origin: paymentOriginOf(row),
          deduction: row.recouped,
          role: payeeRoleOf(roles ?? []),
          contributing: Number(row.contributing),
        },
      ];
    }),
  );
}

/**
 * Approval and Finalize in one step: the result is approved, each payout is credited to its
 * payee's balance, and a payment (NONE) with its transaction (PREPARE) is prepared for every
 * payee whose balance holds at least one minor unit. The statement is then Ready. Only a result
 * that starts from the latest approved one, by the splits and the take as they are now, is
 * approved (approvalOrder.ts, splitChanges.ts, takeChanges.ts). Cashless statements
 * move no money: nothing is credited or prepared. Moving the money is the payment partner's part.
 */
export async function preparePayments(tx: Queryable, statementId: string, metadata: EventMetadata) {
  await assertStartsFromLatestApproval(tx, statementId);
  await assertSplitsUnchanged(tx, statementId);
  await assertTakeUnchanged(tx, statementId);
  const rows = await tx.query<ApprovedStatement>(
    `select s.account_id, s.calculation_id,
            coalesce((s.flags ->> 'cashless')::boolean, false) as cashless,
            ${statementCurrencySql('s.id')} as currency
       from statements s where s.id = $1`,
    [statementId],
  );
  const statement = rows[0];
  await transition(tx, statementId, { type: 'statement.approve' }, metadata, [
    { type: 'StatementApproved', data: { calculationId: statement?.calculation_id ?? '' } },
  ]);
  if (statement?.calculation_id) {
    await recordRemittances(tx, statementId, statement.calculation_id, metadata);
  }
  const currency = statement?.currency ?? 'USD';
  const moves = statement && !statement.cashless;
  const credits = moves ? await payoutTransfers(tx, statement, currency) : [];
  if (credits.length > 0) {
    // Posted first: what is paid is read from the balances the credits leave.
    const stream = `statement-${statementId}`;
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'BalancesCredited', data: { transfers: credits } }],
      metadata,
    );
  }
  // Reserves come out of what was just credited, before anything is paid from it.
  if (moves) await applyReserves(tx, statementId, metadata);
  const payable = moves ? await payableBalances(tx, statement, currency) : [];
  const facts = await paymentFacts(tx, statement?.calculation_id ?? null);
  // Each transaction keeps the label's passback mode of when it was made (SPEC section 4).
  const passback = statement ? await passbackOf(tx, statement.account_id) : false;
  await transition(tx, statementId, { type: 'payments.prepared' }, metadata, [
    {
      type: 'PaymentsPrepared',
      data: {
        payments: payable.map((payee) => {
          const paymentId = randomUUID();
          return {
            paymentId,
            transactionId: randomUUID(),
            payeeId: payee.payeeId,
            amount: payee.amount,
            currency,
            passback,
            ...(facts.get(payee.payeeId) ?? {}),
            walletBalance: new Decimal(payee.balance).minus(payee.amount).toFixed(),
            transfer: {
              transferId: `payment:${paymentId}`,
              from: payeeAccount(statement?.account_id ?? '', payee.payeeId),
              to: payoutsAccount(statement?.account_id ?? ''),
              amount: payee.amount,
              currency,
            },
          };
        }),
      },
    },
  ]);
}
