// The payment batch killed with SIGKILL at random moments, 20 times, with a fifth of a second
// between the partner's answer and the commit so kills land there too. After every restart and
// the webhooks sent again, each payment has been paid exactly once (each in exactly one partner
// transfer: a payee's six are released together as one; no transfer paid twice, none made and
// left unrecorded) and the ledger sums to zero.
// PostgreSQL only: two processes share the database, which PGlite does not allow.
// CRASH_KILLS kills fewer (or more) times, to try a change quickly.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoProduct, login, write, type TestPortal } from '../harness';
import { DEMO_PASSWORD } from '../../../server/seed';
import { labelStatements } from '../statements/labelStatements';
import { confirmSandboxDeposits } from './microDeposits';

const ISRC = 'QZCR12600001';
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const PAYEES = ['payee@demo.label', 'artist@demo.label', 'label@demo.label'];
const MONTHS = ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09'];

function startWorker(url: string, once = false): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'paymentWorker.ts')],
    {
      env: {
        ...process.env,
        WORKER_DATABASE_URL: url,
        CRASH_WINDOW_MS: '200',
        WORKER_ONCE: String(once),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) =>
      reject(new Error(`The worker ended before it was ready (${code}).`)),
    );
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on('exit', () => resolve());
  });

describe.runIf(process.env.TEST_DATABASE_URL)('payments killed mid-batch', () => {
  let portal: TestPortal;

  beforeAll(async () => {
    const label = await labelStatements(ISRC, { cashless: false });
    portal = label.portal;
    const product = await createDemoProduct(portal, {
      title: 'Crash Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    const shares = PAYEES.map((username, index) => ({
      payeeId: label.people[username],
      pct: ['50', '30', '20'][index],
    }));
    const splits = await write(
      portal.app,
      label.lena,
      'PUT',
      `/api/products/${product.json().id}/splits`,
      {
        version: product.json().version,
        splitSets: [{ scope: 'product', kind: 'base', shares }],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    for (const username of PAYEES) {
      const payee = await login(portal.app, username);
      const added = await write(portal.app, payee, 'PUT', '/api/payment-method/bank-account', {
        routingNumber: '011000015',
        accountNumber: '1234567890',
        accountType: 'checking',
        password: DEMO_PASSWORD,
      });
      expect(added.statusCode, added.body).toBe(200);
      const verified = await confirmSandboxDeposits(portal.app, payee);
      expect(verified.statusCode, verified.body).toBe(200);
    }
    for (const month of MONTHS) await label.settle(month, '123.4567');
  }, 120_000);
  afterAll(() => portal.close());

  it('pays every payee exactly once and keeps the ledger at zero', async () => {
    const url = portal.databaseUrl ?? '';
    const payments = await portal.db.query<{ id: string }>('select id from payments');
    expect(payments).toHaveLength(PAYEES.length * MONTHS.length);

    let inTheWindow = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const worker = await startWorker(url);
      await sleep(50 + Math.floor(Math.random() * 600));
      worker.kill('SIGKILL');
      await exited(worker);
      // Called the partner, died before the commit: the payment still says TRANSFER while the
      // partner already holds its transfer.
      const caught = await portal.db.query<{ count: string }>(
        `select count(*)::text as count from payments p
          where p.state = 'TRANSFER' and exists (
            select 1 from sandbox_transfers t
             where t.idempotency_key = coalesce(p.transfer_key, p.id || ':' || p.retries))`,
      );
      inTheWindow += Number(caught[0]?.count ?? 0) > 0 ? 1 : 0;
    }

    // Restarted for good: the batch and the partner's bank run until every payment is settled.
    const started = Date.now();
    for (;;) {
      const worker = await startWorker(url, true);
      await exited(worker);
      const open = await portal.db.query<{ count: string }>(
        `select count(*)::text as count from payments where state <> 'COMPLETED'`,
      );
      if (Number(open[0]?.count) === 0 || Date.now() - started > 60_000) break;
      await sleep(100);
    }

    const states = await portal.db.query<{ state: string; count: string }>(
      'select state, count(*)::text as count from payments group by state',
    );
    expect(states).toEqual([{ state: 'COMPLETED', count: String(payments.length) }]);
    // Each payment recorded in exactly one transfer at the partner; every transfer the partner
    // made is recorded, for exactly the sum of its payments; one settlement of each in the ledger.
    const recordedTwice = await portal.db.query(
      `select stream_id from events where type = 'PaymentTransferCreated'
        group by stream_id having count(*) <> 1`,
    );
    expect(recordedTwice).toEqual([]);
    const transfers = await portal.db.query<{ count: string }>(
      'select count(*)::text as count from sandbox_transfers',
    );
    const unsound = await portal.db.query(
      `select t.id, trim_scale(t.amount)::text as amount,
              trim_scale(coalesce(sum(p.amount), 0))::text as paid
         from sandbox_transfers t left join payments p on p.partner_transfer_id = t.id
        group by t.id, t.amount having coalesce(sum(p.amount), 0) <> t.amount`,
    );
    expect(unsound).toEqual([]);
    // Each payee's payments went out together, one transfer a payee.
    expect(Number(transfers[0]?.count)).toBe(PAYEES.length);
    const settled = await portal.db.query<{ payment: string; count: string }>(
      `select split_part(id, ':', 2) as payment, count(*)::text as count from ledger_transfers
        where id like 'payment:%:settled:%' group by 1 having count(*) <> 1`,
    );
    expect(settled).toEqual([]);
    const [net] = await portal.db.query<{ net: string }>(
      `select trim_scale(coalesce(sum(balance), 0))::text as net from (
         select sum(amount) as balance from (
           select credit_account as account, amount from ledger_transfers
           union all select debit_account, -amount from ledger_transfers) moves
          group by account) balances`,
    );
    expect(net?.net).toBe('0');
    // What each payee earned is exactly what was paid to them plus what their balance keeps.
    const payees = await portal.db.query<{
      payee_id: string;
      earned: string;
      paid: string;
      kept: string;
    }>(
      `select e.payee_id, trim_scale(e.earned)::text as earned, trim_scale(p.paid)::text as paid,
              trim_scale(e.earned - p.paid)::text as kept,
              trim_scale(coalesce((select sum(case when credit_account like 'payee:%:' || e.payee_id then amount else -amount end)
                 from ledger_transfers where credit_account like 'payee:%:' || e.payee_id
                    or debit_account like 'payee:%:' || e.payee_id), 0))::text as balance
         from (select sp.payee_id, sum(sp.payout) as earned from statement_payees sp
                 join statements s on s.calculation_id = sp.calculation_id group by sp.payee_id) e
         join (select payee_id, sum(amount) as paid from payments group by payee_id) p
           on p.payee_id = e.payee_id`,
    );
    expect(payees).toHaveLength(PAYEES.length);
    for (const payee of payees as ((typeof payees)[number] & { balance: string })[]) {
      expect(payee.balance, payee.payee_id).toBe(payee.kept);
    }
    console.info(
      `payment crash: ${KILLS} kills (${inTheWindow} between the partner's answer and the commit), ` +
        `${payments.length} payments in ${transfers[0]?.count} partner transfers, each paid once; ledger sums to ${net?.net}`,
    );
  }, 300_000);
});
