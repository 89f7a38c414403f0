// A portal process that only moves payments, as fast as it can, until it is killed: the crash
// suite (crash.test.ts) starts it, kills it with SIGKILL at a random moment and starts it again.
// Between the partner's answer and the portal's commit it waits CRASH_WINDOW_MS, so a good share
// of the kills land exactly there. With WORKER_RAIL=bankfile it pays by bank files, and waits
// FILE_WINDOW_MS between a batch's files being made and their commit, saying "writing" first.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { openDatabase } from '../../../server/db/database';
import { BankFilePartner } from '../../../server/payments/bankfile/bankFilePartner';
import type { PaymentPartner } from '../../../server/payments/partner';
import { runPaymentBatch } from '../../../server/payments/payments';

const url = process.env.WORKER_DATABASE_URL ?? '';
const window = Number(process.env.CRASH_WINDOW_MS ?? 20);
const once = process.env.WORKER_ONCE === 'true';
const rail = process.env.WORKER_RAIL === 'bankfile' ? 'bankfile' : 'sandbox';
const fileWindow = Number(process.env.FILE_WINDOW_MS ?? 200);

const db = await openDatabase({ url });
const options = defaultAppOptions(db);
const app = await buildApp({
  ...options,
  logger: false,
  staticDir: null,
  runJobs: false,
  payments: {
    ...options.payments,
    rail,
    dataKey: () => Buffer.alloc(32, 7),
    sandbox: {
      settleAfterMs: 30,
      failureShare: 0,
      fee: '0.25',
      webhookDelayMs: 10,
      duplicateShare: 0.5,
      secret: 'crash-suite-secret',
      microDeposits: ['0.32', '0.45'],
      microDepositDelayMs: 0,
    },
  },
});
await app.ready();

/** The bank-file rail, slow between a batch's files being made and their commit. */
class SlowToCommitFiles extends BankFilePartner {
  protected override async beforeCommit() {
    process.stdout.write('writing\n');
    await sleep(fileWindow);
  }
}

const partner: PaymentPartner =
  rail === 'bankfile'
    ? new SlowToCommitFiles(db, {
        settleDays: 2,
        dataKey: () => Buffer.alloc(32, 7),
        now: () => new Date(),
      })
    : app.partner;
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
  holdReasonOf: async (tx, payment) => (await partner.holdReasonOf?.(tx, payment)) ?? null,
  afterBatch: async (now) => partner.afterBatch?.(now),
};

process.stdout.write('ready\n');
do {
  await runPaymentBatch({ db, partner: slowToCommit, now: () => new Date() });
  await sleep(40);
  await app.tickPartner();
} while (!once);
await app.close();
await db.close();
