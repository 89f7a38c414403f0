// Reserves against returns (README "Reserves against returns"): applied after the engine, in the
// ledger. At approval, once each payout is credited, returns on covered lines are charged to the
// payee's reserve and the rules' percentage of covered earnings is withheld into it; the payment
// batch releases what is due. Every move is an event carrying its transfers, so replay rebuilds
// the ledger and the reserve tables from the log alone.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  chargeReleases,
  periodOfMonth,
  reserveOutcome,
  reserveRuleProblem,
  RESERVE_TEXTS,
  type EarningsPart,
  type ReservePeriodLength,
  type ReserveRule,
} from '../../rules/reserves';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, CONFLICT_MESSAGE, streamVersion } from '../events/store';
import type { LedgerTransfer } from '../events/readModels/ledgerTransfers';
import type { EventMetadata, ReserveRulesEvent, ScheduledRelease } from '../events/types';
import { payeeAccount, reserveAccount } from '../ledger/accounts';
import { lockLedgerAccounts } from '../ledger/locks';

const rulesStream = (accountId: string) => `reserverules-${accountId}`;
const reservesStream = (accountId: string) => `reserves-${accountId}`;

export interface ReserveRules {
  rules: (ReserveRule & { productTitle: string | null })[];
  version: number;
}

/** The label's rules, formats first then products by title. */
export async function readReserveRules(db: Queryable, accountId: string): Promise<ReserveRules> {
  const rows = await db.query<{
    scope: 'product' | 'format';
    target: string;
    percent: string;
    release_kind: ReserveRule['release']['kind'];
    release_periods: number;
    title: string | null;
  }>(
    `select r.scope, r.target, trim_scale(r.percent)::text as percent, r.release_kind,
            r.release_periods, p.title
       from reserve_rules r
       left join products p on r.scope = 'product' and p.id = r.target
      where r.account_id = $1
      order by r.scope desc, p.title, r.target`,
    [accountId],
  );
  return {
    rules: rows.map((row) => ({
      scope: row.scope,
      target: row.target,
      percent: row.percent,
      release: { kind: row.release_kind, periods: Number(row.release_periods) },
      productTitle: row.title,
    })),
    version: await streamVersion(db, rulesStream(accountId)),
  };
}

const ruleKey = (rule: Pick<ReserveRule, 'scope' | 'target'>) => `${rule.scope}:${rule.target}`;

/**
 * Sets the label's rules as a whole: a product or format left out is no longer withheld against
 * (what was withheld keeps its schedule). Only what changed is logged; a change made from an
 * older version is refused (409).
 */
export async function setReserveRules(
  db: Database,
  accountId: string,
  change: { version: number; rules: ReserveRule[] },
  metadata: EventMetadata,
): Promise<void> {
  const wanted = new Map<string, ReserveRule>();
  for (const rule of change.rules) {
    const problem = reserveRuleProblem(rule);
    if (problem) throw new BadRequestError(problem);
    if (wanted.has(ruleKey(rule))) throw new BadRequestError(RESERVE_TEXTS.twice);
    wanted.set(ruleKey(rule), { ...rule, percent: new Decimal(rule.percent).toFixed() });
  }
  await db.transaction(async (tx) => {
    const version = await streamVersion(tx, rulesStream(accountId));
    if (version !== change.version) throw new ConflictError(CONFLICT_MESSAGE);
    const products = [...wanted.values()].filter((rule) => rule.scope === 'product');
    if (products.length > 0) {
      const owned = await tx.query<{ id: string }>(
        'select id from products where account_id = $1 and id = any($2::text[])',
        [accountId, products.map((rule) => rule.target)],
      );
      if (owned.length !== products.length) throw new BadRequestError(RESERVE_TEXTS.product);
    }
    const current = new Map(
      (await readReserveRules(tx, accountId)).rules.map((rule) => [ruleKey(rule), rule]),
    );
    const events: ReserveRulesEvent[] = [];
    for (const [key, rule] of current) {
      if (!wanted.has(key)) {
        events.push({
          type: 'ReserveRuleCleared',
          data: { scope: rule.scope, target: rule.target },
        });
      }
    }
    for (const [key, rule] of wanted) {
      const before = current.get(key);
      const same =
        before &&
        new Decimal(before.percent).equals(rule.percent) &&
        before.release.kind === rule.release.kind &&
        before.release.periods === rule.release.periods;
      if (same) continue;
      const { scope, target, percent, release } = rule;
      events.push({ type: 'ReserveRuleSet', data: { scope, target, percent, release } });
    }
    if (events.length > 0) {
      await appendToStream(tx, rulesStream(accountId), version, events, metadata);
    }
  });
}

