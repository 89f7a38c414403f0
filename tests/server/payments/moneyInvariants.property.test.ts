// Money under random flows: each run is a label of its own with two payees, and a random
// sequence of what happens to a label's money, all through the API as its people and an admin do
// it: statements in USD or EUR (calculated, approved, or deleted; the job runner killed while it
// calculates; the splits changed before approval), splits changing, recoupments opened and
// deleted, payment batches (one dying between the partner's answer and its commit), the bank
// settling or returning transfers (some after they settled, as ACH allows), bank accounts that
// return everything or not, passback and payment minimums, and an admin's retries (double-clicked
// too), and reserves against returns (a rule on downloads, set from the start two runs in three
// with a first month of downloads; months with downloads of earlier months returned, charged to
// the reserves; the payment batch releasing what is due). After every step:
//   - the ledger sums to zero in each currency (each movement positive, between two accounts);
//   - for every payee and currency, paid + waiting + balance + reserve = earned, and paid <=
//     what their payouts credited (earned, unless a month's returns took more than it paid them);
//   - a reserve is what its releases keep, none below zero, and a return charged to it took
//     exactly its amount from releases of earlier statements: never more than it held;
//   - what the ledger credited is what the approved statements paid out;
//   - each payment attempt is in exactly one partner transfer (a payee's payments released
//     together share one), whose amount is theirs summed, and no transfer the partner made is
//     left unrecorded (so paid without the ledger knowing) unless its payments still wait to
//     record it;
//   - the account's payments, transactions and ledger rebuilt from the log equal the live ones.
// A run ends by letting everything be paid: every payee with a bank account that works, no
// minimum, every failed payment retried; then nothing waits and paid + balance = earned.
// On PGlite only: one database serves every run (a run's label is its own account).
import { hash } from '@node-rs/argon2';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBusiness } from '../../../server/business/demo';
import { createProduct } from '../../../server/catalog/service';
import { setProductSplits } from '../../../server/catalog/splitSets';
import type { Queryable } from '../../../server/db/database';
import { project } from '../../../server/events/projections';
import { readAllEvents } from '../../../server/events/store';
import type { PaymentPartner } from '../../../server/payments/partner';
import { runPaymentBatch } from '../../../server/payments/payments';
import { labelFunds } from '../../../server/queries/wallet';
import { openAccount, registerUser } from '../../../server/services/registration';
import { testDataKey } from '../databaseTemplates';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { distroKidHeader } from '../import/helpers';
import { uploadStatement } from '../multipart';
import { acceptedPaymentTerms } from '../statements/labelStatements';
import { productDetails } from '../tenancy';
import { confirmSandboxDeposits } from './microDeposits';

const SEED = 20261128;
/**
 * MONEY_PROPERTY_RUNS runs more (or fewer) of them, to search longer than the suite does. 110
 * runs, most starting with a reserve, go through more of every kind of step than 200 did before.
 */
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 110);
const PASSWORD = 'Money-runs-2026!';
const CURRENCIES = ['USD', 'EUR'] as const;
type Currency = (typeof CURRENCIES)[number];
/** Account numbers the sandbox bank settles, and one it returns every transfer to (R01). */
const SETTLES = '5555556789';
const RETURNS = '5555550001';

type Step =
  | {
      kind: 'statement';
      currency: Currency;
      earnings: string;
      /** The first song sold as downloads (iTunes), else streamed (Spotify). */
      downloads: boolean;
      /** Downloads of earlier months returned: of the second song when this month's are
       *  downloads (they would net with them), else of the first. */
      returns: string | null;
      /** The job runner dies holding the calculation, and a restarted one runs it. */
      killCalculation: boolean;
      /** The payee A's share set after the calculation, before approval (a stale result). */
      splitsBeforeApproval: number | null;
      deleted: boolean;
    }
  | { kind: 'splits'; shareOfA: number }
  /** The label's reserve rule on downloads (0% clears it). */
  | { kind: 'reserve'; percent: number; spread: boolean; periods: number }
  | { kind: 'recoupment'; amount: string; debtor: 0 | 1 }
  | { kind: 'deleteRecoupment' }
  /** The payment batch (dying, sometimes, between the partner's answer and its commit), then
   *  usually the bank's answers a minute later. */
  | { kind: 'pay'; batchDies: boolean; bankAnswers: boolean }
  | { kind: 'retry'; doubleClick: boolean }
  /** The bank returns a transfer it had settled (R02, the account closed since). */
  | { kind: 'lateReturn' }
  | { kind: 'bankAccount'; payee: 0 | 1; returns: boolean }
  | { kind: 'settings'; passback: boolean; currency: Currency; minimum: string };

/** Up to `max` with four decimals: three would read as a thousands separator in a file. */
const amount = (max: number) =>
  fc.integer({ min: 1, max: max * 10_000 }).map((n) => new Decimal(n).dividedBy(10_000).toFixed(4));
const share = fc.integer({ min: 1, max: 99 });
/** True `yes` times in `yes + no`. */
const sometimes = (yes: number, no: number) =>
  fc.integer({ min: 1, max: yes + no }).map((n) => n <= yes);

type BankAccount = 'none' | 'settles' | 'returns';
const bankAccountArbitrary = fc.constantFrom<BankAccount>('none', 'settles', 'returns');

