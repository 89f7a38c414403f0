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

describe('a pending result whose splits were changed since it was calculated', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let people: Record<string, string>;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    people = Object.fromEntries(
      (
        await portal.db.query<{ id: string; username: string }>('select id, username from users')
      ).map((row) => [row.username, row.id]),
    );
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  /**
   * A product of the test's own, all of it Lena's, and a statement of its one ISRC, read and not
   * yet calculated; with what the test does on them.
   */
  async function ownStatement(title: string, isrc: string) {
    const created = await createDemoProduct(portal, {
      title,
      type: 'single',
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().id as string;

    const saveSplits = async (shares: Record<string, string>) => {
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
    };
    await saveSplits({ 'label@demo.label': '100' });

    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-08', expected: null, cashless: true },
      [
        {
          filename: `${isrc}.tsv`,
          content: DISTROKID_HEADER + distroKidLine({ isrc, earnings: '10' }),
        },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const statementId = answer.json()[0].id as string;

    const act = (action: string) =>
      write(portal.app, lena, 'POST', `/api/statements/${statementId}/${action}`, {});
    return {
      productId,
      statementId,
      saveSplits,
      act,
      calculate: async () => {
        expect((await act('calculate')).statusCode).toBe(200);
        await portal.app.jobs.drain();
      },
      changes: async () =>
        (await get(portal.app, lena, `/api/statements/${statementId}/split-changes`)).json(),
      payouts: async () =>
        Object.fromEntries(
          (await get(portal.app, lena, `/api/statements/${statementId}/payees`))
            .json()
            .items.map((payee: { fullname: string; payout: string }) => [
              payee.fullname,
              payee.payout,
            ]),
        ),
      eventCount: async () =>
        (
          await portal.db.query<{ n: string }>(
            'select count(*)::text as n from events where stream_id = $1',
            [`statement-${statementId}`],
          )
        )[0]?.n,
    };
  }

  it('names no change for a result calculated on the splits as they are', async () => {
    const { calculate, changes, payouts } = await ownStatement('Paper Lanterns', 'QZDM12677701');
    await calculate();
    expect(await changes()).toEqual({ items: [], total: 0 });
    expect(await payouts()).toEqual({ 'Lena Label': '10' });
  });

  it('names the product, who changed its splits and when, and refuses to approve the old numbers', async () => {
    const statement = await ownStatement('Paper Boats', 'QZDM12677702');
    await statement.calculate();
    portal.clock.advance(60_000);
    await statement.saveSplits({ 'label@demo.label': '50', 'artist@demo.label': '50' });
    expect(await statement.changes()).toEqual({
      items: [
        {
          productId: statement.productId,
          productTitle: 'Paper Boats',
          at: Math.floor(portal.clock.now().getTime() / 1000),
          actor: 'Lena Label',
          emulatingActor: null,
        },
      ],
      total: 1,
    });

    const before = await statement.eventCount();
    const refused = await statement.act('approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SPLITS_CHANGED);
    // The browser shows the refusal in the user's language.
    expect(SERVER_TEXT_KEYS[SPLITS_CHANGED]).toBe('statements.stale.refused');
    expect(await statement.eventCount()).toBe(before);
    const read = (await get(portal.app, lena, `/api/statements/${statement.statementId}`)).json();
    expect(read.status).toBe('pending-approval');
    // The label calculates its own pending result again: no admin is needed.
    expect(read.next).toContain('statement.calculate');
  });

  it('approves once the label has calculated again by the new splits', async () => {
    const statement = await ownStatement('Paper Cranes', 'QZDM12677703');
    await statement.calculate();
    await statement.saveSplits({ 'label@demo.label': '50', 'artist@demo.label': '50' });
    expect((await statement.changes()).total).toBe(1);
    await statement.calculate();
    expect((await statement.changes()).total).toBe(0);
    expect(await statement.payouts()).toEqual({ 'Lena Label': '5', 'Aria Artist': '5' });
    expect((await statement.act('approve')).json().status).toBe('ready');
  });

  it('names nothing once the statement is approved, whatever changes later', async () => {
    const statement = await ownStatement('Paper Moons', 'QZDM12677704');
    await statement.calculate();
    expect((await statement.act('approve')).json().status).toBe('ready');
    await statement.saveSplits({ 'label@demo.label': '50', 'artist@demo.label': '50' });
    expect((await statement.changes()).total).toBe(0);
  });
});
