// Payments through bank files (PAYMENT_RAIL=bankfile), from an approved statement to the payees'
// banks: micro-deposits in the label's first file prove the accounts, the next batch writes the
// payments into a NACHA file read back by an independent parser, the label downloads it (the
// download is recorded) and marks it submitted, the bank's return file fails one payment with its
// code, the others settle after the settlement days, the returned one is retried into a new file
// and completes. Every money check holds at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeNachaReturnFile } from '../../../server/payments/bankfile/nacha';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { multipart } from '../multipart';
import { ownLabel, type OwnPayee } from '../statements/labelStatements';
import {
  addUsAccount,
  bankFileLabel,
  bankFilePayments,
  checkMoney,
  depositsTo,
  download,
  filesOf,
  ORIGINATOR,
  paymentOf as paymentOfPayee,
  readNacha,
  submitted,
  uploadReturns,
  verifyDeposits,
  type BankFileLabel,
  DAY,
  settleAndRetry,
} from './bankFiles';

describe('payments through bank files', () => {
  let portal: TestPortal;
  let ada: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal({ payments: bankFilePayments });
    ada = await login(portal.app, 'admin@demo.label');
  });
  afterAll(() => portal.close());

  const paymentOf = (payee: OwnPayee) => paymentOfPayee(portal, ada, payee);
  const upload = (owner: LoggedIn, content: string, filename?: string) =>
    uploadReturns(portal, owner, content, filename);
  const verify = (payee: OwnPayee, amounts: string[]) => verifyDeposits(portal, payee, amounts);

  /**
   * Both payees add US accounts; the first batch holds their payments and writes the label's
   * first file, of their micro-deposits only; the label downloads and submits it, and each payee
   * enters the amounts the file (read by the independent parser) credited to them.
   */
  const verifiedThroughFile = async (label: BankFileLabel) => {
    const answers = [
      await addUsAccount(portal, label.paco, '1234567890'),
      await addUsAccount(portal, label.aria, '5555550001'),
    ];
    // Too early: the deposits are in no submitted file yet.
    const early = await verify(label.paco, ['0.01', '0.02']);
    expect(early.json().message, early.body).toMatch(/have not reached your bank yet/);
    await portal.app.runPaymentBatch();
    expect((await paymentOf(label.paco)).holdReason).toBe('no-verified-bank-account');
    const [first] = await filesOf(portal, label.owner);
    expect(first).toMatchObject({ format: 'nacha', currency: 'USD', payments: 0, entries: 4 });
    const { text } = await download(portal, label.owner, first!.id);
    const { credits } = readNacha(text);
    await submitted(portal, label.owner, first!.id);
    for (const [payee, account] of [
      [label.paco, '1234567890'],
      [label.aria, '5555550001'],
    ] as const) {
      const amounts = depositsTo(credits, account);
      expect(amounts).toHaveLength(2);
      expect(amounts[0]).not.toBe(amounts[1]);
      const who = await login(portal.app, payee.username);
      answers.push((await get(portal.app, who, '/api/payment-method/bank-account')).body);
      for (const answer of answers) {
        for (const amount of amounts) expect(answer).not.toContain(amount);
      }
      const verified = await verify(payee, amounts);
      expect(verified.json().status, verified.body).toBe('verified');
      answers.push(verified.body);
    }
  };

  it('pays a statement by NACHA file: returned once with its code, retried into a new file, completed', async () => {
    const label = await bankFileLabel(portal, 'Nacha Flow Records', 'USBF12600001');
    await verifiedThroughFile(label);

    // The batch queues both payments and writes them into the label's second file.
    await portal.app.runPaymentBatch();
    for (const payee of [label.paco, label.aria]) {
      const payment = await paymentOf(payee);
      expect(payment.status).toBe('processing');
      expect(payment.internalState).toBe('TRANSFER');
    }
    const files = await filesOf(portal, label.owner);
    expect(files).toHaveLength(2);
    const payFile = files.find((file) => file.payments > 0)!;
    expect(payFile).toMatchObject({
      format: 'nacha',
      currency: 'USD',
      payments: 2,
      entries: 2,
      total: '10.00',
      status: 'open',
      downloadedAt: null,
    });
    // Submitted before anybody downloaded it: refused, nothing moves.
    const early = await write(
      portal.app,
      label.owner,
      'POST',
      `/api/bank-files/${payFile.id}/submitted`,
      {},
    );
    expect(early.statusCode).toBe(409);
    expect((await paymentOf(label.paco)).internalState).toBe('TRANSFER');

    const { text, disposition } = await download(portal, label.owner, payFile.id);
    expect(disposition).toMatch(/^attachment; filename="royalties-2026-11-01-[A-Z0-9]\.ach"$/);
    const read = readNacha(text);
    expect(read.file.destination.trim()).toBe(ORIGINATOR.immediateDestination);
    expect(read.file.origin.trim()).toBe(ORIGINATOR.immediateOrigin);
    const paco = await paymentOf(label.paco);
    const aria = await paymentOf(label.aria);
    // Both are people of the label's own account, a certified business: paid as it (CCD).
    expect(
      read.credits.map(({ entryClass, routingNumber, accountNumber, cents, name, addenda }) => ({
        entryClass,
        routingNumber,
        accountNumber,
        cents,
        name,
        addenda,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          entryClass: 'CCD',
          routingNumber: '011000015',
          accountNumber: '1234567890',
          cents: 600,
          name: 'PACO PAYEE',
          addenda: expect.stringContaining(paco.id),
        },
        {
          entryClass: 'CCD',
          routingNumber: '011000015',
          accountNumber: '5555550001',
          cents: 400,
          name: 'ARIA ARTIST',
          addenda: expect.stringContaining(aria.id),
        },
      ]),
    );
    const listed = (await filesOf(portal, label.owner)).find((file) => file.id === payFile.id);
    expect(listed?.downloadedBy).toBeTruthy();
    const downloads = await portal.db.query<{ actor: string }>(
      `select actor from events where stream_id = $1 and type = 'BankFileDownloaded'`,
      [`bankfile-${payFile.id}`],
    );
    expect(downloads).toHaveLength(1);
    // The payment's page names its file to the label and admins, never to the payee.
    const named = [{ id: payFile.id, fileName: payFile.fileName, format: 'nacha' }];
    expect((await paymentOf(label.paco)).bankFiles).toMatchObject(named);
    const ownerRead = await get(portal.app, label.owner, `/api/payments/${paco.id}`);
    expect(ownerRead.json().bankFiles).toMatchObject(named);
    const pacoHimself = await login(portal.app, label.paco.username);
    const payeeRead = await get(portal.app, pacoHimself, `/api/payments/${paco.id}`);
    expect(payeeRead.statusCode).toBe(200);
    expect(payeeRead.json().bankFiles).toBeUndefined();

    // Marked submitted, twice (a double click): the payments wait on the bank, once.
    const marked = await submitted(portal, label.owner, payFile.id);
    expect(await submitted(portal, label.owner, payFile.id)).toEqual(marked);
    expect(marked.status).toBe('submitted');
    expect((await paymentOf(label.paco)).internalState).toBe('HOLD');
    expect((await paymentOf(label.paco)).holdReason).toBeNull();

    // The bank returns Aria's credit with R03.
    const ariaCredit = read.credits.find((credit) => credit.accountNumber === '5555550001')!;
    const returnFile = writeNachaReturnFile({
      original: { text, traces: [], entryCount: 2, totalCents: 1000n },
      originator: ORIGINATOR,
      returns: [
        {
          traceNumber: ariaCredit.traceNumber,
          code: 'R03',
          amountCents: 400n,
          receiverName: 'ARIA ARTIST',
          routingNumber: '011000015',
          accountNumber: '5555550001',
          accountType: 'checking',
        },
      ],
      createdAt: portal.clock.now(),
    });
    const applied = await upload(label.owner, returnFile);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().returns).toEqual([
      expect.objectContaining({
        code: 'R03',
        outcome: 'returned',
        paymentId: aria.id,
        payeeName: 'Aria Artist',
        amount: '4.00',
        currency: 'USD',
      }),
    ]);
    const failed = await paymentOf(label.aria);
    expect(failed.status).toBe('failed');
    expect(failed.failure.code).toBe('R03');
    // The same file again returns nothing twice.
    const again = await upload(label.owner, returnFile);
    expect(again.json().returns).toEqual([
      expect.objectContaining({ outcome: 'already-returned', paymentId: aria.id }),
    ]);

    // Paco's settles after the settlement days (two business days: Sunday to Tuesday). Days
    // pass: the admin and the owner sign in again.
    const later = async (milliseconds: number) => {
      portal.clock.advance(milliseconds);
      ada = await login(portal.app, 'admin@demo.label');
      label.owner = await login(portal.app, 'owner@nacha-flow-records.example');
    };
    const retryFile = await settleAndRetry(portal, {
      later,
      admin: () => ada,
      owner: () => label.owner,
      settled: () => paymentOf(label.paco),
      returnedId: aria.id,
      payFileId: payFile.id,
    });
    expect(retryFile).toMatchObject({ payments: 1, total: '4.00' });
    const retryText = (await download(portal, label.owner, retryFile.id)).text;
    expect(readNacha(retryText).credits).toEqual([
      expect.objectContaining({ accountNumber: '5555550001', cents: 400 }),
    ]);
    await submitted(portal, label.owner, retryFile.id);
    await later(3 * DAY);
    await portal.app.runPaymentBatch();
    const completed = await paymentOf(label.aria);
    expect(completed.status).toBe('completed');
    expect(completed.retries).toBe(1);
    await checkMoney(portal.db, label.accountId);
  });

  it("keeps a label's bank files from other labels, payees and callers without a session", async () => {
    const label = await bankFileLabel(portal, 'Private Files Records', 'USBF12600002');
    await addUsAccount(portal, label.paco, '2223334440');
    await portal.app.runPaymentBatch();
    const [file] = await filesOf(portal, label.owner);
    const { text } = await download(portal, label.owner, file!.id);
    await submitted(portal, label.owner, file!.id);
    const other = await ownLabel(portal, {
      name: 'Other Files Records',
      isrc: 'USBF12600003',
      payees: { otto: { fullname: 'Otto Other', pct: '100', bank: null } },
    });
    const payee = await login(portal.app, label.paco.username);
    const routes = [
      { method: 'GET' as const, url: '/api/bank-files' },
      { method: 'GET' as const, url: `/api/bank-files/${file!.id}/download` },
      { method: 'POST' as const, url: `/api/bank-files/${file!.id}/submitted` },
    ];
    let tried = 0;
    for (const route of routes) {
      const anonymous = await portal.app.inject({ method: route.method, url: route.url });
      expect(anonymous.statusCode, route.url).toBe(401);
      const asPayee =
        route.method === 'GET'
          ? await get(portal.app, payee, route.url)
          : await write(portal.app, payee, 'POST', route.url, {});
      expect(asPayee.statusCode, route.url).toBe(403);
      const asOther =
        route.method === 'GET'
          ? await get(portal.app, other.owner, route.url)
          : await write(portal.app, other.owner, 'POST', route.url, {});
      if (route.url === '/api/bank-files') {
        expect(asOther.json()).toEqual({ items: [], total: 0 });
      } else {
        expect(asOther.statusCode, route.url).toBe(404);
      }
      expect(asOther.body).not.toContain(label.paco.fullname.toUpperCase());
      tried += 3;
    }
    // The label's return file uploaded by another label names nothing of it, and changes nothing.
    const [credit] = readNacha(text).credits;
    const returnFile = writeNachaReturnFile({
      original: { text, traces: [], entryCount: 2, totalCents: 0n },
      originator: ORIGINATOR,
      returns: [
        {
          traceNumber: credit!.traceNumber,
          code: 'R02',
          amountCents: BigInt(credit!.cents),
          receiverName: 'PACO PAYEE',
          routingNumber: '011000015',
          accountNumber: '2223334440',
          accountType: 'checking',
        },
      ],
      createdAt: portal.clock.now(),
    });
    const foreign = await upload(other.owner, returnFile);
    expect(foreign.json().returns).toEqual([
      {
        reference: credit!.traceNumber,
        code: 'R02',
        outcome: 'not-this-label',
        paymentId: null,
        payeeName: null,
        amount: null,
        currency: null,
      },
    ]);
    expect((await upload(payee, returnFile)).statusCode).toBe(403);
    const anonymousUpload = await portal.app.inject({
      method: 'POST',
      url: '/api/bank-files/returns',
      ...multipart([{ name: 'file', filename: 'r.ach', content: returnFile }]),
    });
    expect(anonymousUpload.statusCode).toBe(401);
    tried += 3;
    const entries = await portal.db.query<{ returned_at: Date | null }>(
      'select returned_at from bank_file_entries where file_id = $1',
      [file!.id],
    );
    expect(entries.every((entry) => entry.returned_at === null)).toBe(true);
    expect(tried).toBe(12);
  });

  it('refuses a file that is no return file, in words the label reads, naming where', async () => {
    const label = await bankFileLabel(portal, 'Unreadable Returns Records', 'USBF12600004', {
      originator: false,
    });
    const csv = await upload(label.owner, 'name,amount\nPaco,6.00\n', 'returns.csv');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toMatch(/does not read this kind of file/);
    const broken = await upload(label.owner, `101${' '.repeat(91)}\n5${'x'.repeat(93)}\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors?.[0]?.path).toBeTruthy();
    // Without its details the label's payments are held with a reason it reads, and no file
    // is written (the payee's micro-deposits wait for it too).
    expect((await paymentOf(label.paco)).holdReason).toBeNull();
    await portal.app.runPaymentBatch();
    expect((await paymentOf(label.paco)).holdReason).toBe('no-verified-bank-account');
    await addUsAccount(portal, label.paco, '3334445550');
    await portal.app.runPaymentBatch();
    expect((await paymentOf(label.paco)).holdReason).toBe('bank-file-details-missing');
    expect(await filesOf(portal, label.owner)).toEqual([]);
  });

  it('cancels a transfer while its file is not submitted, writing the file again without it', async () => {
    const label = await bankFileLabel(portal, 'Cancel Files Records', 'USBF12600005');
    await verifiedThroughFile(label);
    await portal.app.runPaymentBatch();
    const payFile = (await filesOf(portal, label.owner)).find((file) => file.payments > 0)!;
    await download(portal, label.owner, payFile.id);
    const transferOf = async (payee: OwnPayee) => {
      const [row] = await portal.db.query<{ partner_transfer_id: string }>(
        'select partner_transfer_id from payments where payee_id = $1',
        [payee.id],
      );
      return row!.partner_transfer_id;
    };
    const cancelled = await portal.app.partner.cancelTransfer(
      await transferOf(label.aria),
      portal.clock.now(),
    );
    expect(cancelled?.status).toBe('cancelled');
    // The file holds Paco's credit alone now, and must be downloaded again before it is sent.
    const [rewritten] = (await filesOf(portal, label.owner)).filter(
      (file) => file.id === payFile.id,
    );
    expect(rewritten).toMatchObject({ payments: 1, entries: 1, total: '6.00', downloadedAt: null });
    const { text } = await download(portal, label.owner, payFile.id);
    expect(readNacha(text).credits).toEqual([
      expect.objectContaining({ accountNumber: '1234567890', cents: 600 }),
    ]);
    await submitted(portal, label.owner, payFile.id);
    // Once submitted, the file is the bank's: nothing is cancelled.
    const late = await portal.app.partner.cancelTransfer(
      await transferOf(label.paco),
      portal.clock.now(),
    );
    expect(late?.status).toBe('pending');
    expect((await paymentOf(label.paco)).internalState).toBe('HOLD');
  });
});