/** A reserve rule on downloads, from `min` percent (0% clears the rule). */
const reserveArbitrary = (min: number) =>
  fc.record({
    kind: fc.constant('reserve' as const),
    percent: fc.integer({ min, max: 50 }),
    spread: fc.boolean(),
    periods: fc.integer({ min: 1, max: 3 }),
  });

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('statement' as const),
      currency: fc.constantFrom(...CURRENCIES),
      earnings: amount(200),
      downloads: sometimes(1, 1),
      returns: fc.oneof(
        { weight: 2, arbitrary: amount(60) },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      killCalculation: sometimes(1, 4),
      splitsBeforeApproval: fc.oneof(
        { weight: 6, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: share },
      ),
      deleted: sometimes(1, 6),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('splits' as const), shareOfA: share }) },
  { weight: 2, arbitrary: reserveArbitrary(0) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('recoupment' as const),
      amount: amount(60),
      debtor: fc.constantFrom(0 as const, 1 as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'deleteRecoupment' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      batchDies: sometimes(1, 3),
      bankAnswers: sometimes(4, 1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('retry' as const), doubleClick: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'lateReturn' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bankAccount' as const),
      payee: fc.constantFrom(0 as const, 1 as const),
      returns: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('settings' as const),
      passback: fc.boolean(),
      currency: fc.constantFrom(...CURRENCIES),
      minimum: fc.constantFrom('0', '5', '25'),
    }),
  },
);

/**
 * How a run's label starts, two times in three: already withholding reserves, its rule on
 * downloads set and a first month of downloads sold, so a later month's returns find a reserve to
 * be charged to (two statements in the right order and currency are rare among random steps).
 */
const openingArbitrary = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 2,
    arbitrary: fc.record({
      rule: reserveArbitrary(1),
      currency: fc.constantFrom(...CURRENCIES),
      earnings: amount(200),
    }),
  },
);

/** One run's label: its owner signed in, two payees, two songs. */
interface Label {
  accountId: string;
  owner: LoggedIn;
  payees: [string, string];
  usernames: [string, string];
  /** The first song's: its splits change in a run. */
  productId: string;
  /** The songs' ISRCs: the first song's, then the second's (split 60/40 throughout). */
  isrcs: [string, string];
  statements: number;
  recoupments: string[];
  bankAccounts: [BankAccount, BankAccount];
  /** The currencies the label set a payment minimum in. */
  minimums: Set<Currency>;
  /** The payees' sessions, once they signed in. */
  sessions: [LoggedIn | undefined, LoggedIn | undefined];
}

interface Figures {
  runs: number;
  steps: number;
  checks: number;
  replays: number;
  statements: number;
  returns: number;
  retries: number;
  retriesRefused: number;
  doubleClicks: number;
  runnersKilled: number;
  batchesDied: number;
  lateReturns: number;
}

