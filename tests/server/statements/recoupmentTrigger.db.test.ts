// A conditional split that waits for an advance to be repaid: the base split pays while the
// advance is open, the conditional one from the statement after the one that repays it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { createDemoProduct, get, login, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';
import { labelStatements, type LabelStatements } from './labelStatements';

const ISRC = 'QZDM12699991';

describe('a split that starts once a recoupment is repaid', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let people: Record<string, string>;
  let settle: LabelStatements['settle'];

  beforeAll(async () => {
    ({ portal, lena, people, settle } = await labelStatements(ISRC, { cashless: true }));
  });
  afterAll(() => portal.close());

  it('pays the base split until the advance is repaid, then the conditional one', async () => {
    const product = await createDemoProduct(portal, {
      title: 'Trigger Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().id as string;
    const advance = await write(portal.app, lena, 'POST', '/api/recoupments', {
      title: 'Trigger advance',
      type: 'advance',
      amount: '30',
      creditorId: people['label@demo.label'],
      debtorIds: [people['artist@demo.label']],
      recoupablePct: '100',
      scope: 'products',
      productIds: [productId],
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const advanceId = advance.json().id as string;

    const splits = await write(portal.app, lena, 'PUT', `/api/products/${productId}/splits`, {
      version: product.json().version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: [{ payeeId: people['artist@demo.label'], pct: '100' }],
        },
        {
          scope: 'product',
          kind: 'conditional',
          priority: 1,
          trigger: { type: 'recoupment', recoupmentId: advanceId },
          shares: [
            { payeeId: people['label@demo.label'], pct: '50' },
            { payeeId: people['artist@demo.label'], pct: '50' },
          ],
        },
      ],
    });
    expect(splits.statusCode, splits.body).toBe(200);
    expect(splits.json().splitSets[1].trigger).toEqual({
      type: 'recoupment',
      recoupmentId: advanceId,
    });

    // September: 20 to Aria by the base split, all of it recouped for the label: 10 left.
    expect(await settle('2026-09', '20')).toEqual({ 'Lena Label': '20', 'Aria Artist': '0' });
    // October: 10 left at the start, so the base split still pays; the advance takes its last 10.
    expect(await settle('2026-10', '20')).toEqual({ 'Lena Label': '10', 'Aria Artist': '10' });
    // November: repaid before the statement began, so the conditional split pays, half each.
    expect(await settle('2026-11', '40')).toEqual({ 'Lena Label': '20', 'Aria Artist': '20' });

    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });

  it('previews a recoupment’s edit on the account’s latest calculated statement, for its own people', async () => {
    // The account's latest calculated statement: one of a song of this test's own, left pending.
    const isrc = 'QZDM12699993';
    const product = await createDemoProduct(portal, {
      title: 'Preview Song',
      type: 'single',
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(product.statusCode, product.body).toBe(201);
    const splits = await write(
      portal.app,
      lena,
      'PUT',
      `/api/products/${product.json().id}/splits`,
      {
        version: product.json().version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: people['label@demo.label'], pct: '50' },
              { payeeId: people['artist@demo.label'], pct: '50' },
            ],
          },
        ],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-12', expected: null, cashless: true },
      [
        {
          filename: 'preview.tsv',
          content: DISTROKID_HEADER + distroKidLine({ isrc, earnings: '8' }),
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const statementId = uploaded.json()[0].id as string;
    const calculated = await write(
      portal.app,
      lena,
      'POST',
      `/api/statements/${statementId}/calculate`,
      {},
    );
    expect(calculated.statusCode, calculated.body).toBe(200);
    await portal.app.jobs.drain();

    const basis = await get(portal.app, lena, '/api/recoupments/preview-basis');
    expect(basis.json().statement).toEqual({
      id: statementId,
      title: 'DistroKid 2026-12',
      period: '2026-12',
    });
    // The recorded input reproduces what the statement paid: the preview's "did" column.
    const calculation = (
      await get(portal.app, lena, `/api/statements/${basis.json().statement.id}/calculation`)
    ).json();
    const { calculateReference } = await import('../../../engine/reference');
    expect(calculation.output.payees).not.toEqual([]);
    expect(calculateReference(calculation.input).payees).toEqual(calculation.output.payees);

    const otto = await login(portal.app, 'overseer@demo.label');
    const demoRecords = (
      await portal.db.query<{ id: string }>("select id from accounts where name = 'Demo Records'")
    )[0]!.id;
    const staff = await get(
      portal.app,
      otto,
      `/api/recoupments/preview-basis?account=${demoRecords}`,
    );
    expect(staff.json().statement.id).toBe(basis.json().statement.id);
    expect((await get(portal.app, otto, '/api/recoupments/preview-basis')).json()).toEqual({
      statement: null,
    });
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await get(portal.app, paco, '/api/recoupments/preview-basis')).statusCode).toBe(403);
  });

  it('refuses a trigger on another account’s recoupment, as if it did not exist', async () => {
    const otto = await login(portal.app, 'overseer@demo.label');
    const portalAccount = (
      await portal.db.query<{ id: string }>(
        "select id from accounts where name = 'Portal administration'",
      )
    )[0]!.id;
    const foreign = await write(portal.app, otto, 'POST', '/api/recoupments', {
      accountId: portalAccount,
      title: 'Someone else’s advance',
      type: 'advance',
      amount: '100',
      creditorId: people['overseer@demo.label'],
      debtorIds: [people['admin@demo.label']],
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const product = await createDemoProduct(portal, {
      title: 'Foreign Trigger',
      type: 'single',
      codes: [{ code: 'QZDM12699992', kind: 'isrc' }],
    });
    const refused = await write(
      portal.app,
      lena,
      'PUT',
      `/api/products/${product.json().id}/splits`,
      {
        version: product.json().version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [{ payeeId: people['label@demo.label'], pct: '100' }],
          },
          {
            scope: 'product',
            kind: 'conditional',
            trigger: { type: 'recoupment', recoupmentId: foreign.json().id },
            shares: [{ payeeId: people['artist@demo.label'], pct: '100' }],
          },
        ],
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('splitSets[1].trigger.recoupmentId');
  });
});
