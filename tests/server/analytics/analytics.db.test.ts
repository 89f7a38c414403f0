import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsList } from '../../../api/analytics';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { approvedStatement, type AnalyticsFixture } from './fixtures';

const VIEWS = [
  'overview',
  'services',
  'formats',
  'territories',
  'distributors',
  'products',
  'artists',
];

const sum = (items: { amount: string }[]) =>
  items.reduce((total, item) => total.plus(item.amount), new Decimal(0)).toFixed();

describe('analytics of an approved statement', () => {
  let portal: TestPortal;
  let fixture: AnalyticsFixture;
  let paco: LoggedIn;
  const read = async (who: LoggedIn, path: string) => {
    const answer = await get(portal.app, who, path);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AnalyticsList>();
  };

  beforeAll(async () => {
    portal = await startPortal();
    fixture = await approvedStatement(portal);
    paco = await login(portal.app, 'payee@demo.label');
  });
  afterAll(() => portal.close());

  it('gives the label every view summing to the statement’s gross to the last decimal', async () => {
    const [calculation] = await portal.db.query<{ gross: string }>(
      `select totals->>'gross' as gross from calculations where id = $1`,
      [fixture.calculationId],
    );
    for (const view of VIEWS) {
      const list = await read(fixture.lena, `/api/analytics/${view}`);
      expect(list.basis).toBe('gross');
      expect(list.currency).toBe('USD');
      expect(new Decimal(list.total.amount).eq(calculation?.gross ?? 'x'), view).toBe(true);
      expect(new Decimal(sum(list.items)).eq(list.total.amount)).toBe(true);
      expect(list.total.units).toBe(42);
    }
    const months = await read(fixture.lena, '/api/analytics/overview');
    expect(months.items.map((item) => item.key)).toEqual(['2026-08', '2026-09']);
    expect(months.items.map((item) => item.amount)).toEqual(['3.833333333334', '10.596059606243']);
  });

  it('gives a payee only the amounts allocated to them, equal to their lines in every view', async () => {
    const [own] = await portal.db.query<{ amount: string }>(
      `select trim_scale(sum(amount))::text as amount from statement_lines
        where calculation_id = $1 and payee_id = $2`,
      [fixture.calculationId, fixture.people['payee@demo.label']],
    );
    for (const view of VIEWS) {
      const list = await read(paco, `/api/analytics/${view}`);
      expect(list.basis).toBe('earned');
      expect(list.total.amount, view).toBe(own?.amount);
    }
    // Asking for the label's gross or another payee's share is refused.
    const other = await get(
      portal.app,
      paco,
      `/api/analytics/overview?payee=${fixture.people['artist@demo.label']}`,
    );
    expect(other.statusCode).toBe(403);
  });

  it('apportions each payee’s line over its months, stores and countries exactly', async () => {
    const lines = await portal.db.query<{ product_id: string; payee_id: string; amount: string }>(
      `select product_id, payee_id, trim_scale(sum(amount))::text as amount from statement_lines
        where calculation_id = $1 group by product_id, payee_id`,
      [fixture.calculationId],
    );
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) {
      for (const dimension of ['service', 'format', 'territory']) {
        const [bucket] = await portal.db.query<{ amount: string }>(
          `select trim_scale(sum(amount))::text as amount from analytics_product_dims
            where product_id = $1 and payee_id = $2 and dimension = $3`,
          [line.product_id, line.payee_id, dimension],
        );
        expect(bucket?.amount, `${dimension} of ${line.payee_id}`).toBe(line.amount);
      }
    }
    // No bucket holds more than 12 decimals: the remainder went to whole 10^-12 units.
    const scales = await portal.db.query<{ scale: number }>(
      'select max(scale(trim_scale(amount))) as scale from analytics_product_dims',
    );
    expect(Number(scales[0]?.scale)).toBeLessThanOrEqual(12);
  });

  it('keeps a territory that is no country (DistroKid’s OU) as a territory of its own', async () => {
    const territories = await read(fixture.lena, '/api/analytics/territories');
    expect(territories.items.find((item) => item.key === 'OU')).toMatchObject({
      units: 3,
      amount: '1.000000000001',
    });
    const csv = await get(portal.app, fixture.lena, '/api/analytics/territories?format=csv');
    expect(csv.body).toContain('OU,3,1.000000000001,USD');
  });

  it('honours the month, timeframe, artist and product filters', async () => {
    const aria = fixture.artists['Aria Vale'];
    const september = await read(
      fixture.lena,
      `/api/analytics/services?month=2026-09&artist=${aria}`,
    );
    expect(september.items.map((item) => [item.key, item.amount])).toEqual([
      ['Spotify', '2.718281828459'],
      ['=HYPERLINK("x")', '0.1'],
    ]);
    const nightShift = await read(
      fixture.lena,
      `/api/analytics/territories?artist=${fixture.artists['The Night Shift']}`,
    );
    expect(nightShift.items.map((item) => [item.key, item.amount])).toEqual([
      ['DE', '7.777777777777'],
      ['BR', '0.000000000007'],
      ['US', '-0.5'],
    ]);
    const glass = await read(
      fixture.lena,
      `/api/analytics/formats?product=${fixture.products['Glass Harbor']}`,
    );
    expect(glass.total.amount).toBe('7.277777777784');
    // In November, three months reach back to September, four to August.
    const lastMonth = await read(fixture.lena, '/api/analytics/overview?months=1');
    expect(lastMonth.items).toEqual([]);
    expect(lastMonth.currency).toBeNull();
    const three = await read(fixture.lena, '/api/analytics/overview?months=3');
    expect(three.items.map((item) => item.key)).toEqual(['2026-09']);
    expect((await read(fixture.lena, '/api/analytics/overview?months=4')).items).toHaveLength(2);
  });

  it('names distributors, products and artists, and opens an artist’s and a product’s view', async () => {
    const products = await read(fixture.lena, '/api/analytics/products');
    expect(products.items.map((item) => item.name).sort()).toEqual([
      'Glass Harbor',
      'Midnight Signals',
    ]);
    const distributors = await read(fixture.lena, '/api/analytics/distributors');
    expect(distributors.items.map((item) => item.name)).toEqual(['DistroKid']);
    const product = await get(
      portal.app,
      paco,
      `/api/analytics/products/${fixture.products['Glass Harbor']}`,
    );
    expect(product.json()).toMatchObject({
      name: 'Glass Harbor',
      artist: { name: 'The Night Shift' },
    });
    const artist = await get(
      portal.app,
      fixture.lena,
      `/api/analytics/artists/${fixture.artists['Aria Vale']}`,
    );
    expect(artist.json()).toMatchObject({ name: 'Aria Vale' });
  });

  it('answers each list as CSV with exact amounts and formulas kept as text', async () => {
    const answer = await portal.app.inject({
      method: 'GET',
      url: `/api/analytics/services?format=csv&csrf=${encodeURIComponent(fixture.lena.csrf)}`,
      cookies: fixture.lena.cookies,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="analytics-services-2026-11-01.csv"',
    );
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toBe('service,units,net,currency');
    expect(lines).toContain('Spotify,20,5.551615161792,USD');
    expect(lines).toContain(`"'=HYPERLINK(""x"")",1,0.1,USD`);
    const products = await portal.app.inject({
      method: 'GET',
      url: `/api/analytics/products?csrf=${encodeURIComponent(fixture.lena.csrf)}`,
      cookies: fixture.lena.cookies,
      headers: { accept: 'text/csv' },
    });
    expect(products.body.split('\r\n')[0]).toBe('product_id,name,units,net,currency');
  });

  it('rebuilds the figures from the log equal to the live ones', async () => {
    const live = await dumpReadModels(portal.db);
    expect(live.analytics_products?.length).toBeGreaterThan(0);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