describe('money invariants under random flows', () => {
  let portal: TestPortal;
  let ada: LoggedIn;
  let distroKid: string;
  let passwordHash: string;
  const figures: Figures = {
    runs: 0,
    steps: 0,
    checks: 0,
    replays: 0,
    statements: 0,
    returns: 0,
    retries: 0,
    retriesRefused: 0,
    doubleClicks: 0,
    runnersKilled: 0,
    batchesDied: 0,
    lateReturns: 0,
  };

  beforeAll(async () => {
    // A run makes far more requests a minute than a person: the limit has its own tests.
    portal = await startPortal({ rateLimit: { max: 1_000_000, timeWindow: 60_000 } });
    ada = await login(portal.app, 'admin@demo.label');
    distroKid = (await get(portal.app, ada, '/api/distributors?q=DistroKid')).json().items[0]
      .id as string;
    // The runs' people sign in with a cheap hash: the property is about money, and argon2's
    // default cost would be most of its time.
    passwordHash = await hash(PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  });
  afterAll(() => portal.close());

  const app = () => portal.app;
  const metadata = () => ({ actor: null, emulatingActor: null, at: portal.clock.now() });

  async function openLabel(run: number): Promise<Label> {
    const isrcs: [string, string] = [
      `QZMI${String(run).padStart(8, '0')}`,
      `QZMJ${String(run).padStart(8, '0')}`,
    ];
    const usernames: [string, string] = [`a${run}@money.example`, `b${run}@money.example`];
    const created = await portal.db.transaction(async (tx) => {
      const accountId = await openAccount(tx, `Money Run ${run}`, 'label', metadata());
      // Certified like the demo label, so its people can be paid.
      await seedDemoBusiness(tx, accountId, testDataKey(), metadata());
      const person = (username: string, roles: ('owner' | 'payee')[]) =>
        registerUser(
          tx,
          { accountId, username, fullname: username, roles, passwordHash },
          metadata(),
        );
      await person(`owner${run}@money.example`, ['owner']);
      const payees: [string, string] = [
        await person(usernames[0], ['payee']),
        await person(usernames[1], ['payee']),
      ];
      const song = async (isrc: string, title: string) => {
        const productId = await createProduct(
          tx,
          accountId,
          productDetails(title, null),
          [{ code: isrc, kind: 'isrc' }],
          metadata(),
        );
        await setProductSplits(
          tx,
          {
            productId,
            version: 1,
            publicUrl: 'http://localhost',
            splitSets: [
              {
                scope: 'product',
                kind: 'base',
                shares: [
                  { payeeId: payees[0], pct: '60' },
                  { payeeId: payees[1], pct: '40' },
                ],
              },
            ],
          },
          metadata(),
        );
        return productId;
      };
      const productId = await song(isrcs[0], `Money Song ${run}`);
      await song(isrcs[1], `Money Song ${run} B`);
      return { accountId, payees, productId };
    });
    return {
      ...created,
      owner: await login(app(), `owner${run}@money.example`, PASSWORD),
      usernames,
      isrcs,
      statements: 0,
      recoupments: [],
      bankAccounts: ['none', 'none'],
      minimums: new Set(),
      sessions: [undefined, undefined],
    };
  }

  const ok = (answer: { statusCode: number; body: string }, what: string, status = 200) => {
    if (answer.statusCode !== status) {
      throw new Error(`${what} answered ${answer.statusCode}: ${answer.body}`);
    }
  };

  async function setSplits(label: Label, shareOfA: number) {
    const product = await get(app(), label.owner, `/api/products/${label.productId}`);
    const answer = await write(
      app(),
      label.owner,
      'PUT',
      `/api/products/${label.productId}/splits`,
      {
        version: product.json().version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: label.payees[0], pct: String(shareOfA) },
              { payeeId: label.payees[1], pct: String(100 - shareOfA) },
            ],
          },
        ],
      },
    );
    ok(answer, 'splits');
  }

  async function setBankAccount(label: Label, payee: 0 | 1, returns: boolean) {
    const who = (label.sessions[payee] ??= await login(app(), label.usernames[payee], PASSWORD));
    ok(
      await write(app(), who, 'PUT', '/api/payment-method/bank-account', {
        routingNumber: '011000015',
        accountNumber: returns ? RETURNS : SETTLES,
        accountType: 'checking',
        password: PASSWORD,
      }),
      'bank account',
    );
    ok(await confirmSandboxDeposits(app(), who), 'micro-deposits');
    await acceptedPaymentTerms(portal, who);
    label.bankAccounts[payee] = returns ? 'returns' : 'settles';
  }

  /** What a runner does when it takes a job; its process then dies, and a new one starts. */
  async function killRunnerHolding(statementId: string) {
    await portal.db.query(
      `update jobs set status = 'running', attempts = attempts + 1, started_at = now(),
              locked_by = 'a runner that was killed', locked_until = now() - interval '1 second'
        where payload->>'statementId' = $1 and status = 'queued' and kind = 'statement.calculate'`,
      [statementId],
    );
    await app().jobs.recover();
    figures.runnersKilled += 1;
  }

  async function calculate(label: Label, statementId: string, killRunner: boolean) {
    ok(
      await write(app(), label.owner, 'POST', `/api/statements/${statementId}/calculate`, {}),
      'calculate',
    );
    if (killRunner) await killRunnerHolding(statementId);
    await app().jobs.drain();
  }

  async function statement(label: Label, step: Extract<Step, { kind: 'statement' }>) {
    const index = label.statements;
    label.statements += 1;
    // From October 2026 on: with the clock on November 1st, a reserve due in November is released
    // by the next payment batch, one due later stays to be charged with returns.
    const months = 2026 * 12 + 9 + index;
    const month = `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`;
    const row = (store: string, isrc: string, earnings: string) =>
      `${month}-05\t${month}\t${store}\tMoney Band\tMoney Song\t${isrc}\t\t3\t100\tSong\tUS\t0\t${earnings}\n`;
    // Downloads of earlier months returned, up to half the month's earnings, so its total stays
    // above 0: the payees' download parts of the song returned are below 0, charged to their
    // reserves. Returned with this month's downloads of the same song, they would net with them.
    const returned = Decimal.min(
      step.returns ?? 0,
      new Decimal(step.earnings).dividedBy(2),
    ).toFixed(4, Decimal.ROUND_DOWN);
    const returns = new Decimal(returned).gt(0);
    const total = returns ? new Decimal(step.earnings).minus(returned).toFixed() : step.earnings;
    const [first, second] = label.isrcs;
    const uploaded = await uploadStatement(
      app(),
      label.owner,
      // The label states the file's total, as it does the funds: a month far above the ones
      // before is not held for its confirmation.
      { distributor: distroKid, report_month: month, expected: total },
      [
        {
          filename: `${month}.tsv`,
          content:
            distroKidHeader(step.currency) +
            row(step.downloads ? 'iTunes' : 'Spotify', first, step.earnings) +
            (returns ? row('iTunes', step.downloads ? second : first, `-${returned}`) : ''),
        },
      ],
    );
    ok(uploaded, 'upload', 201);
    await app().jobs.drain();
    const id = uploaded.json()[0].id as string;
    ok(
      await write(app(), label.owner, 'POST', `/api/statements/${id}/funds`, {
        amount: total,
      }),
      'funds',
    );
    await calculate(label, id, step.killCalculation);
    if (step.deleted) {
      ok(await write(app(), ada, 'POST', `/api/statements/${id}/delete`, {}), 'delete');
      return;
    }
    if (step.splitsBeforeApproval !== null) await setSplits(label, step.splitsBeforeApproval);
    let approved = await write(app(), label.owner, 'POST', `/api/statements/${id}/approve`, {});
    if (approved.statusCode === 409) {
      // The result no longer matches the splits: calculated again, as the label is told to.
      await calculate(label, id, false);
      approved = await write(app(), label.owner, 'POST', `/api/statements/${id}/approve`, {});
    }
    ok(approved, 'approve');
    expect(approved.json().status).toBe('ready');
    figures.statements += 1;
  }

  /** The partner makes the transfer, then the portal dies before it records it. */
  const dyingPartner = (): PaymentPartner => {
    const partner = app().partner;
    return {
      createFundingSource: (source, now) => partner.createFundingSource(source, now),
      verifyMicroDeposits: (id, amounts, now) => partner.verifyMicroDeposits(id, amounts, now),
      removeFundingSource: (id, now) => partner.removeFundingSource(id, now),
      createTransfer: async (transfer, now) => {
        await partner.createTransfer(transfer, now);
        throw new Error('The portal died before it committed.');
      },
      getTransfer: (id) => partner.getTransfer(id),
      cancelTransfer: (id, now) => partner.cancelTransfer(id, now),
    };
  };

  async function batch(dies: boolean) {
    if (!dies) {
      await app().runPaymentBatch();
      return;
    }
    await runPaymentBatch({
      db: portal.db,
      partner: dyingPartner(),
      now: portal.clock.now,
      rail: 'sandbox',
    }).then(
      () => undefined,
      (error: unknown) => {
        if (!String(error).includes('The portal died')) throw error;
        figures.batchesDied += 1;
      },
    );
  }

  /** The bank answers a minute later, its webhooks a second after; the next tick pays fees. */
  async function bankAnswers() {
    portal.clock.advance(60_001);
    await app().tickPartner();
    portal.clock.advance(1001);
    await app().tickPartner();
    await app().tickPartner();
  }

  /** The bank returns the transfer of the label's last paid payment, and says so by webhook. */
  async function lateReturn(label: Label) {
    const [paid] = await portal.db.query<{ partner_transfer_id: string }>(
      `select p.partner_transfer_id from payments p join statements s on s.id = p.statement_id
        where s.account_id = $1 and p.state in ('REMUNERATE', 'COMPLETED')
        order by p.created_at desc, p.id limit 1`,
      [label.accountId],
    );
    if (!paid) return;
    await app().sandboxPartner!.returnSettled(paid.partner_transfer_id, 'R02', portal.clock.now());
    portal.clock.advance(1001);
    await app().tickPartner();
    figures.lateReturns += 1;
  }

  const failedPayments = (label: Label) =>
    portal.db.query<{ id: string }>(
      `select p.id from payments p join statements s on s.id = p.statement_id
        where s.account_id = $1 and p.state = 'FAILED' order by p.created_at, p.id`,
      [label.accountId],
    );

  async function retry(label: Label, doubleClick: boolean) {
    const [failed] = await failedPayments(label);
    if (!failed) return;
    const detail = (await get(app(), ada, `/api/payments/${failed.id}`)).json();
    const clicks = doubleClick ? 2 : 1;
    const answers = await Promise.all(
      Array.from({ length: clicks }, () =>
        write(app(), ada, 'POST', `/api/payments/${failed.id}/retry`, {}),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    // A retry the page does not offer is refused; one it offers runs, once for a double click.
    if (detail.retryable === false) {
      expect(codes.every((code) => code === 409)).toBe(true);
      figures.retriesRefused += 1;
    } else {
      expect(codes).toEqual(doubleClick ? [200, 409] : [200]);
      figures.retries += 1;
      if (doubleClick) figures.doubleClicks += 1;
    }
  }

  /** The label's passback mode (as it was when not given), and a payment minimum. */
  async function settings(
    label: Label,
    change: { passback?: boolean; minimum?: { currency: Currency; amount: string } },
  ) {
    const now = (await get(app(), label.owner, '/api/payment-settings')).json();
    const { minimum } = change;
    const others = (now.paymentMinimums as { currency: string; amount: string }[]).filter(
      (kept) => kept.currency !== minimum?.currency,
    );
    const answer = await write(app(), label.owner, 'PUT', '/api/payment-settings', {
      version: now.version,
      passback: change.passback ?? now.passback,
      paymentMinimums: minimum ? [...others, minimum] : others,
    });
    ok(answer, 'payment settings');
    if (minimum?.amount === '0') label.minimums.delete(minimum.currency);
    else if (minimum) label.minimums.add(minimum.currency);
  }

  async function apply(label: Label, step: Step) {
    switch (step.kind) {
      case 'statement':
        return statement(label, step);
      case 'splits':
        return setSplits(label, step.shareOfA);
      case 'reserve': {
        const { version } = (await get(app(), label.owner, '/api/reserve-rules')).json();
        const rules =
          step.percent === 0
            ? []
            : [
                {
                  scope: 'format',
                  target: 'download',
                  percent: String(step.percent),
                  release: { kind: step.spread ? 'spread' : 'after', periods: step.periods },
                },
              ];
        ok(
          await write(app(), label.owner, 'PUT', '/api/reserve-rules', { version, rules }),
          'reserve rules',
        );
        return;
      }
      case 'recoupment': {
        const created = await write(app(), label.owner, 'POST', '/api/recoupments', {
          type: 'advance',
          title: `Advance ${label.recoupments.length + 1}`,
          amount: step.amount,
          recoupablePct: '50',
          creditorId: label.payees[1 - step.debtor],
          debtorIds: [label.payees[step.debtor]],
        });
        ok(created, 'recoupment', 201);
        label.recoupments.push(created.json().id as string);
        return;
      }
      case 'deleteRecoupment': {
        const last = label.recoupments.pop();
        if (last)
          ok(await write(app(), label.owner, 'DELETE', `/api/recoupments/${last}`), 'delete');
        return;
      }
      case 'pay':
        await batch(step.batchDies);
        if (step.bankAnswers) await bankAnswers();
        return;
      case 'retry':
        return retry(label, step.doubleClick);
      case 'lateReturn':
        return lateReturn(label);
      case 'bankAccount':
        return setBankAccount(label, step.payee, step.returns);
      case 'settings':
        return settings(label, {
          passback: step.passback,
          minimum: { currency: step.currency, amount: step.minimum },
        });
    }
  }

  // ---- The invariants -------------------------------------------------------------------------

  interface PayeeMoney {
    payee_id: string;
    currency: string;
    earned: string;
    /** Their payouts above zero: earned, unless a payout below zero took some of it back. */
    credited: string;
    balance: string;
    reserve: string;
    paid: string;
    waiting: string;
  }

  /**
   * Each payee's money in each currency, from the ledger and the payments. Paid: what their
   * payments' settlements took to the bank, less what returns after settlement brought back.
   * Waiting: payments not paid (neither completed nor settled and waiting on their fee), a failed
   * one counted when the money its return put back is kept for it rather than in the payee's
   * balance (which the balance then shows).
   */
  const moneyOf = (db: Queryable, accountId: string) =>
    db.query<PayeeMoney>(
      `with statements_of as (select id from statements where account_id = $1),
            own as (
              select * from ledger_transfers t
               where t.statement_id in (select id from statements_of)
                  or t.id like 'reserve-release:%' and t.debit_account like 'reserve:' || $1 || ':%'),
            moves as (
              select t.id, t.currency, t.credit_account as account, t.amount from own t
              union all
              select t.id, t.currency, t.debit_account, -t.amount from own t),
            pairs as (
              select split_part(account, ':', 3) as payee_id, currency from moves
               where account like 'payee:' || $1 || ':%'
              union
              select p.payee_id, p.currency from payments p
               where p.statement_id in (select id from statements_of))
       select x.payee_id, x.currency,
              trim_scale(coalesce((select sum(m.amount) from moves m
                 where m.account = 'payee:' || $1 || ':' || x.payee_id and m.currency = x.currency
                   and m.id like 'payout:%'), 0))::text as earned,
              trim_scale(coalesce((select sum(m.amount) from moves m
                 where m.account = 'payee:' || $1 || ':' || x.payee_id and m.currency = x.currency
                   and m.id like 'payout:%' and m.amount > 0), 0))::text as credited,
              trim_scale(coalesce((select sum(m.amount) from moves m
                 where m.account = 'payee:' || $1 || ':' || x.payee_id
                   and m.currency = x.currency), 0))::text as balance,
              trim_scale(coalesce((select sum(m.amount) from moves m
                 where m.account = 'reserve:' || $1 || ':' || x.payee_id
                   and m.currency = x.currency), 0))::text as reserve,
              trim_scale(coalesce((select sum(m.amount) from moves m
                 join payments p on p.id = split_part(m.id, ':', 2)
                 where m.account = 'paid:' || $1
                   and p.payee_id = x.payee_id and p.currency = x.currency), 0))::text as paid,
              trim_scale(coalesce((select sum(p.amount) from payments p
                 where p.payee_id = x.payee_id and p.currency = x.currency
                   and p.statement_id in (select id from statements_of)
                   and p.state not in ('COMPLETED', 'REMUNERATE')
                   and not (p.state = 'FAILED' and exists (
                     select 1 from ledger_transfers r
                      where r.id = 'payment:' || p.id || ':returned:' || p.partner_transfer_id
                        and r.credit_account = 'payee:' || $1 || ':' || x.payee_id))), 0))::text
                as waiting
         from pairs x order by x.payee_id, x.currency`,
      [accountId],
    );

  /** The account's money read models, as the live tables hold them. */
  const moneyTables = async (db: Queryable, accountId: string) => {
    const of = `(select id from statements where account_id = $1)`;
    return {
      ledger: await db.query(
        `select * from ledger_transfers
          where statement_id in ${of}
             or id like 'reserve-release:%' and debit_account like 'reserve:' || $1 || ':%'
          order by id`,
        [accountId],
      ),
      reserves: await db.query('select * from reserve_releases where account_id = $1 order by id', [
        accountId,
      ]),
      payments: await db.query(`select * from payments where statement_id in ${of} order by id`, [
        accountId,
      ]),
      transactions: await db.query(
        `select t.* from transactions t join payments p on p.id = t.payment_id
          where p.statement_id in ${of} order by t.id`,
        [accountId],
      ),
    };
  };

  class Rollback extends Error {}

  /**
   * The account's payments, transactions and ledger rebuilt from the log by the projections the
   * replay runs (every event that writes them: the statements' funds, credits and prepared
   * payments, and each payment's stream), in a transaction that is then rolled back.
   */
  async function replayedMoney(accountId: string) {
    let replayed: Awaited<ReturnType<typeof moneyTables>> | null = null;
    await portal.db
      .transaction(async (tx) => {
        const streams = await tx.query<{ stream: string }>(
          `select 'statement-' || id as stream from statements where account_id = $1
           union all
           select 'payment-' || p.id from payments p join statements s on s.id = p.statement_id
            where s.account_id = $1
           union all
           select 'reserves-' || $1`,
          [accountId],
        );
        const events = (
          await Promise.all(streams.map(({ stream }) => readAllEvents(tx, '0', 10_000, stream)))
        )
          .flat()
          .filter(
            (event) =>
              event.streamId.startsWith('payment-') ||
              event.streamId.startsWith('reserves-') ||
              event.type === 'ReservesWithheld' ||
              event.type === 'ReturnsChargedToReserve' ||
              event.type === 'BalancesCredited' ||
              event.type === 'PaymentsPrepared' ||
              event.type === 'FundsReceived',
          )
          .sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
        const of = `(select id from statements where account_id = $1)`;
        await tx.query(
          `delete from ledger_transfers where statement_id in ${of}
              or id like 'reserve-release:%' and debit_account like 'reserve:' || $1 || ':%'`,
          [accountId],
        );
        await tx.query('delete from reserve_releases where account_id = $1', [accountId]);
        await tx.query(
          `delete from transactions where payment_id in
             (select id from payments where statement_id in ${of})`,
          [accountId],
        );
        await tx.query(`delete from payments where statement_id in ${of}`, [accountId]);
        for (const event of events) await project(tx, event);
        replayed = await moneyTables(tx, accountId);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return replayed;
  }

  let lastReplay = { accountId: '', events: -1 };
  let lastRebuild: Awaited<ReturnType<typeof moneyTables>> | null = null;

  async function checkInvariants(label: Label, context: string) {
    const fail = (what: string) => {
      throw new Error(`${what} (${context})`);
    };
    // 1. The ledger sums to zero in each currency: every movement of the account's money takes
    // from one account what it gives another, a positive amount between two different accounts.
    const sums = await portal.db.query<{ currency: string; net: string; sound: boolean }>(
      `select currency, trim_scale(sum(amount))::text as net, bool_and(sound) as sound from (
         select currency, amount, amount > 0 and credit_account <> debit_account as sound
           from ledger_transfers where statement_id in
                (select id from statements where account_id = $1)
         union all
         select currency, -amount, true from ledger_transfers where statement_id in
                (select id from statements where account_id = $1)) moves
        group by currency`,
      [label.accountId],
    );
    for (const sum of sums) {
      if (sum.net !== '0' || !sum.sound) fail(`the ${sum.currency} ledger sums to ${sum.net}`);
    }
    figures.checks += sums.length;

    // 1b. The label's wallet: received - paid out - fees - held - returned-kept = what is left.
    for (const funds of await labelFunds(portal.db, label.accountId)) {
      const left = new Decimal(funds.received)
        .minus(funds.paidOut)
        .minus(funds.fees)
        .minus(funds.held)
        .minus(funds.returnedKept);
      if (!left.equals(funds.left)) {
        fail(
          `the label's ${funds.currency} funds leave ${left.toFixed()}, funding holds ${funds.left}`,
        );
      }
      figures.checks += 1;
    }

    // 2. paid + waiting + balance + reserve = earned, paid <= credited, for every payee and
    // currency; a reserve is never below zero.
    const money = await moneyOf(portal.db, label.accountId);
    for (const row of money) {
      const total = new Decimal(row.paid).plus(row.waiting).plus(row.balance).plus(row.reserve);
      if (!total.equals(row.earned)) {
        fail(
          `payee ${row.payee_id} in ${row.currency}: paid ${row.paid} + waiting ${row.waiting} + balance ${row.balance} + reserve ${row.reserve} is not earned ${row.earned}`,
        );
      }
      if (new Decimal(row.reserve).lt(0)) {
        fail(`payee ${row.payee_id}'s ${row.currency} reserve is ${row.reserve}`);
      }
      if (new Decimal(row.paid).greaterThan(row.credited)) {
        fail(
          `payee ${row.payee_id} was paid ${row.paid} ${row.currency}, credited ${row.credited}`,
        );
      }
      figures.checks += 2;
    }

    // 2b. A reserve is its schedule: each release of it keeps what was neither charged with returns
    // nor released (never below zero), and the payee's reserve in the ledger is what they keep.
    // Each return charged to a reserve took exactly its amount from releases of earlier statements
    // open then (what a release keeps never goes below zero): never more than the reserve held.
    const releases = await portal.db.query<{
      id: string;
      payee_id: string;
      currency: string;
      statement_id: string;
      open: string;
    }>(
      `select id, payee_id, currency, statement_id,
              trim_scale(amount - charged - released)::text as open
         from reserve_releases where account_id = $1 order by id`,
      [label.accountId],
    );
    const scheduled = new Map<string, Decimal>();
    for (const release of releases) {
      if (new Decimal(release.open).lt(0)) {
        fail(`release ${release.id} was charged and released past it: ${release.open} left`);
      }
      const key = `${release.payee_id}:${release.currency}`;
      scheduled.set(key, (scheduled.get(key) ?? new Decimal(0)).plus(release.open));
    }
    for (const row of money) {
      const kept = scheduled.get(`${row.payee_id}:${row.currency}`) ?? new Decimal(0);
      if (!kept.equals(row.reserve)) {
        fail(
          `payee ${row.payee_id}'s ${row.currency} reserve is ${row.reserve}, its releases keep ${kept.toFixed()}`,
        );
      }
    }
    const charges = await portal.db.query<{
      stream_id: string;
      data: {
        transfers: { to: string; amount: string; currency: string }[];
        charges: { releaseId: string; amount: string }[];
      };
    }>(
      `select stream_id, data from events where type = 'ReturnsChargedToReserve'
          and stream_id in (select 'statement-' || id from statements where account_id = $1)`,
      [label.accountId],
    );
    const released = new Map(releases.map((release) => [release.id, release]));
    for (const charge of charges) {
      for (const transfer of charge.data.transfers) {
        const payee = transfer.to.split(':')[2];
        const taken = charge.data.charges.filter(
          (taking) => released.get(taking.releaseId)?.payee_id === payee,
        );
        const earlier = taken.every(
          (taking) =>
            `statement-${released.get(taking.releaseId)?.statement_id}` !== charge.stream_id,
        );
        const sum = taken.reduce((total, taking) => total.plus(taking.amount), new Decimal(0));
        if (!earlier || !sum.equals(transfer.amount) || !new Decimal(transfer.amount).gt(0)) {
          fail(
            `${charge.stream_id} charged ${transfer.amount} ${transfer.currency} to payee ${payee}'s reserve, taking ${sum.toFixed()} from releases of ${earlier ? 'earlier statements' : 'itself'}`,
          );
        }
      }
    }
    figures.checks += releases.length + charges.length;

    // 3. What the ledger credited is what the approved statements paid out, to the last decimal.
    const credited = await portal.db.query<{ payee_id: string; currency: string; payout: string }>(
      `select sp.payee_id, s.currency, trim_scale(sum(sp.payout))::text as payout
         from statement_payees sp join statements s on s.calculation_id = sp.calculation_id
        where s.account_id = $1 and s.approved_at is not null
          and not coalesce((s.flags ->> 'cashless')::boolean, false)
        group by sp.payee_id, s.currency having sum(sp.payout) <> 0`,
      [label.accountId],
    );
    const earned = new Map(
      money
        .filter((row) => row.earned !== '0')
        .map((row) => [`${row.payee_id}:${row.currency}`, row.earned]),
    );
    const payouts = new Map(credited.map((row) => [`${row.payee_id}:${row.currency}`, row.payout]));
    if (JSON.stringify([...earned].sort()) !== JSON.stringify([...payouts].sort())) {
      fail(`credited ${JSON.stringify([...earned])}, paid out ${JSON.stringify([...payouts])}`);
    }
    figures.checks += 1;

    // 4. Each payment attempt in exactly one partner transfer, which pays exactly the payments
    // started under its key, the sum of their amounts; no transfer the partner made left
    // unrecorded, unless its payments still wait in TRANSFER to record it (a batch that died).
    const unsound = await portal.db.query<{ problem: string }>(
      `with streams as (
         select 'payment-' || p.id as stream from payments p
           join statements s on s.id = p.statement_id where s.account_id = $1),
       started as (
         select e.data ->> 'transactionId' as transaction_id, e.data ->> 'transferKey' as key
           from events e where e.type = 'PaymentTransferStarted'
            and e.stream_id in (select stream from streams)),
       recorded as (
         select e.data ->> 'transactionId' as transaction_id,
                e.data ->> 'partnerTransferId' as transfer_id
           from events e where e.type = 'PaymentTransferCreated'
            and e.stream_id in (select stream from streams))
       select 'attempt ' || transaction_id || ' in two transfers' as problem from recorded
        group by transaction_id having count(*) > 1
       union all
       select 'transfer ' || t.id || ' not the sum of its payments' from sandbox_transfers t
         join recorded r on r.transfer_id = t.id
         join transactions x on x.id = r.transaction_id
        group by t.id, t.amount having sum(x.amount) <> t.amount
       union all
       select 'attempt ' || r.transaction_id || ' in a transfer of another key' from recorded r
         join started st on st.transaction_id = r.transaction_id
         join sandbox_transfers t on t.id = r.transfer_id
        where t.idempotency_key <> st.key
       union all
       select 'transfer ' || t.id || ' made and never recorded' from sandbox_transfers t
        where t.idempotency_key in (select key from started)
          and t.id not in (select transfer_id from recorded)
          and not exists (select 1 from payments p
                           where p.state = 'TRANSFER' and p.transfer_key = t.idempotency_key)`,
      [label.accountId],
    );
    if (unsound.length > 0) fail(unsound.map((row) => row.problem).join(', '));
    figures.checks += 1;

    // 5. Replay equals live: rebuilt from the log whenever the log of the account's money grew;
    // otherwise the live tables must still equal the last rebuild.
    const live = await moneyTables(portal.db, label.accountId);
    const [logged] = await portal.db.query<{ events: number }>(
      `select count(*)::int as events from events e
        where e.stream_id in (select 'statement-' || id from statements where account_id = $1)
           or e.stream_id in (select 'payment-' || p.id from payments p
                                join statements s on s.id = p.statement_id where s.account_id = $1)
           or e.stream_id = 'reserves-' || $1`,
      [label.accountId],
    );
    if (lastReplay.accountId !== label.accountId || lastReplay.events !== logged?.events) {
      lastRebuild = await replayedMoney(label.accountId);
      lastReplay = { accountId: label.accountId, events: logged?.events ?? 0 };
      figures.replays += 1;
    }
    expect(live, `replay equals live (${context})`).toEqual(lastRebuild);
    figures.checks += 1;
  }

  /** Everyone can be paid, every failure is retried, and the bank answers until nothing waits. */
  /** The payees with payments of the label not completed yet. */
  const owedTo = async (label: Label) =>
    (
      await portal.db.query<{ payee_id: string }>(
        `select distinct p.payee_id from payments p join statements s on s.id = p.statement_id
          where s.account_id = $1 and p.state <> 'COMPLETED'`,
        [label.accountId],
      )
    ).map((row) => row.payee_id);

  async function payEverything(label: Label, story: string) {
    const context = `after paying everything, ${story}`;
    let owed = await owedTo(label);
    if (owed.length > 0) {
      for (const payee of [0, 1] as const) {
        const waits = owed.includes(label.payees[payee]);
        if (waits && label.bankAccounts[payee] !== 'settles')
          await setBankAccount(label, payee, false);
      }
      for (const currency of label.minimums) {
        await settings(label, { minimum: { currency, amount: '0' } });
      }
    }
    for (let round = 0; round < 3 && owed.length > 0; round += 1) {
      // Every retry here is double-clicked: one click runs, the other is refused.
      for (const failed of await failedPayments(label)) {
        const clicks = await Promise.all([
          write(app(), ada, 'POST', `/api/payments/${failed.id}/retry`, {}),
          write(app(), ada, 'POST', `/api/payments/${failed.id}/retry`, {}),
        ]);
        expect(clicks.map((click) => click.statusCode).sort(), context).toEqual([200, 409]);
        figures.retries += 1;
        figures.doubleClicks += 1;
      }
      await batch(false);
      await bankAnswers();
      owed = await owedTo(label);
    }
    expect(owed, `payments still waiting (${context})`).toEqual([]);
    await checkInvariants(label, context);
  }

  it('keeps every payee’s money whole, whatever happens in whatever order', async () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(bankAccountArbitrary, bankAccountArbitrary),
        fc.boolean(),
        openingArbitrary,
        fc.array(stepArbitrary, { minLength: 2, maxLength: 7 }),
        async (bankAccounts, passback, opening, steps) => {
          run += 1;
          figures.runs += 1;
          const label = await openLabel(run);
          for (const payee of [0, 1] as const) {
            const account = bankAccounts[payee];
            if (account !== 'none') await setBankAccount(label, payee, account === 'returns');
          }
          if (passback) await settings(label, { passback });
          const story = JSON.stringify({ bankAccounts, passback, opening, steps });
          if (opening) {
            await apply(label, opening.rule);
            await apply(label, {
              kind: 'statement',
              currency: opening.currency,
              earnings: opening.earnings,
              downloads: true,
              returns: null,
              killCalculation: false,
              splitsBeforeApproval: null,
              deleted: false,
            });
            await checkInvariants(label, `after the opening of ${story}`);
          }
          for (const [index, step] of steps.entries()) {
            await apply(label, step);
            figures.steps += 1;
            await checkInvariants(label, `after step ${index + 1} of ${story}`);
          }
          await payEverything(label, story);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const [returned] = await portal.db.query<{ count: number; passback: number }>(
      `select count(*)::int as count, count(*) filter (where credit_account like 'funding:%')::int
              as passback
         from ledger_transfers where id like 'payment:%:returned:%'`,
    );
    figures.returns = returned?.count ?? 0;
    const [reserves] = await portal.db.query<{
      withheld: number;
      released: number;
      charged: number;
      returned: number;
    }>(
      `select count(*) filter (where id like 'reserve-withheld:%')::int as withheld,
              count(*) filter (where id like 'reserve-release:%')::int as released,
              count(*) filter (where id like 'reserve-return:%')::int as charged,
              (select count(distinct d.statement_id)::int from analytics_product_dims d
                 join statements s on s.id = d.statement_id
                where s.approved_at is not null and d.dimension = 'format'
                  and d.value = 'download' and d.payee_id <> '' and d.amount < 0) as returned
         from ledger_transfers`,
    );
    const used = process.cpuUsage(cpu);
    const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(1);
    console.info(
      `money invariants: ${figures.runs} runs, ${figures.steps} steps, ${figures.checks} invariant checks ` +
        `(${figures.replays} rebuilds from the log), ${figures.statements} statements approved, ` +
        `${figures.returns} transfers returned (${returned?.passback ?? 0} with passback on), ` +
        `${figures.retries} retries run (${figures.doubleClicks} double-clicked), ` +
        `${figures.retriesRefused} refused, ${figures.lateReturns} late returns, ` +
        `${figures.runnersKilled} job runners killed, ` +
        `${figures.batchesDied} batches died, reserves withheld ${reserves?.withheld ?? 0} times, ` +
        `released ${reserves?.released ?? 0} and charged with returns ${reserves?.charged ?? 0} ` +
        `(${reserves?.returned ?? 0} statements with downloads returned); ` +
        `${seconds} s (${cpuSeconds} s of CPU)`,
    );
    // The runs withheld reserves, released them and charged returns to them: the invariants held
    // with each.
    expect(reserves?.withheld).toBeGreaterThan(0);
    expect(reserves?.released).toBeGreaterThan(0);
    expect(reserves?.charged).toBeGreaterThan(0);
  }, 900_000);
});
