// A demo-label statement for the analytics suites: two products of two artists, several stores,
// countries and months of sale, and amounts whose splits leave remainders at the 12th decimal.
import { expect } from 'vitest';
import { get, login, write, type LoggedIn, type TestPortal } from '../harness';
import { DISTROKID_HEADER } from '../import/helpers';
import { uploadStatement } from '../multipart';

export const MIDNIGHT = 'QZDM12600001';
export const GLASS = 'QZDM12600002';

const row = (
  month: string,
  store: string,
  isrc: string,
  units: number,
  country: string,
  earnings: string,
) =>
  `${month}-20\t${month}\t${store}\tAria Vale\tSong\t${isrc}\t\t${units}\t100\tSong\t${country}\t0\t${earnings}\n`;

export const STATEMENT_ROWS = [
  row('2026-08', 'Spotify', MIDNIGHT, 7, 'US', '3.333333333333'),
  // DistroKid's 'OU': sales outside the United States, kept as a territory of its own.
  row('2026-08', 'Apple Music', MIDNIGHT, 3, 'OU', '1.000000000001'),
  row('2026-09', 'Spotify', MIDNIGHT, 11, 'JP', '2.718281828459'),
  row('2026-09', '=HYPERLINK("x")', MIDNIGHT, 1, 'US', '0.1'),
  row('2026-09', 'iTunes', GLASS, 5, 'DE', '7.777777777777'),
  row('2026-08', 'Spotify', GLASS, 2, 'US', '-0.5'),
  row('2026-09', 'Deezer', GLASS, 13, 'BR', '0.000000000007'),
];

export interface AnalyticsFixture {
  lena: LoggedIn;
  statementId: string;
  calculationId: string;
  artists: Record<string, string>;
  products: Record<string, string>;
  people: Record<string, string>;
}

/** The label calculates its funded statement and approves the result: it is ready to pay. */
export async function calculateAndApprove(portal: TestPortal, lena: LoggedIn, statementId: string) {
  const calculated = await write(
    portal.app,
    lena,
    'POST',
    `/api/statements/${statementId}/calculate`,
    {},
  );
  expect(calculated.statusCode, calculated.body).toBe(200);
  await portal.app.jobs.drain();
  const approved = await write(
    portal.app,
    lena,
    'POST',
    `/api/statements/${statementId}/approve`,
    {},
  );
  expect(approved.json().status, approved.body).toBe('ready');
}

/** Moves Glass Harbor to The Night Shift, then settles one statement of both songs. */
export async function approvedStatement(portal: TestPortal): Promise<AnalyticsFixture> {
  const lena = await login(portal.app, 'label@demo.label');
  const artists = Object.fromEntries(
    (await portal.db.query<{ id: string; name: string }>('select id, name from artists')).map(
      (artist) => [artist.name, artist.id],
    ),
  );
  const products = Object.fromEntries(
    (
      await portal.db.query<{ id: string; title: string; version: number }>(
        'select id, title, version from products',
      )
    ).map((product) => [product.title, product.id]),
  );
  const people = Object.fromEntries(
    (await portal.db.query<{ id: string; username: string }>('select id, username from users')).map(
      (user) => [user.username, user.id],
    ),
  );
  const glass = await get(portal.app, lena, `/api/products/${products['Glass Harbor']}`);
  const moved = await write(
    portal.app,
    lena,
    'PATCH',
    `/api/products/${products['Glass Harbor']}`,
    {
      version: glass.json().version,
      artistId: artists['The Night Shift'],
    },
  );
  expect(moved.statusCode, moved.body).toBe(200);

  const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
    .id as string;
  const uploaded = await uploadStatement(
    portal.app,
    lena,
    { distributor: distroKid, report_month: '2026-09', expected: null, cashless: true },
    [{ filename: 'songs.tsv', content: DISTROKID_HEADER + STATEMENT_ROWS.join('') }],
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await portal.app.jobs.drain();
  const statementId = uploaded.json()[0].id as string;
  await calculateAndApprove(portal, lena, statementId);
  const [statement] = await portal.db.query<{ calculation_id: string }>(
    'select calculation_id from statements where id = $1',
    [statementId],
  );
  return {
    lena,
    statementId,
    calculationId: statement?.calculation_id ?? '',
    artists,
    products,
    people,
  };
}