/**
 * The label's period length: a month unless its settings say quarter (`accounts.period_length`,
 * read without naming the column so the code runs on databases without the setting).
 */
export async function periodLengthOf(
  db: Queryable,
  accountId: string,
): Promise<ReservePeriodLength> {
  const rows = await db.query<{ length: string | null }>(
    `select to_jsonb(a) ->> 'period_length' as length from accounts a where a.id = $1`,
    [accountId],
  );
  return rows[0]?.length === 'quarter' ? 'quarter' : 'month';
}

async function rulesOf(db: Queryable, accountId: string): Promise<ReserveRule[]> {
  return (await readReserveRules(db, accountId)).rules.map(
    ({ scope, target, percent, release }) => ({
      scope,
      target,
      percent,
      release,
    }),
  );
}

/**
 * Each payee's earnings on a calculated statement per product and format: the engine's lines
 * (exact, per code), apportioned over the code's formats in proportion to their gross, as the
 * statement's analytics keep them (readModels/analytics.ts); a hand-entered line has format ''.
 */
async function earningsParts(
  db: Queryable,
  statementId: string,
): Promise<Map<string, EarningsPart[]>> {
  const rows = await db.query<{
    payee_id: string;
    product_id: string;
    format: string;
    amount: string;
  }>(
    `select payee_id, product_id, value as format, trim_scale(sum(amount))::text as amount
       from analytics_product_dims
      where statement_id = $1 and dimension = 'format' and payee_id <> ''
      group by payee_id, product_id, value
      order by payee_id, product_id, value`,
    [statementId],
  );
  const parts = new Map<string, EarningsPart[]>();
  for (const row of rows) {
    const part = { productId: row.product_id, format: row.format, amount: row.amount };
    parts.set(row.payee_id, [...(parts.get(row.payee_id) ?? []), part]);
  }
  return parts;
}

/** Each open release of the account's reserves in `currency`, earliest due first, by payee. */
async function openReleases(
  db: Queryable,
  accountId: string,
  currency: string,
): Promise<Map<string, { id: string; open: string }[]>> {
  const rows = await db.query<{ id: string; payee_id: string; open: string }>(
    `select id, payee_id, trim_scale(amount - charged - released)::text as open
       from reserve_releases
      where account_id = $1 and currency = $2 and amount - charged - released > 0
      order by due_on, id`,
    [accountId, currency],
  );
  const open = new Map<string, { id: string; open: string }[]>();
  for (const row of rows) {
    open.set(row.payee_id, [...(open.get(row.payee_id) ?? []), { id: row.id, open: row.open }]);
  }
  return open;
}

export interface PayeeReserve {
  payeeId: string;
  charged: string;
  withheld: string;
  releases: { period: string; dueOn: string; amount: string }[];
}

/**
 * What the label's rules charge and withhold of each payee on a calculated statement (the
 * calculation the statement holds now): the preview before approval and the approval read it.
 */
export async function statementReserves(
  db: Queryable,
  statementId: string,
): Promise<{ accountId: string; currency: string; period: string; reserves: PayeeReserve[] }> {
  const [statement] = await db.query<{
    account_id: string;
    calculation_id: string | null;
    period: string;
    currency: string | null;
  }>(`select account_id, calculation_id, period, currency from statements where id = $1`, [
    statementId,
  ]);
  const accountId = statement?.account_id ?? '';
  const currency = statement?.currency ?? 'USD';
  const period = periodOfMonth(statement?.period ?? '', await periodLengthOf(db, accountId));
  if (!statement?.calculation_id) return { accountId, currency, period, reserves: [] };
  const rules = await rulesOf(db, accountId);
  const open = await openReleases(db, accountId, currency);
  // Without rules, returns are still charged to the reserves a former rule left.
  if (rules.length === 0 && open.size === 0) return { accountId, currency, period, reserves: [] };
  const parts = await earningsParts(db, statementId);
  const payouts = await db.query<{ payee_id: string; payout: string }>(
    `select payee_id, trim_scale(payout)::text as payout from statement_payees
      where calculation_id = $1 order by payee_id`,
    [statement.calculation_id],
  );
  const reserves: PayeeReserve[] = [];
  for (const { payee_id: payeeId, payout } of payouts) {
    const held = (open.get(payeeId) ?? []).reduce((sum, r) => sum.plus(r.open), new Decimal(0));
    const outcome = reserveOutcome({
      parts: parts.get(payeeId) ?? [],
      rules,
      payout,
      reserve: held.toFixed(),
      period,
    });
    if (new Decimal(outcome.charged).isZero() && new Decimal(outcome.withheld).isZero()) continue;
    reserves.push({
      payeeId,
      charged: outcome.charged,
      withheld: outcome.withheld,
      releases: outcome.releases,
    });
  }
  return { accountId, currency, period, reserves };
}

