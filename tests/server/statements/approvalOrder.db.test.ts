import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../server/db/migrations';
import { STALE_RESULT } from '../../../server/statements/approvalOrder';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';

describe('approving results in the order their balances chain', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  const upload = async (month: string, earnings: string) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless: true },
      [{ filename: `${month}.tsv`, content: DISTROKID_HEADER + distroKidLine({ earnings }) }],
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
  const counter = async (id: string) => {
    const calculation = (await get(portal.app, lena, `/api/statements/${id}/calculation`)).json();
    const trigger = calculation.output.triggers[0];
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
    // Midnight Signals escalates once its income reaches 7,500 (the demo's conditional set).
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
    const november = await upload('2026-11', '10');
    await calculate(november);
    expect(await counter(november)).toEqual({ before: '8000', after: '8010' });
    expect((await act(november, 'approve')).json().status).toBe('ready');
  });

  it('gives approvals made before their order was kept that order back from the log', async () => {
    const order = () =>
      portal.db.query('select id, approved_seq from statements order by approved_seq, id');
    const before = await order();
    await portal.db.query('update statements set approved_seq = null');
    const backfill = migrations
      .find((migration) => migration.version === 13)
      ?.sql.split(';')
      .find((statement) => statement.includes('update statements'));
    await portal.db.query(backfill ?? 'missing backfill');
    expect(await order()).toEqual(before);
  });
});
