// A portal process that only moves payments, as fast as it can, until it is killed: the crash
// suite (crash.test.ts) starts it, kills it with SIGKILL at a random moment and starts it again.
// Between the partner's answer and the portal's commit it waits CRASH_WINDOW_MS, so a good share
// of the kills land exactly there.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { openDatabase } from '../../../server/db/database';
import type { PaymentPartner } from '../../../server/payments/partner';
import { runPaymentBatch } from '../../../server/payments/payments';

const url = process.env.WORKER_DATABASE_URL ?? '';
const window = Number(process.env.CRASH_WINDOW_MS ?? 20);
const once = process.env.WORKER_ONCE === 'true';

const db = await openDatabase({ url });
const options = defaultAppOptions(db);
const app = await buildApp({
  ...options,
  logger: false,
  staticDir: null,
  runJobs: false,
  payments: {
    ...options.payments,
    dataKey: () => Buffer.alloc(32, 7),
    sandbox: {
      settleAfterMs: 30,
      failureShare: 0,
      fee: '0.25',
      webhookDelayMs: 10,
      duplicateShare: 0.5,
      secret: 'crash-suite-secret',
      microDepositDelayMs: 0,
    },
  },
});
await app.ready();

const partner = app.partner;
const slowToCommit: PaymentPartner = {
  createFundingSource: (source, now) => partner.createFundingSource(source, now),
  verifyMicroDeposits: (id, amounts, now) => partner.verifyMicroDeposits(id, amounts, now),
  removeFundingSource: (id, now) => partner.removeFundingSource(id, now),
  createTransfer: async (transfer, now) => {
    const answer = await partner.createTransfer(transfer, now);
    await sleep(window);
    return answer;
  },
  getTransfer: (id) => partner.getTransfer(id),
  cancelTransfer: (id, now) => partner.cancelTransfer(id, now),
};

process.stdout.write('ready\n');
do {
  await runPaymentBatch({ db, partner: slowToCommit, now: () => new Date(), rail: 'sandbox' });
  await sleep(40);
  await app.tickPartner();
} while (!once);
await app.close();
await db.close();