/**
 * At approval, once the payouts are credited: returns charged to each payee's reserve (reserve to
 * balance, using up the releases due soonest), then the withholdings (balance to reserve) with
 * their release schedule. Nothing for a cashless statement (the caller skips those).
 */
export async function applyReserves(
  tx: Queryable,
  statementId: string,
  metadata: EventMetadata,
): Promise<void> {
  const [statement] = await tx.query<{ account_id: string; calculation_id: string }>(
    'select account_id, calculation_id from statements where id = $1',
    [statementId],
  );
  if (!statement) return;
  const accountId = statement.account_id;
  const payees = await tx.query<{ payee_id: string }>(
    'select payee_id from statement_payees where calculation_id = $1',
    [statement.calculation_id],
  );
  // A release running now waits, and releases what the charges leave.
  await lockLedgerAccounts(
    tx,
    payees.map((payee) => reserveAccount(accountId, payee.payee_id)),
  );
  const { currency, period, reserves } = await statementReserves(tx, statementId);
  if (reserves.length === 0) return;
  const open = await openReleases(tx, accountId, currency);
  const returned: LedgerTransfer[] = [];
  const charges: { releaseId: string; amount: string }[] = [];
  const withheld: LedgerTransfer[] = [];
  const releases: ScheduledRelease[] = [];
  const calculation = statement.calculation_id;
  for (const reserve of reserves) {
    const payee = payeeAccount(accountId, reserve.payeeId);
    const held = reserveAccount(accountId, reserve.payeeId);
    if (!new Decimal(reserve.charged).isZero()) {
      returned.push({
        transferId: `reserve-return:${calculation}:${reserve.payeeId}`,
        from: held,
        to: payee,
        amount: reserve.charged,
        currency,
      });
      for (const taken of chargeReleases(open.get(reserve.payeeId) ?? [], reserve.charged)) {
        charges.push({ releaseId: taken.id, amount: taken.amount });
      }
    }
    if (!new Decimal(reserve.withheld).isZero()) {
      withheld.push({
        transferId: `reserve-withheld:${calculation}:${reserve.payeeId}`,
        from: payee,
        to: held,
        amount: reserve.withheld,
        currency,
      });
      for (const release of reserve.releases) {
        releases.push({
          releaseId: `${calculation}:${reserve.payeeId}:${release.period}`,
          payeeId: reserve.payeeId,
          currency,
          period,
          duePeriod: release.period,
          dueOn: release.dueOn,
          amount: release.amount,
        });
      }
    }
  }
  const stream = `statement-${statementId}`;
  if (returned.length > 0) {
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'ReturnsChargedToReserve', data: { transfers: returned, charges } }],
      metadata,
    );
  }
  if (withheld.length > 0) {
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'ReservesWithheld', data: { transfers: withheld, releases } }],
      metadata,
    );
  }
}

/**
 * Releases every reserve due by `now` (its period's first day has come, UTC): per label, one
 * event moving each payee's due releases from their reserve back to their balance, payable as any
 * balance. Run by the payment batch before it looks at payments.
 */
