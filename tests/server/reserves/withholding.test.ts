// Reserves against returns at approval: the rule's percentage of download sales withheld from the
// payouts into each payee's reserve, exactly, with its release schedule; streams untouched; the
// same figures before approval; and a label's rules are its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payeeAccount, reserveAccount } from '../../../server/ledger/accounts';
import { openLabel } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { approve, balanceOf, calculated, row, setRules, songOf } from './statementFlow';

describe('reserves withheld at approval', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let accountId: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    [{ id: accountId } = { id: '' }] = await portal.db.query<{ id: string }>(
      "select id from accounts where name = 'Demo Records'",
    );
  });
  afterAll(() => portal.close());

  it('withholds 10% of download earnings, released in three equal parts; streams are not withheld', async () => {
    await setRules(portal, lena, [
      {
        scope: 'format',
        target: 'download',
        percent: '10',
        release: { kind: 'spread', periods: 3 },
      },
    ]);
    const { payees } = await songOf(portal, lena, 'QZRSV2600001', ['60', '40']);
    const [paco = '', aria = ''] = payees;
    // 100 of downloads and 50 of streams: 60 and 40 of the downloads are the payees' earnings.
    const id = await calculated(
      portal,
      lena,
      '2026-10',
      row('2026-10', 'iTunes', 'QZRSV2600001', '100.00') +
        row('2026-10', 'Spotify', 'QZRSV2600001', '50.00'),
    );
    const expected = [
      {
        payeeId: paco,
        charged: '0',
        withheld: '6',
        releases: [
          { period: '2026-11', dueOn: '2026-11-01', amount: '2' },
          { period: '2026-12', dueOn: '2026-12-01', amount: '2' },
          { period: '2027-01', dueOn: '2027-01-01', amount: '2' },
        ],
      },
      {
        payeeId: aria,
        charged: '0',
        withheld: '4',
        // Equal parts to the 12th decimal; the last takes what is left, so nothing is lost.
        releases: [
          { period: '2026-11', dueOn: '2026-11-01', amount: '1.333333333333' },
          { period: '2026-12', dueOn: '2026-12-01', amount: '1.333333333333' },
          { period: '2027-01', dueOn: '2027-01-01', amount: '1.333333333334' },
        ],
      },
    ].sort((a, b) => a.payeeId.localeCompare(b.payeeId));
    // What the label sees before approving is what approval withholds.
    const preview = await get(portal.app, lena, `/api/statements/${id}/reserves`);
    expect(preview.json().items).toEqual(expected);
    await approve(portal, lena, id);
    expect((await get(portal.app, lena, `/api/statements/${id}/reserves`)).json().items).toEqual(
      expected,
    );
    expect(await balanceOf(portal, reserveAccount(accountId, paco))).toBe('6');
    expect(await balanceOf(portal, reserveAccount(accountId, aria))).toBe('4');
    // Payouts of 90 and 60 are paid less the reserve: 84 and 56.
    const paid = await portal.db.query<{ payee_id: string; amount: string }>(
      `select payee_id, trim_scale(amount)::text as amount from payments where statement_id = $1`,
      [id],
    );
    expect(Object.fromEntries(paid.map((p) => [p.payee_id, p.amount]))).toEqual({
      [paco]: '84',
      [aria]: '56',
    });
    expect(await balanceOf(portal, payeeAccount(accountId, paco))).toBe('0');
    // Aria's statement shows what was held back and when it comes back; her balance carried is
    // the ledger's, 0: the 4 withheld is not left in it.
    const statement = await get(
      portal.app,
      lena,
      `/api/statements/${id}/payee-statement?payee=${aria}`,
    );
    expect(statement.json()).toMatchObject({
      payout: '60',
      reserve: { withheld: '4', charged: '0', releases: expected[aria < paco ? 0 : 1]?.releases },
      paid: '56',
      carried: '0',
    });
    const csv = (
      await get(portal.app, lena, `/api/statements/${id}/payee-statement/csv?payee=${aria}`)
    ).body;
    expect(csv).toContain(',total,reserve_withheld,,,4\r\n');
    expect(csv).toContain(',reserve_release,2027-01-01,,,1.333333333334\r\n');
  });

  it('withholds nothing from streams, whatever the rules', async () => {
    await setRules(portal, lena, [
      {
        scope: 'format',
        target: 'download',
        percent: '50',
        release: { kind: 'after', periods: 1 },
      },
    ]);
    const { productId, payees } = await songOf(portal, lena, 'QZRSV2600002', ['100']);
    // A product's rule covers its lines of every format but streams.
    await setRules(portal, lena, [
      {
        scope: 'product',
        target: productId,
        percent: '25',
        release: { kind: 'after', periods: 1 },
      },
    ]);
    const id = await calculated(
      portal,
      lena,
      '2026-10',
      row('2026-10', 'Spotify', 'QZRSV2600002', '80.00'),
    );
    expect((await get(portal.app, lena, `/api/statements/${id}/reserves`)).json().items).toEqual(
      [],
    );
    await approve(portal, lena, id);
    expect(await balanceOf(portal, reserveAccount(accountId, payees[0] ?? ''))).toBe('0');
    const events = await portal.db.query<{ type: string }>(
      `select type from events where stream_id = $1 and type like 'Reserve%'`,
      [`statement-${id}`],
    );
    expect(events).toEqual([]);
  });

  it('takes a product’s rule over its format’s', async () => {
    const { productId, payees } = await songOf(portal, lena, 'QZRSV2600003', ['100']);
    await setRules(portal, lena, [
      {
        scope: 'format',
        target: 'download',
        percent: '50',
        release: { kind: 'after', periods: 1 },
      },
      {
        scope: 'product',
        target: productId,
        percent: '12.5',
        release: { kind: 'after', periods: 2 },
      },
    ]);
    const id = await calculated(
      portal,
      lena,
      '2026-10',
      row('2026-10', 'iTunes', 'QZRSV2600003', '33.33'),
    );
    await approve(portal, lena, id);
    // 12.5% of 33.33, exactly: 4.16625, released all in the second month after October.
    expect((await get(portal.app, lena, `/api/statements/${id}/reserves`)).json().items).toEqual([
      {
        payeeId: payees[0],
        charged: '0',
        withheld: '4.16625',
        releases: [{ period: '2026-12', dueOn: '2026-12-01', amount: '4.16625' }],
      },
    ]);
    expect(await balanceOf(portal, reserveAccount(accountId, payees[0] ?? ''))).toBe('4.16625');
  });

  it('lets only the label’s owner read and set its rules', async () => {
    await setRules(portal, lena, [
      {
        scope: 'format',
        target: 'physical',
        percent: '20',
        release: { kind: 'after', periods: 2 },
      },
    ]);
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await get(portal.app, paco, '/api/reserve-rules')).statusCode).toBe(403);
    const refused = await write(portal.app, paco, 'PUT', '/api/reserve-rules', {
      version: 0,
      rules: [],
    });
    expect(refused.statusCode).toBe(403);
    // Another label reads and sets its own rules: the demo label's stay as they were.
    const other = await openLabel(portal, 'Reserve Rivals', 'owner@reserve-rivals.example');
    expect((await get(portal.app, other.owner, '/api/reserve-rules')).json()).toEqual({
      rules: [],
      version: 0,
    });
    const theirs = await write(portal.app, other.owner, 'PUT', '/api/reserve-rules', {
      version: 0,
      rules: [
        {
          scope: 'format',
          target: 'download',
          percent: '5',
          release: { kind: 'after', periods: 1 },
        },
      ],
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const ours = (await get(portal.app, lena, '/api/reserve-rules')).json();
    expect(ours.rules).toEqual([
      {
        scope: 'format',
        target: 'physical',
        percent: '20',
        release: { kind: 'after', periods: 2 },
        productTitle: null,
      },
    ]);
    // A product of another label is refused, and a rule on streams.
    const { productId } = await songOf(portal, lena, 'QZRSV2600004', ['100']);
    const foreign = await write(portal.app, other.owner, 'PUT', '/api/reserve-rules', {
      version: 1,
      rules: [
        {
          scope: 'product',
          target: productId,
          percent: '5',
          release: { kind: 'after', periods: 1 },
        },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('This product is not in your catalog.');
    const streams = await write(portal.app, other.owner, 'PUT', '/api/reserve-rules', {
      version: 1,
      rules: [
        { scope: 'format', target: 'stream', percent: '5', release: { kind: 'after', periods: 1 } },
      ],
    });
    expect(streams.json().message).toBe(
      'Reserves are set for physical, download, video or other sales: streams are not returned.',
    );
    const id = await calculated(
      portal,
      lena,
      '2026-10',
      row('2026-10', 'iTunes', 'QZRSV2600004', '1'),
    );
    expect((await get(portal.app, other.owner, `/api/statements/${id}/reserves`)).statusCode).toBe(
      404,
    );
  });
});
