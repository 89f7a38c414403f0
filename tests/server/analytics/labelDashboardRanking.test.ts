// The label dashboard's top products and artists: five of each currency, by revenue summed over
// every statement of the window to the last decimal, ties by name, an artist's revenue the sum of
// their products', and nothing from a cancelled statement, another label or a code no product has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabelDashboard } from '../../../server/queries/labelDashboard';
import { startPortal, type TestPortal } from '../harness';

/** Products of the label `rank`: title, artist, codes. */
const PRODUCTS: [string, string, string[]][] = [
  ['Alpha', 'Artist A', ['C1', 'C1B']],
  ['Bravo', 'Artist A', ['C2']],
  ['Charlie', 'Artist B', ['C3']],
  ['Delta', 'Artist B', ['C4']],
  ['Echo', 'Artist B', ['C5']],
  ['Foxtrot', 'Artist C', ['C6']],
  ['Golf', 'Artist C', ['C7']],
];

/** Statements: id, account, period, state, currency, revenue by code. */
const STATEMENTS: [string, string, string, string, string, Record<string, string>][] = [
  [
    'rank-august',
    'rank',
    '2026-08',
    'ready',
    'USD',
    {
      C1: '10.000000001',
      C1B: '5',
      C2: '7.5',
      C3: '20',
      C4: '1',
      C5: '7.5',
      C6: '3',
      C7: '0.25',
      UNKNOWN: '100',
    },
  ],
  ['rank-september', 'rank', '2026-09', 'ready', 'USD', { C1: '1', C3: '0.5', C6: '4.5', C7: '2' }],
  ['rank-september-eur', 'rank', '2026-09', 'ready', 'EUR', { C2: '9', C4: '3' }],
  ['rank-cancelled', 'rank', '2026-09', 'cancelled', 'USD', { C7: '1000' }],
  ['other-september', 'other', '2026-09', 'ready', 'USD', { C7: '5000' }],
];

describe("the label dashboard's top products and artists", () => {
  let portal: TestPortal;
  const artistIds: Record<string, string> = {};

  beforeAll(async () => {
    portal = await startPortal();
    const db = portal.db;
    for (const account of ['rank', 'other'])
      await db.query(
        `insert into accounts (id, name, type, status, created_at, version)
         values ($1, $1, 'label', 'active', now(), 1)`,
        [account],
      );
    await db.query(`insert into distributors (id, name, uploadable, created_at, version)
                    values ('rank-distributor', 'Rank Distributor', true, now(), 1)`);
    for (const [index, artist] of ['Artist A', 'Artist B', 'Artist C'].entries()) {
      artistIds[artist] = `rank-artist-${index}`;
      await db.query(
        `insert into artists (id, account_id, name, created_at, version)
         values ($1, 'rank', $2, now(), 1)`,
        [artistIds[artist], artist],
      );
    }
    for (const [index, [title, artist, codes]] of PRODUCTS.entries()) {
      await db.query(
        `insert into products (id, account_id, title, type, artist_id, visibility, revenue_view,
                               created_at, version)
         values ($1, 'rank', $2, 'single', $3, 'full', 'net', now(), 1)`,
        [`rank-product-${index}`, title, artistIds[artist]],
      );
      for (const code of codes)
        await db.query(
          `insert into product_codes (account_id, code, product_id, kind, spellings)
           values ('rank', $1, $2, 'custom', array[$1])`,
          [code, `rank-product-${index}`],
        );
    }
    // The other label has a product of its own under one of the same codes.
    await db.query(`insert into products (id, account_id, title, type, visibility, revenue_view,
                                          created_at, version)
                    values ('other-product', 'other', 'Golf', 'single', 'full', 'net', now(), 1)`);
    await db.query(`insert into product_codes (account_id, code, product_id, kind, spellings)
                    values ('other', 'C7', 'other-product', 'custom', array['C7'])`);
    for (const [index, [id, account, period, state, currency, codes]] of STATEMENTS.entries()) {
      await db.query(
        `insert into statements (id, account_id, distributor_id, period, title, received_at,
                                 parse_status, version, state, calculation_id, approved_at,
                                 approved_seq, exchange)
         values ($1, $2, 'rank-distributor', $3, $1, now(), 'parsed', 1, $4, $5, now(), $6, $7)`,
        [
          id,
          account,
          period,
          state,
          `${id}-calculation`,
          index + 1,
          JSON.stringify({ to: currency }),
        ],
      );
      for (const [code, revenue] of Object.entries(codes))
        await db.query(
          `insert into statement_codes (statement_id, code, kind, rows, revenue)
           values ($1, $2, 'custom', 1, $3)`,
          [id, code, revenue],
        );
    }
  });
  afterAll(() => portal.close());

  const read = (window: { from: string | null; to: string | null }, artist: string | null = null) =>
    readLabelDashboard(portal.db, { account: 'rank', artist, window, currency: 'USD' });
  const named = (rows: { name: string; currency: string; revenue: string }[]) =>
    rows.map((row) => [row.currency, row.name, row.revenue]);

  it('ranks five products of each currency over the window, ties by name', async () => {
    const board = await read({ from: '2026-01', to: '2026-12' });
    expect(named(board.topProducts)).toEqual([
      ['EUR', 'Bravo', '9'],
      ['EUR', 'Delta', '3'],
      ['USD', 'Charlie', '20.5'],
      ['USD', 'Alpha', '16.000000001'],
      ['USD', 'Bravo', '7.5'],
      ['USD', 'Echo', '7.5'],
      ['USD', 'Foxtrot', '7.5'],
    ]);
    expect(board.topProducts.find((row) => row.name === 'Alpha')?.id).toBe('rank-product-0');
  });

  it("ranks artists by the sum of their products' revenue", async () => {
    const board = await read({ from: null, to: null });
    expect(named(board.topArtists)).toEqual([
      ['EUR', 'Artist A', '9'],
      ['EUR', 'Artist B', '3'],
      ['USD', 'Artist B', '29'],
      ['USD', 'Artist A', '23.500000001'],
      ['USD', 'Artist C', '9.75'],
    ]);
    expect(board.topArtists.find((row) => row.name === 'Artist C')?.id).toBe(artistIds['Artist C']);
  });

  it('narrows both to a month and to an artist', async () => {
    const september = await read({ from: '2026-09', to: '2026-09' });
    expect(named(september.topProducts)).toEqual([
      ['EUR', 'Bravo', '9'],
      ['EUR', 'Delta', '3'],
      ['USD', 'Foxtrot', '4.5'],
      ['USD', 'Golf', '2'],
      ['USD', 'Alpha', '1'],
      ['USD', 'Charlie', '0.5'],
    ]);
    const artistA = await read({ from: null, to: null }, artistIds['Artist A'] ?? null);
    expect(named(artistA.topProducts)).toEqual([
      ['EUR', 'Bravo', '9'],
      ['USD', 'Alpha', '16.000000001'],
      ['USD', 'Bravo', '7.5'],
    ]);
    expect(named(artistA.topArtists)).toEqual([
      ['EUR', 'Artist A', '9'],
      ['USD', 'Artist A', '23.500000001'],
    ]);
  });
});
