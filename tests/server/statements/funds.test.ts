// The funds a label records for a statement reach the ledger: from the label's bank into its
// funding, in the statement's currency, exact, once per amount recorded, however the form is
// clicked, and for statements funded before the ledger took them (the migration and a replay post
// the same transfers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../server/db/migrations';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';

describe("the label's funds in the ledger", () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  /** A statement of the demo label of one song earning `earnings`, waiting for `expected`. */
  const waiting = async (month: string, isrc: string, earnings: string, expected: string) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected },
      [{ filename: `${month}.tsv`, content: DISTROKID_HEADER + distroKidLine({ isrc, earnings }) }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return answer.json()[0].id as string;
  };
  const fund = (id: string, body: object) =>
    write(portal.app, lena, 'POST', `/api/statements/${id}/funds`, body);

  /** The transfers into the label's funding that name the statement. */
  const fundsOf = (id: string) =>
    portal.db.query<{
      id: string;
      debit_account: string;
      credit_account: string;
      amount: string;
      currency: string;
    }>(
      `select id, debit_account, credit_account, trim_scale(amount)::text as amount, currency
         from ledger_transfers where statement_id = $1 and credit_account like 'funding:%'
        order by id`,
      [id],
    );
  const accountOf = async (id: string) =>
    (
      await portal.db.query<{ account_id: string }>(
        'select account_id from statements where id = $1',
        [id],
      )
    )[0]?.account_id ?? '';

  it('posts each recorded amount from the label’s bank into its funding, exact, with who and when', async () => {
    const id = await waiting('2026-03', 'QZDM12600001', '10.000000000001', '10.000000000001');
    const account = await accountOf(id);
    expect((await fund(id, { amount: '6.5' })).json().status).toBe('waiting-for-funds');
    portal.clock.advance(60_000);
    // The second amount completes the first: only it is posted, never the total again.
    expect((await fund(id, { amount: '3.500000000001' })).json().status).toBe('funded');
    const posted = await fundsOf(id);
    expect(posted.map((transfer) => [transfer.amount, transfer.currency])).toEqual([
      ['6.5', 'USD'],
      ['3.500000000001', 'USD'],
    ]);
    for (const transfer of posted) {
      expect(transfer.debit_account).toBe(`bank:${account}`);
      expect(transfer.credit_account).toBe(`funding:${account}`);
    }
    const [total] = await portal.db.query<{ total: string }>(
      `select trim_scale(sum(amount))::text as total from ledger_transfers where statement_id = $1
          and credit_account = $2`,
      [id, `funding:${account}`],
    );
    expect(total?.total).toBe('10.000000000001');
    // The event names the statement, the label's user who recorded it, and when.
    const events = await portal.db.query<{ actor: string; at: Date; data: { amount: string } }>(
      `select actor, at, data from events where stream_id = $1 and type = 'FundsReceived'
        order by seq`,
      [`statement-${id}`],
    );
    expect(events.map((event) => event.data.amount)).toEqual(['6.5', '3.500000000001']);
    const [who] = await portal.db.query<{ id: string }>(
      "select id from users where username = 'label@demo.label'",
    );
    expect(events.map((event) => event.actor)).toEqual([who?.id, who?.id]);
    expect(events[1]!.at.getTime() - events[0]!.at.getTime()).toBe(60_000);
  });

  it('records a double click of one entry once', async () => {
    const id = await waiting('2026-04', 'QZDM12600002', '8', '8');
    const first = await fund(id, { amount: '5', requestId: 'entry-1' });
    const second = await fund(id, { amount: '5', requestId: 'entry-1' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'waiting-for-funds' });
    expect((await get(portal.app, lena, `/api/statements/${id}`)).json().receivedFunds).toBe('5');
    expect((await fundsOf(id)).map((transfer) => transfer.amount)).toEqual(['5']);
    // Another entry is another amount.
    expect((await fund(id, { amount: '3', requestId: 'entry-2' })).json().status).toBe('funded');
    expect((await fundsOf(id)).map((transfer) => transfer.amount)).toEqual(['5', '3']);
  });

  it('posts once the funds of statements recorded before, by the migration and by a replay alike', async () => {
    const id = await waiting('2026-05', 'QZDM12600001', '12.25', '12.25');
    expect((await fund(id, { amount: '12.25' })).json().status).toBe('funded');
    const live = await fundsOf(id);
    // The log as it was before funds were posted: the event without its transfer, none posted.
    await portal.db.query(
      `update events set data = data - 'transfers' where stream_id = $1 and type = 'FundsReceived'`,
      [`statement-${id}`],
    );
    await portal.db.query('delete from ledger_transfers where statement_id = $1', [id]);
    expect(await fundsOf(id)).toEqual([]);
    const migration = migrations.find((step) => step.name.startsWith('funds a label recorded'));
    for (let run = 0; run < 2; run++) {
      await portal.db.query(migration?.sql ?? '');
    }
    // A database that ran that migration then runs the one that names each transfer's label.
    const labels = migrations.find((step) => step.name.startsWith('accounting periods'));
    const tagging = /update ledger_transfers set account_id = [^;]+;/.exec(labels?.sql ?? '');
    await portal.db.query(tagging?.[0] ?? 'missing migration');
    expect(await fundsOf(id)).toEqual(live);
    const before = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await fundsOf(id)).toEqual(live);
    expect(await dumpReadModels(portal.db)).toEqual(before);
  });
});
