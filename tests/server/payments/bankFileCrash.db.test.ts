// The payment batch under the bank-file rail killed with SIGKILL, again and again, between the
// files' text being made and their rows being committed (the worker says when it is there), and
// at random moments. After each kill nothing of a file is left half written; after the restart
// every payment queued is in exactly one file, no file is without its entries, and no payment is
// in two files. PostgreSQL only: two processes share the database, which PGlite does not allow.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/database';
import { login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { ownLabel, type OwnPayee } from '../statements/labelStatements';
import {
  addUsAccount,
  bankFilePayments,
  depositsTo,
  download,
  filesOf,
  readNacha,
  setOriginator,
  submitted,
} from './bankFiles';

const IN_THE_WINDOW = 5;
const AT_RANDOM = 2;
const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09'];

function startWorker(url: string, once = false) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'paymentWorker.ts')],
    {
      env: {
        ...process.env,
        WORKER_DATABASE_URL: url,
        WORKER_RAIL: 'bankfile',
        CRASH_WINDOW_MS: '20',
        FILE_WINDOW_MS: '400',
        WORKER_ONCE: String(once),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let writing: () => void = () => {};
  const inTheWindow = new Promise<void>((resolve) => (writing = resolve));
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes('ready')) resolve(child);
      if (text.includes('writing')) writing();
    });
    child.on('exit', (code) =>
      reject(new Error(`The worker ended before it was ready (${code}).`)),
    );
  });
  return { ready, inTheWindow, child };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on('exit', () => resolve());
  });

/** What the files hold: each a count, all zero when the files are sound. */
async function unsoundFiles(db: Queryable) {
  const [row] = await db.query<{ twice: string; empty: string; miscounted: string }>(
    `select ((select count(*) from (select payment_id from bank_file_entries
               where payment_id is not null group by payment_id having count(*) > 1) x)
            + (select count(*) from (select e.transfer_id from bank_file_entries e
               where e.transfer_id is not null group by e.transfer_id having count(*) > 1) y))::text
              as twice,
            (select count(*) from bank_files f
              where not exists (select 1 from bank_file_entries e where e.file_id = f.id))::text
              as empty,
            (select count(*) from bank_files f
              where f.entry_count <> (select count(*) from bank_file_entries e
                                       where e.file_id = f.id))::text as miscounted`,
  );
  return row;
}

describe.runIf(process.env.TEST_DATABASE_URL)('bank files killed mid-batch', () => {
  let portal: TestPortal;
  let owner: LoggedIn;

  beforeAll(async () => {
    portal = await startPortal({ payments: bankFilePayments });
    const label = await ownLabel(portal, {
      name: 'Crash Files Records',
      isrc: 'USCF12600001',
      payees: {
        paco: { fullname: 'Paco Payee', pct: '50', bank: null },
        aria: { fullname: 'Aria Artist', pct: '30', bank: null },
        finn: { fullname: 'Finn Fiddler', pct: '20', bank: null },
      },
    });
    owner = label.owner;
    await setOriginator(portal, owner, label.accountId);
    for (const month of MONTHS) await label.settle(month, '123.4567');
    // Each payee's account proven by the micro-deposits of the label's first file.
    const accounts: [OwnPayee, string][] = Object.values(label.payees).map((payee, index) => [
      payee,
      `11122233${String(index).padStart(2, '0')}`,
    ]);
    for (const [payee, account] of accounts) await addUsAccount(portal, payee, account);
    await portal.app.runPaymentBatch();
    const [file] = await filesOf(portal, owner);
    const { text } = await download(portal, owner, file!.id);
    await submitted(portal, owner, file!.id);
    const { credits } = readNacha(text);
    for (const [payee, account] of accounts) {
      const who = await login(portal.app, payee.username);
      const verified = await write(
        portal.app,
        who,
        'POST',
        '/api/payment-method/bank-account/verify',
        {
          amounts: depositsTo(credits, account),
        },
      );
      expect(verified.statusCode, verified.body).toBe(200);
    }
  }, 180_000);
  afterAll(() => portal.close());

  it('leaves no payment in two files and every queued payment in one', async () => {
    const url = portal.databaseUrl ?? '';
    const payments = await portal.db.query<{ id: string }>('select id from payments');
    expect(payments).toHaveLength(3 * MONTHS.length);
    const filesBefore = await portal.db.query<{ count: string }>(
      'select count(*)::text as count from bank_files',
    );

    let killedWriting = 0;
    for (let kill = 0; kill < IN_THE_WINDOW; kill += 1) {
      const files = await portal.db.query<{ count: string }>(
        'select count(*)::text as count from bank_files',
      );
      const worker = startWorker(url);
      const child = await worker.ready;
      const landed = await Promise.race([
        worker.inTheWindow.then(() => true),
        sleep(20_000).then(() => false),
      ]);
      // Every payment already in a file: nothing left to write, the kill proves nothing more.
      if (!landed) {
        child.kill('SIGKILL');
        await exited(child);
        break;
      }
      await sleep(Math.floor(Math.random() * 200));
      child.kill('SIGKILL');
      await exited(child);
      killedWriting += 1;
      // Killed before the commit: no file of that batch, not a part of one.
      const after = await portal.db.query<{ count: string }>(
        'select count(*)::text as count from bank_files',
      );
      expect(after[0]?.count).toBe(files[0]?.count);
      expect(await unsoundFiles(portal.db)).toEqual({ twice: '0', empty: '0', miscounted: '0' });
    }

    for (let kill = 0; kill < AT_RANDOM; kill += 1) {
      const worker = startWorker(url);
      const child = await worker.ready;
      await sleep(50 + Math.floor(Math.random() * 600));
      child.kill('SIGKILL');
      await exited(child);
      expect(await unsoundFiles(portal.db)).toEqual({ twice: '0', empty: '0', miscounted: '0' });
    }
    // Restarted for good: one batch writes what is queued.
    const last = startWorker(url, true);
    await exited(await last.ready);
    expect(await unsoundFiles(portal.db)).toEqual({ twice: '0', empty: '0', miscounted: '0' });
    // A payee's payments released together go out as one transfer, one credit: each payment's
    // transfer is in exactly one file.
    const outside = await portal.db.query<{ id: string }>(
      `select p.id from payments p
        where (select count(*) from bank_file_entries e
                where e.transfer_id = p.partner_transfer_id) <> 1`,
    );
    expect(outside).toEqual([]);
    const written = await portal.db.query<{ count: string }>(
      'select count(*)::text as count from bank_files',
    );
    console.info(
      `bank-file crash: ${AT_RANDOM} kills at random, ${killedWriting} between a file's text and its commit; ` +
        `${payments.length} payments in ${Number(written[0]?.count) - Number(filesBefore[0]?.count)} new files, each payment in one`,
    );
    expect(killedWriting).toBeGreaterThanOrEqual(IN_THE_WINDOW / 2);
  }, 300_000);
});