export async function releaseDueReserves(db: Database, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const accounts = await db.query<{ account_id: string }>(
    `select distinct account_id from reserve_releases
      where released_at is null and due_on <= $1::date and amount - charged - released > 0
      order by account_id`,
    [today],
  );
  let released = 0;
  for (const { account_id: accountId } of accounts) {
    await db.transaction(async (tx) => {
      const payees = await tx.query<{ payee_id: string }>(
        `select distinct payee_id from reserve_releases
          where account_id = $1 and released_at is null and due_on <= $2::date`,
        [accountId, today],
      );
      await lockLedgerAccounts(
        tx,
        payees.map((payee) => reserveAccount(accountId, payee.payee_id)),
      );
      const due = await tx.query<{ id: string; payee_id: string; currency: string; open: string }>(
        `select id, payee_id, currency, trim_scale(amount - charged - released)::text as open
           from reserve_releases
          where account_id = $1 and released_at is null and due_on <= $2::date
            and amount - charged - released > 0
          order by payee_id, currency, due_on, id`,
        [accountId, today],
      );
      if (due.length === 0) return;
      const totals = new Map<string, { payeeId: string; currency: string; amount: Decimal }>();
      for (const release of due) {
        const key = `${release.payee_id}\n${release.currency}`;
        const total = totals.get(key) ?? {
          payeeId: release.payee_id,
          currency: release.currency,
          amount: new Decimal(0),
        };
        totals.set(key, { ...total, amount: total.amount.plus(release.open) });
      }
      const transfers = [...totals.values()].map((total) => ({
        transferId: `reserve-release:${randomUUID()}`,
        from: reserveAccount(accountId, total.payeeId),
        to: payeeAccount(accountId, total.payeeId),
        amount: total.amount.toFixed(),
        currency: total.currency,
      }));
      const stream = reservesStream(accountId);
      await appendToStream(
        tx,
        stream,
        await streamVersion(tx, stream),
        [
          {
            type: 'ReservesReleased',
            data: {
              releases: due.map((release) => ({ releaseId: release.id, amount: release.open })),
              transfers,
            },
          },
        ],
        { actor: null, emulatingActor: null, at: now },
      );
      released += due.length;
    });
  }
  return released;
}

/**
 * The reserves of a statement as `viewer` sees them: once approved, what its approval charged and
 * withheld; before, what approving its current result would. The label's people (and staff who
 * see every account) read every payee's; anyone else only their own.
 */
export async function statementReservesSeenBy(
  db: Queryable,
  statementId: string,
  viewer: { userId: string; accountId: string | null },
): Promise<PayeeReserve[]> {
  const [statement] = await db.query<{
    account_id: string;
    approved: boolean;
    calc: string | null;
  }>(
    `select account_id, approved_at is not null as approved, calculation_id as calc
       from statements where id = $1`,
    [statementId],
  );
  if (!statement) return [];
  const reserves = statement.approved
    ? await approvedReserves(db, statementId, statement.calc ?? '')
    : (await statementReserves(db, statementId)).reserves;
  const everyone = viewer.accountId === null || viewer.accountId === statement.account_id;
  return everyone ? reserves : reserves.filter((reserve) => reserve.payeeId === viewer.userId);
}

/** What a statement's approval charged to reserves and withheld, from the ledger and releases. */
async function approvedReserves(
  db: Queryable,
  statementId: string,
  calculationId: string,
): Promise<PayeeReserve[]> {
  const charged = await db.query<{ payee_id: string; amount: string }>(
    `select split_part(id, ':', 3) as payee_id, trim_scale(amount)::text as amount
       from ledger_transfers where id like $1 order by id`,
    [`reserve-return:${calculationId}:%`],
  );
  const releases = await db.query<{
    payee_id: string;
    period: string;
    due_on: string;
    amount: string;
  }>(
    `select payee_id, due_period as period, to_char(due_on, 'YYYY-MM-DD') as due_on,
            trim_scale(amount)::text as amount
       from reserve_releases where statement_id = $1 order by payee_id, due_on`,
    [statementId],
  );
  const payees = [...new Set([...charged, ...releases].map((row) => row.payee_id))].sort();
  return payees.map((payeeId) => {
    const own = releases.filter((row) => row.payee_id === payeeId);
    return {
      payeeId,
      charged: charged.find((row) => row.payee_id === payeeId)?.amount ?? '0',
      withheld: own.reduce((sum, row) => sum.plus(row.amount), new Decimal(0)).toFixed(),
      releases: own.map((row) => ({ period: row.period, dueOn: row.due_on, amount: row.amount })),
    };
  });
}
