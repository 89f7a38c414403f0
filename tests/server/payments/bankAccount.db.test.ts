// A payee's own bank account: checked numbers, kept encrypted, shown as the last 4 digits to
// everybody, and paid only once its two micro-deposits are confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt } from '../../../server/dataKey';
import { isValidRoutingNumber } from '../../../rules/bankAccount';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import {
  get,
  login,
  startPortal,
  testPayments,
  write,
  type LoggedIn,
  type TestPortal,
} from '../harness';
import { DEMO_PASSWORD } from '../../../server/seed';

describe('bank accounts', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('knows a routing number by its check digit', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    // One digit mistyped, and two digits swapped.
    expect(isValidRoutingNumber('011000016')).toBe(false);
    expect(isValidRoutingNumber('101000015')).toBe(false);
    expect(isValidRoutingNumber('01100001')).toBe(false);
    expect(isValidRoutingNumber('01100001a')).toBe(false);
  });

  it('refuses a wrong routing or account number with its message, and keeps nothing', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const wrongRouting = await write(portal.app, paco, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000016',
      accountNumber: '1234567890',
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(wrongRouting.statusCode).toBe(400);
    expect(wrongRouting.json().message).toBe(
      'A routing number is 9 digits with a valid check digit.',
    );
    const shortAccount = await write(portal.app, paco, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: '12345',
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(shortAccount.json().message).toBe('An account number must be 10 numbers long.');
    expect((await get(portal.app, paco, '/api/payment-method/bank-account')).json()).toEqual({
      bankAccount: null,
      testDeposits: null,
    });
  });

  it('asks for the password again, and tells the owner by e-mail when it is set', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    for (const password of ['', 'Not-his-password-1!']) {
      const refused = await write(portal.app, paco, 'PUT', '/api/payment-method/bank-account', {
        routingNumber: '011000015',
        accountNumber: '1234567890',
        accountType: 'checking',
        password,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'Enter your password again to change where you are paid.',
      );
    }
    expect(
      (await get(portal.app, paco, '/api/payment-method/bank-account')).json().bankAccount,
    ).toBe(null);
    expect(
      await portal.db.query("select 1 from outbox where subject like '%bank account%'"),
    ).toEqual([]);
  });

  it('keeps the number encrypted, shows the last 4 digits, and verifies by micro-deposits', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const added = await write(portal.app, paco, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: '1234567890',
      accountType: 'savings',
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      routingNumber: '011000015',
      last4: '7890',
      accountType: 'savings',
      status: 'verification-pending',
      microDepositsSentAt: expect.any(Number),
      verifiedAt: null,
    });
    expect(added.body).not.toContain('1234567890');
    const [mail] = await portal.db.query<{ recipient: string; subject: string; body: string }>(
      'select recipient, subject, body from outbox order by id desc limit 1',
    );
    expect(mail).toMatchObject({
      recipient: 'payee@demo.label',
      subject: 'Your bank account for payments was changed',
    });
    expect(mail?.body).toContain('the bank account ending 7890');
    expect(mail?.body).not.toContain('1234567890');
    // Neither the table nor the event log holds the number in clear.
    const [stored] = await portal.db.query<{ sealed: string }>(
      'select account_number_encrypted as sealed from payee_payment_methods',
    );
    expect(stored?.sealed).not.toContain('1234567890');
    expect(decrypt(Buffer.alloc(32, 7), stored?.sealed ?? '')).toBe('1234567890');
    const logged = await portal.db.query<{ data: string }>(
      `select data::text as data from events where stream_id like 'bankaccount-%'`,
    );
    expect(logged.map((row) => row.data).join()).not.toContain('1234567890');

    const wrong = await write(portal.app, paco, 'POST', '/api/payment-method/bank-account/verify', {
      amounts: ['0.12', '0.45'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'Transaction Mismatch: Transactions do not match, please try again.',
    );
    const right = await write(portal.app, paco, 'POST', '/api/payment-method/bank-account/verify', {
      amounts: ['$0.45', '0.32'],
    });
    expect(right.json()).toMatchObject({ status: 'verified', verifiedAt: expect.any(Number) });
    const types = await portal.db.query<{ type: string }>(
      `select type from events where stream_id like 'bankaccount-%' order by seq`,
    );
    expect(types.map((row) => row.type)).toEqual([
      'BankAccountAdded',
      'MicroDepositsSent',
      'BankAccountVerificationFailed',
      'BankAccountVerified',
    ]);
  });

  it('lets nobody set another person’s bank account, an emulating admin neither', async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const emulating = await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: 'payee@demo.label',
    });
    expect(emulating.statusCode, emulating.body).toBeLessThan(300);
    const refused = await write(portal.app, ada, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: '9999999999',
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    // Reading it shows the last 4 digits only, to an admin too.
    const read = (await get(portal.app, ada, '/api/payment-method/bank-account')).json();
    expect(read.bankAccount).toMatchObject({ last4: '7890' });
    expect(JSON.stringify(read)).not.toContain('1234567890');
  });
});

