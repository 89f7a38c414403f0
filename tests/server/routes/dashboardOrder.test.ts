// A payee's dashboard lists their open recoupments largest first by what is left to recoup, as
// numbers: 120 before 30 before 9.5, never in the order their texts sort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../api/dashboard';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

describe("a payee's open recoupments on the dashboard", () => {
  let portal: TestPortal;
  let paco: LoggedIn;

  beforeAll(async () => {
    portal = await startPortal();
    const lena = await login(portal.app, 'label@demo.label');
    paco = await login(portal.app, 'payee@demo.label');
    const people = await portal.db.query<{ id: string; username: string }>(
      `select id, username from users where username in ('label@demo.label', 'payee@demo.label')`,
    );
    const id = (username: string) => people.find((person) => person.username === username)?.id;
    for (const [title, amount] of [
      ['Studio time', '9.5'],
      ['Tour advance', '120'],
      ['Video', '30'],
    ]) {
      const created = await write(portal.app, lena, 'POST', '/api/recoupments', {
        title,
        type: 'advance',
        amount,
        creditorId: id('label@demo.label'),
        debtorIds: [id('payee@demo.label')],
        recoupablePct: '100',
        scope: 'all',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(() => portal.close());

  it('come largest first by what is left', async () => {
    const answer = await get(portal.app, paco, '/api/dashboard');
    expect(answer.statusCode, answer.body).toBe(200);
    const own = answer.json<Dashboard>().personal!;
    expect(own.recoupments.map((recoupment) => [recoupment.title, recoupment.remaining])).toEqual([
      ['Tour advance', '120'],
      ['Video', '30'],
      ['Studio time', '9.5'],
    ]);
  });
});
