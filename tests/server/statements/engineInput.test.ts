import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate } from '../../../engine/index';
import { migrations } from '../../../server/db/migrations';
import { statementEngineInput } from '../../../server/statements/engineInput';
import {
  createDemoProduct,
  get,
  login,
  startPortal,
  write,
  type LoggedIn,
  type TestPortal,
} from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';

const ISRC = 'QZORD2600001';

describe('the records a calculation reads', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let statementId: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const users = await portal.db.query<{ username: string; id: string }>(
      'select username, id from users',
    );
    const idOf = (name: string) => users.find((user) => user.username.startsWith(name))?.id;
    const product = (
      await createDemoProduct(portal, {
        title: 'Order Song',
        type: 'single',
        codes: [{ code: ISRC, kind: 'isrc' }],
      })
    ).json();
    // Income past 5 moves the song from the label to the artist.
    const saved = await write(portal.app, lena, 'PUT', `/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [
        { scope: 'product', kind: 'base', shares: [{ payeeId: idOf('label@'), pct: '100' }] },
        {
          scope: 'product',
          kind: 'conditional',
          priority: 1,
          trigger: { type: 'income', threshold: '5', preCounted: '0' },
          shares: [{ payeeId: idOf('artist@'), pct: '100' }],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    // Eleven rows of 1 in the first file, one row of 100 in the second: the same day for all.
    const first = Array.from({ length: 11 }, () =>
      distroKidLine({ isrc: ISRC, earnings: '1' }),
    ).join('');
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-09', expected: null },
      [
        { filename: 'b-first.tsv', content: DISTROKID_HEADER + first },
        {
          filename: 'a-second.tsv',
          content: DISTROKID_HEADER + distroKidLine({ isrc: ISRC, earnings: '100' }),
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    statementId = uploaded.json()[0].id;
  });
  afterAll(() => portal.close());

  it('runs the records in the order the files came, then row by row', async () => {
    const { input } = await portal.db.transaction((tx) => statementEngineInput(tx, statementId));
    const ids = input.records.map((record) => record.id);
    expect(ids).toHaveLength(12);
    // The engine orders by text: text order must be file order, then row order.
    expect([...ids].sort()).toEqual(ids);
    expect(input.records.at(-1)?.revenue).toBe('100');
  });

  it('crosses a threshold on the row an accountant would name, not on row 10 before row 2', async () => {
    const { input } = await portal.db.transaction((tx) => statementEngineInput(tx, statementId));
    const { output } = await calculate(input, { backend: 'decimal' });
    // The fifth row of the first file brings income to 5; the sixth is the first the artist gets.
    const threshold = input.splitSets.find(
      (set) => set.trigger?.type === 'income' && set.trigger.threshold === '5',
    );
    const trigger = output.triggers.find((each) => each.splitSetId === threshold?.id);
    expect(trigger?.activatedAtRecordId).toBe(input.records[4]?.id);
    const artist = output.payees.find((payee) => payee.payout === '106');
    expect(artist, JSON.stringify(output.payees)).toBeDefined();
  });

  it('gives files uploaded before the order was kept their order back from the log', async () => {
    const readIds = async () =>
      (
        await portal.db.transaction((tx) => statementEngineInput(tx, statementId))
      ).input.records.map((record) => `${record.id} ${record.revenue}`);
    const before = await readIds();
    // The second file first: only the log can put it back.
    await portal.db.query(
      "update statement_files set added_in = 0, position_in_upload = case when name = 'a-second.tsv' then 1 else 2 end",
    );
    expect(await readIds()).not.toEqual(before);
    const backfill = migrations
      .find((migration) => migration.version === 12)
      ?.sql.split(';')
      .find((statement) => statement.includes('update statement_files'));
    await portal.db.query(backfill ?? 'missing backfill');
    expect(await readIds()).toEqual(before);
  });
});