describe('micro-deposits as the bank sends them', () => {
  let portal: TestPortal;
  const DAY = 24 * 60 * 60 * 1000;
  beforeAll(async () => {
    // Deposits reach the bank a day after the account is added, by the sandbox's clock.
    portal = await startPortal({
      payments: { ...testPayments, sandbox: { ...testPayments.sandbox, microDepositDelayMs: DAY } },
    });
  });
  afterAll(() => portal.close());

  const add = async (paco: LoggedIn, routingNumber: string) => {
    const added = await write(portal.app, paco, 'PUT', '/api/payment-method/bank-account', {
      routingNumber,
      accountNumber: '1234567890',
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json();
  };
  const verify = (paco: LoggedIn, amounts: string[]) =>
    write(portal.app, paco, 'POST', '/api/payment-method/bank-account/verify', { amounts });
  const bankEvents = async () =>
    (
      await portal.db.query<{ type: string }>(
        `select type from events where stream_id like 'bankaccount-%' order by seq`,
      )
    ).map((row) => row.type);

  it('names the bank of a routing number the partner knows, and says when to expect deposits', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const unknown = await add(paco, '011000138');
    expect(unknown.bankName).toBe(null);
    const chase = await add(paco, '021000021');
    const sent = chase.microDepositsSentAt as number;
    expect(chase).toMatchObject({
      bankName: 'JPMorgan Chase Bank',
      status: 'verification-pending',
      triesLeft: 3,
      microDepositsExpected: { from: sent + 24 * 3600, to: sent + 48 * 3600 },
    });
  });

  it('has nothing to compare before the deposits reach the bank, and uses no try', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const before = await bankEvents();
    const early = await verify(paco, ['0.32', '0.45']);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'The two micro-deposits have not reached your bank yet. Micro-deposits appear in 24 to 48 hours.',
    );
    // The test bank names its amounts only once they are there.
    expect((await get(portal.app, paco, '/api/payment-method/bank-account')).json()).toMatchObject({
      bankAccount: { triesLeft: 3 },
      testDeposits: null,
    });
    expect(await bankEvents()).toEqual(before);
    portal.clock.advance(DAY);
    const later = await login(portal.app, 'payee@demo.label');
    expect(
      (await get(portal.app, later, '/api/payment-method/bank-account')).json().testDeposits,
    ).toEqual(['0.32', '0.45']);
  });

  it('allows 3 wrong pairs, then the account must be added again', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    for (const triesLeft of [2, 1]) {
      const wrong = await verify(paco, ['0.12', '0.45']);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(
        'Transaction Mismatch: Transactions do not match, please try again.',
      );
      const read = (await get(portal.app, paco, '/api/payment-method/bank-account')).json();
      expect(read.bankAccount).toMatchObject({ status: 'verification-pending', triesLeft });
    }
    const last = await verify(paco, ['0.12', '0.45']);
    expect(last.statusCode).toBe(400);
    // SPEC section 8's text; the page says why beside it.
    const locked = 'Error, please delete account and re-enter your information';
    expect(last.json().message).toBe(locked);
    const read = (await get(portal.app, paco, '/api/payment-method/bank-account')).json();
    expect(read).toMatchObject({
      bankAccount: { status: 'verification-failed', triesLeft: 0, microDepositsExpected: null },
      testDeposits: null,
    });
    // Even the right amounts no longer verify it: the partner dropped the account.
    const right = await verify(paco, ['0.32', '0.45']);
    expect(right.statusCode).toBe(409);
    expect(right.json().message).toBe(locked);
    expect((await bankEvents()).slice(-4)).toEqual([
      'BankAccountVerificationFailed',
      'BankAccountVerificationFailed',
      'BankAccountVerificationFailed',
      'BankAccountVerificationLocked',
    ]);

    // Added again: new deposits, three new tries, and verified once they are in.
    await add(paco, '021000021');
    expect((await verify(paco, ['0.32', '0.45'])).statusCode).toBe(409);
    portal.clock.advance(DAY);
    const verified = await verify(await login(portal.app, 'payee@demo.label'), ['0.45', '0.32']);
    expect(verified.json()).toMatchObject({ status: 'verified', bankName: 'JPMorgan Chase Bank' });
  });

  it('rebuilds the same bank accounts from the event log', async () => {
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
