import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRecoupments } from '../../../server/statements/engineRecoupments';
import { login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

describe('the recoupments a calculation receives', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  const people: Record<string, string> = {};
  const products: Record<string, string> = {};
  let account: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    for (const row of await portal.db.query<{ id: string; username: string }>(
      'select id, username from users',
    ))
      people[row.username] = row.id;
    for (const row of await portal.db.query<{ id: string; title: string }>(
      'select id, title from products',
    ))
      products[row.title] = row.id;
    account = (
      await portal.db.query<{ id: string }>("select id from accounts where name = 'Demo Records'")
    )[0]!.id;
  });
  afterAll(() => portal.close());

  const create = async (fields: Record<string, unknown>) => {
    const created = await write(portal.app, lena, 'POST', '/api/recoupments', {
      type: 'advance',
      amount: '100',
      creditorId: people['label@demo.label'],
      debtorIds: [people['artist@demo.label']],
      recoupablePct: '100',
      ...fields,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string; version: number }>();
  };

  it('passes open and inactive ones of the currency, with their balances, and links products', async () => {
    const paused = await create({ title: 'Paused', scope: 'users', active: false, prepaid: '40' });
    const linked = await create({ title: 'Linked', scope: 'products', autoLink: true });
    await create({ title: 'In euros', currency: 'EUR' });
    const deleted = await create({ title: 'Deleted' });
    await write(portal.app, lena, 'DELETE', `/api/recoupments/${deleted.id}`);

    const { recoupments, state, versions } = await engineRecoupments(portal.db, account, 'USD', {
      counters: {},
      recoupments: { [paused.id]: { remaining: '999', deferred: '0' }, gone: { remaining: '1' } },
    });
    // Created at the same instant on the test clock: their order is the engine's to decide.
    expect(recoupments.map((item) => item.title).sort()).toEqual(['Linked', 'Paused']);
    const titled = (title: string) => recoupments.find((item) => item.title === title);
    expect(titled('Paused')).toMatchObject({
      id: paused.id,
      status: 'closed',
      scope: 'all',
      amount: '100',
      prepaid: '40',
      recoupablePct: '100',
      netRevenuePct: '0',
      priority: 'medium',
      reimbursement: 'immediate',
      statementMaximum: null,
      debtorIds: [people['artist@demo.label']],
    });
    // Aria holds shares of Midnight Signals and Glass Harbor, not of Night Shift Live.
    expect(titled('Linked')).toMatchObject({
      status: 'open',
      scope: 'products',
      productIds: [products['Midnight Signals'], products['Glass Harbor']].sort(),
    });
    // The balance comes from the recoupment, not from what the previous result carried.
    expect(state[paused.id]).toEqual({ remaining: '60', deferred: '0' });
    expect(state.gone).toEqual({ remaining: '1' });
    expect(versions).toEqual({ [paused.id]: 1, [linked.id]: 1 });
  });
});
