import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLITS_CHANGED } from '../../../server/statements/splitChanges';
import { SERVER_TEXT_KEYS } from '../../../src/i18n/serverTextKeys';
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

const ISRC = 'QZDM12677701';

describe('a pending result whose splits were changed since it was calculated', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let people: Record<string, string>;
  let productId: string;
  let statementId: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    people = Object.fromEntries(
      (
        await portal.db.query<{ id: string; username: string }>('select id, username from users')
      ).map((row) => [row.username, row.id]),
    );
    const created = await createDemoProduct(portal, {
      title: 'Paper Lanterns',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    productId = created.json().id;
    await saveSplits({ 'label@demo.label': '100' });

    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-08', expected: null, cashless: true },
      [
        {
          filename: 'lanterns.tsv',
          content: DISTROKID_HEADER + distroKidLine({ isrc: ISRC, earnings: '10' }),
        },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    statementId = answer.json()[0].id;
  });
  afterAll(() => portal.close());

  async function saveSplits(shares: Record<string, string>) {
    const { version } = (await get(portal.app, lena, `/api/products/${productId}`)).json();
    const saved = await write(portal.app, lena, 'PUT', `/api/products/${productId}/splits`, {
      version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: Object.entries(shares).map(([username, pct]) => ({
            payeeId: people[username],
            pct,
          })),
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const act = (action: string) =>
    write(portal.app, lena, 'POST', `/api/statements/${statementId}/${action}`, {});
  const calculate = async () => {
    expect((await act('calculate')).statusCode).toBe(200);
    await portal.app.jobs.drain();
  };
  const changes = async () =>
    (await get(portal.app, lena, `/api/statements/${statementId}/split-changes`)).json();
  const payouts = async () =>
    Object.fromEntries(
      (await get(portal.app, lena, `/api/statements/${statementId}/payees`))
        .json()
        .items.map((payee: { fullname: string; payout: string }) => [payee.fullname, payee.payout]),
    );
  const eventCount = async () =>
    (
      await portal.db.query<{ n: string }>(
        'select count(*)::text as n from events where stream_id = $1',
        [`statement-${statementId}`],
      )
    )[0]?.n;

  it('names no change for a result calculated on the splits as they are', async () => {
    await calculate();
    expect(await changes()).toEqual({ items: [], total: 0 });
    expect(await payouts()).toEqual({ 'Lena Label': '10' });
  });

  it('names the product, who changed its splits and when, and refuses to approve the old numbers', async () => {
    portal.clock.advance(60_000);
    await saveSplits({ 'label@demo.label': '50', 'artist@demo.label': '50' });
    expect(await changes()).toEqual({
      items: [
        {
          productId,
          productTitle: 'Paper Lanterns',
          at: Math.floor(portal.clock.now().getTime() / 1000),
          actor: 'Lena Label',
          emulatingActor: null,
        },
      ],
      total: 1,
    });

    const before = await eventCount();
    const refused = await act('approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SPLITS_CHANGED);
    // The browser shows the refusal in the user's language.
    expect(SERVER_TEXT_KEYS[SPLITS_CHANGED]).toBe('statements.stale.refused');
    expect(await eventCount()).toBe(before);
    const statement = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(statement.status).toBe('pending-approval');
    // The label calculates its own pending result again: no admin is needed.
    expect(statement.next).toContain('statement.calculate');
  });

  it('approves once the label has calculated again by the new splits', async () => {
    await calculate();
    expect((await changes()).total).toBe(0);
    expect(await payouts()).toEqual({ 'Lena Label': '5', 'Aria Artist': '5' });
    expect((await act('approve')).json().status).toBe('ready');
  });

  it('names nothing once the statement is approved, whatever changes later', async () => {
    await saveSplits({ 'label@demo.label': '100' });
    expect((await changes()).total).toBe(0);
  });
});
