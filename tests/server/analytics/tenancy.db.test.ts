// Two labels with an approved statement each: no account's people see the other's figures, and a
// payee never sees the label's gross.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsList } from '../../../api/analytics';
import { get, login, write, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { openSecondLabel, SECOND_PASSWORD, type AccountFixture } from '../tenancy';
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

describe('analytics across two label accounts', () => {
  let portal: TestPortal;
  let demo: AnalyticsFixture;
  let second: AccountFixture;

  beforeAll(async () => {
    portal = await startPortal();
    second = await openSecondLabel(portal);
    const zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    await portal.app.jobs.drain();
    const id = second.statementId;
    expect(
      (await write(portal.app, zora, 'POST', `/api/statements/${id}/funds`, { amount: '7.5' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await write(portal.app, zora, 'POST', `/api/statements/${id}/calculate`, {})).statusCode,
    ).toBe(200);
    await portal.app.jobs.drain();
    const approved = await write(portal.app, zora, 'POST', `/api/statements/${id}/approve`, {});
    expect(approved.json().status, approved.body).toBe('ready');
    demo = await approvedStatement(portal);
  });
  afterAll(() => portal.close());

  const everything = async (who: LoggedIn) => {
    const answers: AnalyticsList[] = [];
    for (const view of VIEWS) {
      const answer = await get(portal.app, who, `/api/analytics/${view}`);
      expect(answer.statusCode, answer.body).toBe(200);
      answers.push(answer.json<AnalyticsList>());
      for (const secret of second.secrets) expect(answer.body).not.toContain(secret);
    }
    return answers;
  };

  it('keeps each label and each payee to their own figures', async () => {
    const lena = await everything(demo.lena);
    expect(lena.map((list) => list.total.amount)).toEqual(VIEWS.map(() => '14.429392939577'));
    const paco = await everything(await login(portal.app, 'payee@demo.label'));
    expect(paco.every((list) => list.basis === 'earned')).toBe(true);
    expect(new Decimal(paco[0]?.total.amount ?? '0').lt('14.429392939577')).toBe(true);

    const zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    const zoraOverview = (
      await get(portal.app, zora, '/api/analytics/overview')
    ).json<AnalyticsList>();
    expect(zoraOverview.total.amount).toBe('7.5');
    expect(JSON.stringify(zoraOverview)).not.toContain('Midnight');
    const quill = await login(portal.app, 'payee@zephyr.example', SECOND_PASSWORD);
    const quillOverview = (
      await get(portal.app, quill, '/api/analytics/products')
    ).json<AnalyticsList>();
    expect(quillOverview.total.amount).toBe('3.75');
    expect(quillOverview.items.map((item) => item.name)).toEqual(['Zephyr Secret Product']);
  });

  it('refuses a label another account’s figures, artist or product', async () => {
    const named = await get(
      portal.app,
      demo.lena,
      `/api/analytics/overview?account=${second.accountId}`,
    );
    expect(named.statusCode).toBe(403);
    const filtered = await get(
      portal.app,
      demo.lena,
      `/api/analytics/products?product=${second.productId}`,
    );
    // Another account's product is as unknown as one that does not exist.
    expect(filtered.statusCode).toBe(404);
    expect(
      (await get(portal.app, demo.lena, `/api/analytics/products/${second.productId}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(portal.app, demo.lena, `/api/analytics/artists/${second.artistId}`)).statusCode,
    ).toBe(404);
    const paco = await login(portal.app, 'payee@demo.label');
    expect(
      (await get(portal.app, paco, `/api/analytics/products/${second.productId}`)).statusCode,
    ).toBe(404);
  });

  it('lets an admin emulating the second label read its figures, and name an account', async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const named = await get(portal.app, ada, `/api/analytics/overview?account=${second.accountId}`);
    expect(named.json<AnalyticsList>().total.amount).toBe('7.5');
    const emulating = await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: 'owner@zephyr.example',
    });
    expect(emulating.statusCode, emulating.body).toBeLessThan(300);
    const own = await get(portal.app, ada, '/api/analytics/overview');
    expect(own.json<AnalyticsList>().total.amount).toBe('7.5');
  });
});
