// A payee's own bank account: checked numbers, kept encrypted, shown as the last 4 digits to
// everybody, and paid only once its two micro-deposits are confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt } from '../../../server/payments/dataKey';
import { isValidRoutingNumber } from '../../../rules/bankAccount';
import { get, login, startPortal, write, type TestPortal } from '../harness';
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
      testDeposits: ['0.32', '0.45'],
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
