// A payee added by name alone (SPEC section 4: the username may be left blank to allow the user to
// claim the account): listed, split and paid like anyone, no login until the label gives them an
// e-mail and sends the claim notification, and then the one they set through the claim link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../../api/payments';
import type { User } from '../../../api/users';
import {
  createDemoProduct,
  get,
  login,
  startPortal,
  write,
  type LoggedIn,
  type TestPortal,
} from '../harness';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';
import { uploadStatement } from '../multipart';
import { openSecondLabel, SECOND_PASSWORD } from '../tenancy';

const PASSWORD = 'Claimed-password-2026!';

describe('a payee added by name alone', () => {
  let portal: TestPortal;
  let lena: LoggedIn;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

  const addByName = async (fullname: string) => {
    const added = await write(portal.app, lena, 'POST', '/api/users', { fullname });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<User>();
  };

  it('is listed, split and paid into their balance with no e-mail and no login', async () => {
    const nadia = await addByName('Nadia Noaddress');
    expect(nadia).toMatchObject({ username: null, status: 'pending', roles: ['payee'] });
    const listed = (await get(portal.app, lena, '/api/users?q=Noaddress')).json<{
      items: User[];
    }>();
    expect(listed.items.map((user) => user.fullname)).toEqual(['Nadia Noaddress']);

    const isrc = 'QZNOA2600001';
    const created = await createDemoProduct(portal, {
      title: 'Nameless Song',
      type: 'single',
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<{ id: string; version: number }>();
    const split = await write(portal.app, lena, 'PUT', `/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [{ scope: 'product', kind: 'base', shares: [{ payeeId: nadia.id, pct: '100' }] }],
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.body).toContain('Nadia Noaddress');

    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id as string;
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-09', expected: '40' },
      [
        {
          filename: 'nameless.tsv',
          content: DISTROKID_HEADER + distroKidLine({ earnings: '40', isrc }),
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const statementId = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
    for (const [step, body] of [
      ['funds', { amount: '40' }],
      ['calculate', {}],
      ['approve', {}],
    ] as const) {
      const done = await write(
        portal.app,
        lena,
        'POST',
        `/api/statements/${statementId}/${step}`,
        body,
      );
      expect(done.statusCode, `${step}: ${done.body}`).toBe(200);
      await portal.app.jobs.drain();
    }
    // The payment run holds it, saying why, like any payee's without a bank account.
    await portal.app.runPaymentBatch();
    const payments = (await get(portal.app, lena, '/api/payments?limit=1000')).json<{
      items: Payment[];
    }>();
    const hers = payments.items.filter((payment) => payment.payeeId === nadia.id);
    expect(hers).toHaveLength(1);
    expect(hers[0]).toMatchObject({
      payeeName: 'Nadia Noaddress',
      holdReason: 'no-verified-bank-account',
    });
    expect(Number(hers[0]?.amount)).toBeGreaterThan(0);

    // A blank username is no login, whatever is typed.
    for (const username of ['', 'Nadia Noaddress']) {
      const refused = await portal.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { username, password: PASSWORD },
      });
      expect(refused.statusCode).not.toBe(200);
    }
  }, 120_000);

  it('gets a login through the claim link once the label gives them an e-mail', async () => {
    const omar = await addByName('Omar Later');
    const early = await write(portal.app, lena, 'POST', `/api/users/${omar.id}/claim-notification`);
    expect(early.statusCode).toBe(400);

    const given = await write(portal.app, lena, 'PUT', `/api/users/${omar.id}/email`, {
      email: ' Omar@Later.Example ',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<User>()).toMatchObject({ username: 'omar@later.example', status: 'pending' });
    // Given once: a login of their own is theirs to change.
    const twice = await write(portal.app, lena, 'PUT', `/api/users/${omar.id}/email`, {
      email: 'other@later.example',
    });
    expect(twice.statusCode).toBe(409);

    const sent = await write(portal.app, lena, 'POST', `/api/users/${omar.id}/claim-notification`);
    expect(sent.statusCode, sent.body).toBe(202);
    const ada = await login(portal.app, 'admin@demo.label');
    const mail = (await get(portal.app, ada, '/api/outbox?q=omar%40later.example')).json()
      .items[0] as { link: string };
    expect(mail.link).toMatch(/\/service\/claim\?token=/);
    const token = new URL(mail.link).searchParams.get('token') ?? '';
    const claimed = await portal.app.inject({
      method: 'POST',
      url: '/api/claims/complete',
      payload: { token, password: PASSWORD },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const omarIn = await login(portal.app, 'omar@later.example', PASSWORD);
    expect(omarIn.body).toMatchObject({ fullname: 'Omar Later' });
  });

  it('keeps usernames unique when the e-mail comes later', async () => {
    const petra = await addByName('Petra Twin');
    for (const taken of ['payee@demo.label', 'PAYEE@demo.label', 'payee@dеmo.label']) {
      const refused = await write(portal.app, lena, 'PUT', `/api/users/${petra.id}/email`, {
        email: taken,
      });
      expect(refused.statusCode, taken).toBe(409);
      expect(refused.json().message).toBe(
        'This email address is already associated with an existing account.',
      );
    }
    const notEmail = await write(portal.app, lena, 'PUT', `/api/users/${petra.id}/email`, {
      email: 'petra',
    });
    expect(notEmail.statusCode).toBe(400);
    const unnamed = await write(portal.app, lena, 'POST', '/api/users', { fullname: '  ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Give the payee a name or an e-mail.');
  });

  it('is given an e-mail only by the labels they work with, or an admin', async () => {
    const quinn = await addByName('Quinn Private');
    await openSecondLabel(portal);
    const zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    const other = await write(portal.app, zora, 'PUT', `/api/users/${quinn.id}/email`, {
      email: 'quinn@stolen.example',
    });
    expect(other.statusCode).toBe(404);
    const paco = await login(portal.app, 'payee@demo.label');
    const payee = await write(portal.app, paco, 'PUT', `/api/users/${quinn.id}/email`, {
      email: 'quinn@stolen.example',
    });
    expect(payee.statusCode).toBe(403);
    const ada = await login(portal.app, 'admin@demo.label');
    const byAdmin = await write(portal.app, ada, 'PUT', `/api/users/${quinn.id}/email`, {
      email: 'quinn@private.example',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});
