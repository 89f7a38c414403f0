import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMOUNT_POSITIVE,
  DEBTORS_REQUIRED,
  NOT_A_CURRENCY,
  NOT_A_PERSON,
  NOT_A_PRODUCT,
  NOTHING_TO_RECOUP,
  PERCENT_RANGE,
  PRODUCTS_REQUIRED,
  VALUE_POSITIVE,
} from '../../../server/recoupments/validation';
import { CONFLICT_MESSAGE } from '../../../server/events/store';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { openSecondLabel, type AccountFixture } from '../tenancy';

describe('recoupments', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let paco: LoggedIn;
  let aria: LoggedIn;
  let otto: LoggedIn;
  let second: AccountFixture;
  const people: Record<string, string> = {};
  let glassHarbor: string;
  let demoAccount: string;

  beforeAll(async () => {
    portal = await startPortal();
    second = await openSecondLabel(portal);
    lena = await login(portal.app, 'label@demo.label');
    paco = await login(portal.app, 'payee@demo.label');
    aria = await login(portal.app, 'artist@demo.label');
    otto = await login(portal.app, 'overseer@demo.label');
    for (const row of await portal.db.query<{ id: string; username: string }>(
      'select id, username from users',
    ))
      people[row.username] = row.id;
    glassHarbor = (
      await portal.db.query<{ id: string }>("select id from products where title = 'Glass Harbor'")
    )[0]!.id;
    demoAccount = (
      await portal.db.query<{ id: string }>("select id from accounts where name = 'Demo Records'")
    )[0]!.id;
  });
  afterAll(() => portal.close());

  const advance = (fields: Record<string, unknown> = {}) => ({
    title: 'Album advance',
    type: 'advance',
    amount: '5000',
    creditorId: people['label@demo.label'],
    debtorIds: [people['artist@demo.label']],
    recoupablePct: '50',
    ...fields,
  });
  const create = (who: LoggedIn, body: object) =>
    write(portal.app, who, 'POST', '/api/recoupments', body);

  it('creates, reads, lists, changes and deletes a recoupment, every field kept', async () => {
    const created = await create(
      lena,
      advance({
        subtitle: 'Second album',
        currency: 'usd',
        expectedValue: '7500',
        prepaid: '1000',
        statementMaximum: '800',
        paymentMinimum: '10',
        revenueMinimum: '100',
        dueDate: '2027-06-30',
        startDate: '2026-09-01',
        kind: 'advance',
        tag: 'album-2',
        debtorIds: [people['artist@demo.label'], people['payee@demo.label']],
        warranterId: people['warranter@demo.label'],
        scope: 'products',
        productIds: [glassHarbor],
        netRevenuePct: '2.5',
        priority: 'high',
        reimbursement: 'deferred',
        mechanicalRepays: true,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const recoupment = created.json();
    expect(recoupment).toMatchObject({
      accountId: demoAccount,
      title: 'Album advance',
      subtitle: 'Second album',
      active: true,
      status: 'open',
      amount: '5000',
      prepaid: '1000',
      remaining: '4000',
      recouped: '0',
      currency: 'USD',
      expectedValue: '7500',
      statementMaximum: '800',
      paymentMinimum: '10',
      revenueMinimum: '100',
      dueDate: '2027-06-30',
      startDate: '2026-09-01',
      type: 'advance',
      kind: 'advance',
      tag: 'album-2',
      creditor: { id: people['label@demo.label'], fullname: 'Lena Label' },
      debtors: [
        { id: people['artist@demo.label'], fullname: 'Aria Artist' },
        { id: people['payee@demo.label'], fullname: 'Paco Payee' },
      ],
      warranter: { id: people['warranter@demo.label'], fullname: 'Walt Warranter' },
      scope: 'products',
      autoLink: false,
      products: [{ id: glassHarbor, title: 'Glass Harbor' }],
      netRevenuePct: '2.5',
      recoupablePct: '50',
      priority: 'high',
      reimbursement: 'deferred',
      mechanicalRepays: true,
      version: 1,
    });
    expect(typeof recoupment.createdAt).toBe('number');

    const read = await get(portal.app, lena, `/api/recoupments/${recoupment.id}`);
    expect(read.json()).toEqual(recoupment);
    const listed = (await get(portal.app, lena, '/api/recoupments?q=album')).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(recoupment.id);

    const changed = await write(portal.app, lena, 'PATCH', `/api/recoupments/${recoupment.id}`, {
      amount: '6000',
      active: false,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      amount: '6000',
      remaining: '5000',
      active: false,
      version: 2,
    });

    const stale = await write(portal.app, lena, 'PATCH', `/api/recoupments/${recoupment.id}`, {
      title: 'Too late',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONFLICT_MESSAGE);

    const deleted = await write(portal.app, lena, 'DELETE', `/api/recoupments/${recoupment.id}`);
    expect(deleted.json()).toMatchObject({ status: 'deleted', version: 3 });
    const open = (await get(portal.app, lena, '/api/recoupments?q=album')).json();
    expect(open.items.map((item: { id: string }) => item.id)).not.toContain(recoupment.id);
    const gone = (await get(portal.app, lena, '/api/recoupments?status=deleted')).json();
    expect(gone.items.map((item: { id: string }) => item.id)).toContain(recoupment.id);
    const again = await write(portal.app, lena, 'PATCH', `/api/recoupments/${recoupment.id}`, {
      title: 'Back',
      version: 3,
    });
    expect(again.statusCode).toBe(409);
    const history = await portal.db.query<{ type: string }>(
      'select type from events where stream_id = $1 order by stream_version',
      [`recoupment-${recoupment.id}`],
    );
    expect(history.map((event) => event.type)).toEqual([
      'RecoupmentCreated',
      'RecoupmentChanged',
      'RecoupmentDeleted',
    ]);
  });

  it('refuses what is wrong with the texts that say why', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '0' }, AMOUNT_POSITIVE],
      [
        { amount: '12.5.1' },
        'Not a valid value: use at most 15 digits before the decimal point and 12 after it.',
      ],
      [{ statementMaximum: '0' }, VALUE_POSITIVE],
      [{ recoupablePct: '100.5' }, PERCENT_RANGE],
      [{ netRevenuePct: '12.34567' }, PERCENT_RANGE],
      [{ recoupablePct: '0', netRevenuePct: '0' }, NOTHING_TO_RECOUP],
      [{ debtorIds: [] }, DEBTORS_REQUIRED],
      [{ scope: 'products', productIds: [] }, PRODUCTS_REQUIRED],
      [{ currency: 'US' }, NOT_A_CURRENCY],
      [{ creditorId: second.users['owner@zephyr.example'] }, NOT_A_PERSON],
      [{ debtorIds: [second.users['payee@zephyr.example']] }, NOT_A_PERSON],
      [{ scope: 'products', productIds: [second.productId] }, NOT_A_PRODUCT],
    ];
    for (const [fields, message] of cases) {
      const refused = await create(lena, advance(fields));
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.json().message, JSON.stringify(fields)).toBe(message);
    }
    const noCreditor = await create(lena, { ...advance(), creditorId: undefined });
    expect(noCreditor.statusCode).toBe(400);
    const badDate = await create(lena, advance({ dueDate: '2026-02-30' }));
    expect(badDate.statusCode).toBe(400);
    // An off-the-top expense needs no debtor.
    const expense = await create(
      lena,
      advance({ type: 'expense', debtorIds: [], recoupablePct: '0', netRevenuePct: '10' }),
    );
    expect(expense.statusCode, expense.body).toBe(201);
  });

  it('lets staff create for the account they name and a label only for its own', async () => {
    const staff = await create(otto, {
      ...advance({ title: 'Staff advance' }),
      accountId: demoAccount,
    });
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json().accountId).toBe(demoAccount);
    const crossing = await create(lena, { ...advance(), accountId: second.accountId });
    expect(crossing.statusCode).toBe(403);
    expect(
      (await get(portal.app, lena, `/api/recoupments/${second.recoupmentId}`)).statusCode,
    ).toBe(404);
  });

  it('shows payees only the recoupments they are party to, and lets them change none', async () => {
    const ariaOnly = (await create(lena, advance({ title: 'Aria only' }))).json();
    const pacoOnly = (
      await create(lena, advance({ title: 'Paco only', debtorIds: [people['payee@demo.label']] }))
    ).json();
    const seen = (await get(portal.app, paco, '/api/recoupments?limit=1000')).json();
    const titles = seen.items.map((item: { title: string }) => item.title);
    expect(titles).toContain('Paco only');
    expect(titles).not.toContain('Aria only');
    expect(
      seen.items.every((item: { debtors: { id: string }[] }) =>
        item.debtors.some((debtor) => debtor.id === people['payee@demo.label']),
      ),
    ).toBe(true);
    expect((await get(portal.app, paco, `/api/recoupments/${ariaOnly.id}`)).statusCode).toBe(404);
    expect((await get(portal.app, aria, `/api/recoupments/${ariaOnly.id}`)).statusCode).toBe(200);
    const patch = await write(portal.app, paco, 'PATCH', `/api/recoupments/${ariaOnly.id}`, {
      title: 'Mine now',
      version: 1,
    });
    expect(patch.statusCode).toBe(403);
    expect(
      (await write(portal.app, paco, 'DELETE', `/api/recoupments/${pacoOnly.id}`)).statusCode,
    ).toBe(403);
    expect((await create(paco, advance())).statusCode).toBe(403);
    const remittances = await get(portal.app, paco, `/api/recoupments/${pacoOnly.id}/remittances`);
    expect(remittances.json()).toEqual({ items: [], total: 0 });
  });

  it('shows the warranter every recoupment of their label, and lets them change none', async () => {
    const walt = await login(portal.app, 'warranter@demo.label');
    const ours = (await create(lena, advance({ title: 'Guaranteed advance' }))).json();
    const seen = (await get(portal.app, walt, '/api/recoupments?limit=1000')).json();
    expect(seen.items.map((item: { title: string }) => item.title)).toContain('Guaranteed advance');
    // Only Demo Records' recoupments: the warranter stands behind their own label alone.
    expect(seen.items.every((item: { accountId: string }) => item.accountId === demoAccount)).toBe(
      true,
    );
    expect((await get(portal.app, walt, `/api/recoupments/${ours.id}`)).statusCode).toBe(200);
    expect(
      (await get(portal.app, walt, `/api/recoupments/${ours.id}/remittances`)).statusCode,
    ).toBe(200);
    const patch = await write(portal.app, walt, 'PATCH', `/api/recoupments/${ours.id}`, {
      title: 'Changed by the warranter',
      version: 1,
    });
    expect(patch.statusCode).toBe(403);
    expect(
      (await write(portal.app, walt, 'DELETE', `/api/recoupments/${ours.id}`)).statusCode,
    ).toBe(403);
    expect((await create(walt, advance())).statusCode).toBe(403);
  });

  it('filters by artist and by the timeframe of the global filters', async () => {
    const linked = (
      await create(
        lena,
        advance({ title: 'Harbor costs', scope: 'products', productIds: [glassHarbor] }),
      )
    ).json();
    // Paco Payee is no artist's; Aria Artist signs in as the artist Aria Vale.
    const unlinked = (
      await create(
        lena,
        advance({ title: 'Unlinked costs', debtorIds: [people['payee@demo.label']] }),
      )
    ).json();
    const ariasDebt = (await create(lena, advance({ title: 'Aria’s own advance' }))).json();
    const ariaVale = (
      await portal.db.query<{ id: string }>("select id from artists where name = 'Aria Vale'")
    )[0]!.id;
    const ids = async (query: string) =>
      (await get(portal.app, lena, `/api/recoupments?limit=1000&${query}`))
        .json()
        .items.map((item: { id: string }) => item.id);
    const byArtist = await ids(`artist=${ariaVale}`);
    expect(byArtist).toContain(linked.id);
    expect(byArtist).toContain(ariasDebt.id);
    expect(byArtist).not.toContain(unlinked.id);
    // The clock stands at 2026-11-01: created after September, live in the last 12 months.
    expect(await ids('month=2026-09')).not.toContain(unlinked.id);
    expect(await ids('month=2026-11')).toContain(unlinked.id);
    expect(await ids('months=12')).toContain(unlinked.id);
  });

  it('keeps a distributor take per label and per statement, refusing more than 100%', async () => {
    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    const set = await write(portal.app, lena, 'PUT', `/api/distributors/${distroKid}/take`, {
      takePct: '15',
    });
    expect(set.json()).toEqual({ takePct: '15' });
    const tooMuch = await write(portal.app, lena, 'PUT', `/api/distributors/${distroKid}/take`, {
      takePct: '101',
    });
    expect(tooMuch.json().message).toBe(PERCENT_RANGE);
    const takes = await portal.db.query<{ account_id: string; take: string }>(
      'select account_id, trim_scale(take_pct)::text as take from distributor_takes',
    );
    expect(takes).toEqual([{ account_id: demoAccount, take: '15' }]);
    const others = await write(portal.app, paco, 'PUT', `/api/distributors/${distroKid}/take`, {
      takePct: '1',
    });
    expect(others.statusCode).toBe(403);
    const statementTake = await write(
      portal.app,
      lena,
      'POST',
      `/api/statements/${second.statementId}/take`,
      { takePct: '5' },
    );
    expect(statementTake.statusCode).toBe(404);
  });
});
