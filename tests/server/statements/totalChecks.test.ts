import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoPerson } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { settleStatement } from './labelStatements';

// One portal; each test uploads statements of a currency or month of its own, so that the
// label's history one test reads is not another's.
describe("a statement's total held for the label's confirmation", () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let overseer: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    await addDemoPerson(portal, {
      username: 'olga@totals.example',
      fullname: 'Olga Overseer',
      roles: ['overseer'],
    });
    overseer = await login(portal.app, 'olga@totals.example');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  /** One Spotify row of a demo song earning `earnings` in `currency`, read; the statement. */
  const upload = async (
    month: string,
    earnings: string,
    { currency = 'USD', units = 1000, expected = null as string | null } = {},
  ) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected },
      [
        {
          filename: `${currency}-${month}-${earnings}.tsv`,
          content: distroKidHeader(currency) + distroKidLine({ earnings, units }),
        },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const id = answer.json()[0].id as string;
    return (await get(portal.app, lena, `/api/statements/${id}`)).json();
  };
  const confirm = (who: LoggedIn, id: string) =>
    write(portal.app, who, 'POST', `/api/statements/${id}/confirm-total`, {});

  it('lets an expected total within a cent through and holds one a cent and more off, with both figures', async () => {
    const near = await upload('2025-01', '10.01', { expected: '10' });
    expect(near).toMatchObject({ status: 'waiting-for-funds', totalHold: null });

    const off = await upload('2025-02', '10.02', { expected: '10' });
    expect(off).toMatchObject({
      status: 'needs-attention',
      totalHold: { check: 'expected', currency: 'USD', read: '10.02', expected: '10' },
    });
  });

  it('releases a held statement when the label confirms the figure, kept with who confirmed it; refuses a person without the right', async () => {
    const held = await upload('2025-03', '29.63', { expected: '5280012390' });
    expect(held.status).toBe('needs-attention');

    const refused = await confirm(overseer, held.id);
    expect(refused.statusCode).toBe(403);
    expect((await get(portal.app, lena, `/api/statements/${held.id}`)).json()).toMatchObject({
      status: 'needs-attention',
      totalHold: { read: '29.63' },
    });

    const confirmed = await confirm(lena, held.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('waiting-for-funds');
    const [event] = await portal.db.query<{ data: object; actor: string }>(
      `select data, actor from events where stream_id = $1 and type = 'StatementTotalConfirmed'`,
      [`statement-${held.id}`],
    );
    const [lenaId] = await portal.db.query<{ id: string }>(
      "select id from users where username = 'label@demo.label'",
    );
    expect(event).toEqual({
      data: { check: 'expected', read: '29.63', currency: 'USD' },
      actor: lenaId?.id,
    });
    // Nothing left to confirm.
    expect((await confirm(lena, held.id)).statusCode).toBe(409);
  });

  it('holds a total more than ten times the largest month the label approved from the distributor, naming both', async () => {
    // No history in euros yet: not checked.
    const first = await upload('2025-04', '2963.02', { currency: 'EUR' });
    expect(first.totalHold).toBeNull();
    expect(
      (await write(portal.app, lena, 'POST', `/api/statements/${first.id}/cancel`, {})).statusCode,
    ).toBe(200);
    // Months the label approved.
    const settle = (month: string, earnings: string) =>
      settleStatement(portal, lena, {
        isrc: 'QZDM12600001',
        month,
        earnings,
        cashless: true,
        currency: 'EUR',
      });
    await settle('2025-05', '29.63');
    await settle('2025-06', '296.30');
    expect((await upload('2025-07', '2963', { currency: 'EUR' })).totalHold).toBeNull();
    const far = await upload('2025-08', '2963.01', { currency: 'EUR' });
    expect(far).toMatchObject({
      status: 'needs-attention',
      totalHold: {
        check: 'history',
        read: '2963.01',
        largestMonth: '296.3',
        month: '2025-06',
        times: '10',
      },
    });
  });

  it('shows what the statement read per currency: rows, revenue, units, dates, territories', async () => {
    const held = await upload('2025-10', '5280012390.5', { currency: 'CHF', units: 40 });
    const reading = await get(portal.app, lena, `/api/statements/${held.id}/reading`);
    expect(reading.json()).toEqual({
      partial: false,
      currencies: [
        {
          currency: 'CHF',
          rows: 1,
          revenue: '5280012390.5',
          units: '40',
          firstDate: '2026-09-01',
          lastDate: '2026-09-01',
          territories: [{ territory: 'US', revenue: '5280012390.5', rows: 1 }],
        },
      ],
    });
  });

  it('holds streams that each earn more than any store pays', async () => {
    const held = await upload('2025-09', '5280012390', { currency: 'GBP', units: 4000 });
    expect(held).toMatchObject({
      status: 'needs-attention',
      totalHold: { check: 'perUnit', perUnit: '1320003.09', units: '4000', bound: '1000' },
    });
  });
});
