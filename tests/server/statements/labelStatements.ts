// The demo label's statements of one song, settled month by month through the API: upload,
// calculate, approve, and each payee's payout by name.
import { expect } from 'vitest';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

export interface LabelStatements {
  portal: TestPortal;
  lena: LoggedIn;
  /** User ids by username. */
  people: Record<string, string>;
  /** One month of `isrc` earning `earnings` (in dollars unless told), approved; the payouts by payee name. */
  settle: (month: string, earnings: string, currency?: string) => Promise<Record<string, string>>;
}

/**
 * A portal with the demo label signed in. Cashless statements move no money; otherwise the
 * statement's funds are recorded as received before it is calculated.
 */
export async function labelStatements(
  isrc: string,
  { cashless }: { cashless: boolean },
  overrides: Parameters<typeof startPortal>[0] = {},
): Promise<LabelStatements> {
  const portal = await startPortal(overrides);
  const lena = await login(portal.app, 'label@demo.label');
  const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
    .id as string;
  const people: Record<string, string> = {};
  for (const row of await portal.db.query<{ id: string; username: string }>(
    'select id, username from users',
  )) {
    people[row.username] = row.id;
  }
  // One row of the song in the month, so each month's file is a file of its own.
  const line = (month: string, earnings: string) =>
    distroKidLine({ earnings, isrc }).replace('2026-10-05\t2026-09', `${month}-05\t${month}`);

  const settle = async (month: string, earnings: string, currency = 'USD') => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless },
      [{ filename: `${month}.tsv`, content: distroKidHeader(currency) + line(month, earnings) }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const id = answer.json()[0].id as string;
    if (!cashless) {
      const funded = await write(portal.app, lena, 'POST', `/api/statements/${id}/funds`, {
        amount: earnings,
      });
      expect(funded.statusCode, funded.body).toBe(200);
    }
    const calculated = await write(portal.app, lena, 'POST', `/api/statements/${id}/calculate`, {});
    expect(calculated.statusCode, calculated.body).toBe(200);
    await portal.app.jobs.drain();
    const payees = (await get(portal.app, lena, `/api/statements/${id}/payees`)).json();
    const approved = await write(portal.app, lena, 'POST', `/api/statements/${id}/approve`, {});
    expect(approved.json().status, approved.body).toBe('ready');
    return Object.fromEntries(
      payees.items.map((p: { fullname: string; payout: string }) => [p.fullname, p.payout]),
    ) as Record<string, string>;
  };
  return { portal, lena, people, settle };
}
