// A product's revenue view (SPEC sections 3 and 6): gross includes the distributor's cut, net does
// not. The view changes the revenue shown on every route that reports the product's revenue, never
// what is paid: payouts are shares of net revenue (ENGINE.md, step 1).
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsList } from '../../../api/analytics';
import type { PayeeStatement } from '../../../api/payeeStatements';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { DISTROKID_HEADER } from '../import/helpers';
import { uploadStatement } from '../multipart';
import { MIDNIGHT, calculateAndApprove } from './fixtures';

const VIEWS = [
  'overview',
  'services',
  'formats',
  'territories',
  'distributors',
  'products',
  'artists',
] as const;

/** Revenue with up to 12 decimals, some negative (returns), as DistroKid writes it. */
const revenue = fc
  .tuple(fc.integer({ min: -200, max: 9_000 }), fc.bigInt({ min: 0n, max: 999_999_999_999n }))
  .map(([whole, fraction]) => {
    const text = `${Math.abs(whole)}.${fraction.toString().padStart(12, '0')}`;
    return whole < 0 ? `-${text}` : text;
  });
/** A distributor take (%) with at most 4 decimals, as the API takes it. */
const takePct = fc
  .integer({ min: 1, max: 999_999 })
  .map((units) => new Decimal(units).div(10_000).toFixed());

const row = (month: string, store: string, country: string, units: number, amount: string) =>
  `${month}-20\t${month}\t${store}\tAria Vale\tSong\t${MIDNIGHT}\t\t${units}\t100\tSong\t${country}\t0\t${amount}\n`;

const STORES = ['Spotify', 'Apple Music', 'Deezer'] as const;
const COUNTRIES = ['US', 'FR', 'JP'] as const;

describe("a product's revenue view", () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let paco: LoggedIn;
  let productId = '';
  let distroKid = '';
  let months = 0;

  const read = async (who: LoggedIn, path: string) => {
    const answer = await get(portal.app, who, path);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AnalyticsList>();
  };
  const setView = async (revenueView: 'gross' | 'net') => {
    const product = await get(portal.app, lena, `/api/products/${productId}`);
    const changed = await write(portal.app, lena, 'PATCH', `/api/products/${productId}`, {
      version: product.json().version,
      revenueView,
    });
    expect(changed.statusCode, changed.body).toBe(200);
  };

  /** One approved statement of `rows` (revenue) for Midnight Signals with its own take; its month. */
  async function approvedStatement(
    amounts: string[],
    take: string,
  ): Promise<{ month: string; statementId: string }> {
    // A month of its own, so each run's figures are its statement's alone.
    const month = `${2000 + Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`;
    months += 1;
    const file =
      DISTROKID_HEADER +
      amounts
        .map((amount, index) =>
          row(month, STORES[index % 3] ?? '', COUNTRIES[index % 3] ?? '', 10_000 + index, amount),
        )
        .join('');
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless: true },
      [{ filename: `songs-${month}.tsv`, content: file }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const statementId = uploaded.json()[0].id as string;
    const taken = await write(portal.app, lena, 'POST', `/api/statements/${statementId}/take`, {
      takePct: take,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    await calculateAndApprove(portal, lena, statementId);
    return { month, statementId };
  }

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    paco = await login(portal.app, 'payee@demo.label');
    const [product] = await portal.db.query<{ id: string }>(
      `select id from products where title = 'Midnight Signals'`,
    );
    productId = product?.id ?? '';
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id as string;
  });
  afterAll(() => portal.close());

  it('shows gross = net + the distributor’s cut when the view is gross, net otherwise, on every analytics route and the payee statement; payees’ earnings stay as they were', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(revenue, { minLength: 1, maxLength: 6 }),
        takePct,
        async (amounts, take) => {
          const { month, statementId } = await approvedStatement(amounts, take);
          // The distributor's cut as ENGINE.md takes it: each record's, truncated toward zero.
          const cut = amounts.reduce(
            (sum, amount) =>
              sum.plus(
                new Decimal(amount).times(take).div(100).toDecimalPlaces(12, Decimal.ROUND_DOWN),
              ),
            new Decimal(0),
          );
          const gross = amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
          const [calculation] = await portal.db.query<{ take: string; net: string }>(
            `select c.totals->>'take' as take, c.totals->>'net' as net
               from calculations c join statements s on s.calculation_id = c.id
              where s.period = $1`,
            [month],
          );
          // The cut the figures subtract is the one the engine took from the payouts.
          expect(cut.eq(calculation?.take ?? 'x')).toBe(true);

          const figures = async (who: LoggedIn) => {
            const shown: Record<string, { amount: string; views: string[]; basis: string }> = {};
            for (const view of VIEWS) {
              for (const query of [`month=${month}`, `month=${month}&product=${productId}`]) {
                const list = await read(who, `/api/analytics/${view}?${query}`);
                shown[`${view}?${query}`] = {
                  amount: list.total.amount,
                  views: list.revenueViews,
                  basis: list.basis,
                };
              }
            }
            return shown;
          };
          /** The payee's statement line of the song: its revenue and view, and their amount. */
          const payeeLine = async () => {
            const answer = await get(portal.app, paco, `/api/earnings/${statementId}`);
            expect(answer.statusCode, answer.body).toBe(200);
            const lines = answer.json<PayeeStatement>().lines;
            expect(lines.map((line) => line.code)).toEqual([MIDNIGHT]);
            return lines[0];
          };

          await setView('net');
          const net = await figures(lena);
          const pacoNet = await figures(paco);
          const lineNet = await payeeLine();
          await setView('gross');
          const grossShown = await figures(lena);
          const pacoGross = await figures(paco);
          const lineGross = await payeeLine();

          // The payee statement names the song's revenue as the view says; the payee's amount
          // stays their share of net revenue.
          expect(lineNet?.revenueView).toBe('net');
          expect(new Decimal(lineNet?.revenue ?? 'x').eq(calculation?.net ?? 'y')).toBe(true);
          expect(lineGross?.revenueView).toBe('gross');
          expect(new Decimal(lineGross?.revenue ?? 'x').eq(gross)).toBe(true);
          expect(lineGross?.amount).toBe(lineNet?.amount);

          for (const route of Object.keys(net)) {
            expect(net[route]?.views, route).toEqual(['net']);
            expect(grossShown[route]?.views, route).toEqual(['gross']);
            expect(new Decimal(net[route]?.amount ?? 'x').eq(calculation?.net ?? 'y'), route).toBe(
              true,
            );
            expect(new Decimal(grossShown[route]?.amount ?? 'x').eq(gross), route).toBe(true);
            expect(
              new Decimal(grossShown[route]?.amount ?? 'x').eq(cut.plus(net[route]?.amount ?? 'y')),
              route,
            ).toBe(true);
          }
          // A payee reads what was allocated to them, whichever revenue the label shows.
          expect(pacoGross).toEqual(pacoNet);
          for (const shown of Object.values(pacoNet)) {
            expect(shown.basis).toBe('earned');
            expect(shown.views).toEqual([]);
          }
        },
      ),
      { seed: 20261129, numRuns: 3, endOnFailure: true },
    );
  });
});
