import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../server/db/migrations';
import { STALE_RESULT } from '../../../server/statements/approvalOrder';
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

describe('approving results in the order their balances chain', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;
  let people: Record<string, string>;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
    people = Object.fromEntries(
      (
        await portal.db.query<{ id: string; username: string }>('select id, username from users')
      ).map((row) => [row.username, row.id]),
    );
  });
  afterAll(() => portal.close());

  /**
   * A product of the test's own that escalates once its income reaches 7,500, as the demo's
   * Midnight Signals does: its counter is this test's alone. Answers its statements' uploader
   * and the counter of its escalation in a statement's result.
   */
  const escalatingProduct = async (title: string, isrc: string) => {
    const created = await createDemoProduct(portal, {
      title,
      type: 'single',
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const label = people['label@demo.label'];
    const aria = people['artist@demo.label'];
    const splits = await write(
      portal.app,
      lena,
      'PUT',
      `/api/products/${created.json().id}/splits`,
      {
        version: created.json().version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: label, pct: '50' },
              { payeeId: aria, pct: '50' },
            ],
          },
          {
            scope: 'product',
            kind: 'conditional',
            priority: 1,
            trigger: { type: 'income', threshold: '7500', preCounted: '0' },
            shares: [
              { payeeId: label, pct: '40' },
              { payeeId: aria, pct: '60' },
            ],
          },
        ],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    const escalation = splits.json().splitSets[1].id as string;
    return {
      upload: (month: string, earnings: string) => upload(isrc, month, earnings),
      counter: (statementId: string) => counterOf(statementId, escalation),
    };
  };
  const upload = async (isrc: string, month: string, earnings: string) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      // Earnings of thousands for one stream are held unless the uploader states them.
      { distributor: distroKid, report_month: month, expected: earnings, cashless: true },
      [
        {
          filename: `${month}.tsv`,
          content: DISTROKID_HEADER + distroKidLine({ earnings, isrc }),
        },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return answer.json()[0].id as string;
  };
  const act = (id: string, action: string) =>
    write(portal.app, lena, 'POST', `/api/statements/${id}/${action}`, {});
  const calculate = async (id: string) => {
    expect((await act(id, 'calculate')).statusCode).toBe(200);
    await portal.app.jobs.drain();
  };
  /** The counter of the split set's trigger before and after the statement's result. */
  const counterOf = async (id: string, splitSetId: string) => {
    const calculation = (await get(portal.app, lena, `/api/statements/${id}/calculation`)).json();
    const trigger = calculation.output.triggers.find(
      (result: { splitSetId: string }) => result.splitSetId === splitSetId,
    );
    return { before: trigger.counterBefore as string, after: trigger.counterAfter as string };
  };
  const eventCount = async (id: string) =>
    (
      await portal.db.query<{ n: string }>(
        'select count(*)::text as n from events where stream_id = $1',
        [`statement-${id}`],
      )
    )[0]?.n;

  it('refuses a result calculated beside one approved since, and approves it once calculated again', async () => {
    const { upload, counter } = await escalatingProduct('Chain Signals', 'QZDM12688801');
    const september = await upload('2026-09', '7000');
    const october = await upload('2026-10', '1000');
    await calculate(september);
    await calculate(october);
    // Both started from nothing: approving both would forget September's 7,000.
    expect(await counter(october)).toEqual({ before: '0', after: '1000' });
    expect((await act(september, 'approve')).json().status).toBe('ready');

    const events = await eventCount(october);
    const refused = await act(october, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STALE_RESULT);
    expect(await eventCount(october)).toBe(events);
    const waiting = (await get(portal.app, lena, `/api/statements/${october}`)).json();
    expect(waiting.status).toBe('pending-approval');
    expect(waiting.next).toContain('statement.calculate');

    // The label calculates its own pending result again: it now starts from September's counter.
    await calculate(october);
    expect(await counter(october)).toEqual({ before: '7000', after: '8000' });
    expect((await act(october, 'approve')).json().status).toBe('ready');
  });

  it('approves a result calculated after the latest approval without asking for anything', async () => {
    const { upload, counter } = await escalatingProduct('Chain Echoes', 'QZDM12688802');
    const october = await upload('2026-10', '8000');
    await calculate(october);
    expect((await act(october, 'approve')).json().status).toBe('ready');
    const november = await upload('2026-11', '10');
    await calculate(november);
    expect(await counter(november)).toEqual({ before: '8000', after: '8010' });
    expect((await act(november, 'approve')).json().status).toBe('ready');
  });

  it('gives approvals made before their order was kept that order back from the log', async () => {
    const { upload } = await escalatingProduct('Chain Order', 'QZDM12688803');
    const approved: string[] = [];
    for (const [month, earnings] of [
      ['2026-09', '20'],
      ['2026-10', '30'],
    ] as const) {
      const id = await upload(month, earnings);
      await calculate(id);
      expect((await act(id, 'approve')).json().status).toBe('ready');
      approved.push(id);
    }
    const order = () =>
      portal.db.query<{ id: string; approved_seq: string | null }>(
        'select id, approved_seq from statements order by approved_seq, id',
      );
    const before = await order();
    const ours = before.filter((row) => approved.includes(row.id));
    expect(ours.map((row) => row.id)).toEqual(approved);
    expect(ours.every((row) => row.approved_seq !== null)).toBe(true);
    await portal.db.query('update statements set approved_seq = null');
    const backfill = migrations
      .find((migration) => migration.version === 13)
      ?.sql.split(';')
      .find((statement) => statement.includes('update statements'));
    await portal.db.query(backfill ?? 'missing backfill');
    expect(await order()).toEqual(before);
  });
});
