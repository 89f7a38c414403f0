// Counters go from one approved statement to the next: income in the statement's own currency,
// units whatever the currency they earned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { createDemoProduct, write, type LoggedIn, type TestPortal } from '../harness';
import { labelStatements, type LabelStatements } from './labelStatements';

const ISRC = 'QZDM12699981';

/** The song's base split pays the label; past `trigger` its conditional split pays the artist. */
async function escalatingSong(
  portal: TestPortal,
  lena: LoggedIn,
  people: Record<string, string>,
  trigger: Record<string, string | number>,
) {
  const product = await createDemoProduct(portal, {
    title: 'Counter Song',
    type: 'single',
    codes: [{ code: ISRC, kind: 'isrc' }],
  });
  expect(product.statusCode, product.body).toBe(201);
  const splits = await write(portal.app, lena, 'PUT', `/api/products/${product.json().id}/splits`, {
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
        priority: 1,
        trigger,
        shares: [{ payeeId: people['artist@demo.label'], pct: '100' }],
      },
    ],
  });
  expect(splits.statusCode, splits.body).toBe(200);
}

describe('an income threshold, with statements in dollars and in euros', () => {
  let portal: TestPortal;
  let settle: LabelStatements['settle'];

  beforeAll(async () => {
    const label = await labelStatements(ISRC, { cashless: true });
    ({ portal, settle } = label);
    await escalatingSong(portal, label.lena, label.people, {
      type: 'income',
      threshold: '100',
      preCounted: '0',
    });
  });
  afterAll(() => portal.close());

  it('counts the income of each currency apart: 60 dollars and 60 euros reach no threshold of 100', async () => {
    expect(await settle('2026-01', '60', 'USD')).toEqual({ 'Lena Label': '60' });
    expect(await settle('2026-02', '60', 'EUR')).toEqual({ 'Lena Label': '60' });
    // 70 dollars so far: still the base split.
    expect(await settle('2026-03', '10', 'USD')).toEqual({ 'Lena Label': '10' });
    // 110 euros: the first 40 by the base split, the 10 past the threshold to the artist.
    expect(await settle('2026-04', '50', 'EUR')).toEqual({
      'Lena Label': '40',
      'Aria Artist': '10',
    });
    // 110 dollars: the same cut, in dollars.
    expect(await settle('2026-05', '40', 'USD')).toEqual({
      'Lena Label': '30',
      'Aria Artist': '10',
    });

    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});

describe('a units threshold, with statements in dollars and in euros', () => {
  let portal: TestPortal;
  let settle: LabelStatements['settle'];

  beforeAll(async () => {
    const label = await labelStatements(ISRC, { cashless: true });
    ({ portal, settle } = label);
    await escalatingSong(portal, label.lena, label.people, {
      type: 'units',
      threshold: 3,
      preCounted: 0,
    });
  });
  afterAll(() => portal.close());

  it('counts every unit sold, whatever the money it earned', async () => {
    // One unit a month: the third reaches the threshold, so the fourth is the artist's.
    expect(await settle('2026-01', '5', 'USD')).toEqual({ 'Lena Label': '5' });
    expect(await settle('2026-02', '5', 'EUR')).toEqual({ 'Lena Label': '5' });
    expect(await settle('2026-03', '5', 'USD')).toEqual({ 'Lena Label': '5' });
    expect(await settle('2026-04', '5', 'USD')).toEqual({ 'Aria Artist': '5' });
  });
});
