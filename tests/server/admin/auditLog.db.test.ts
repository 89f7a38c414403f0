import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startPortal, write, type TestPortal } from '../harness';
import { deskFixture, type DeskFixture } from './deskFixture';

interface Event {
  seq: string;
  streamId: string;
  type: string;
  actor: string | null;
  actorName: string | null;
  emulatingActor: string | null;
  at: number;
  data: Record<string, unknown>;
  change: {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    source: string;
  } | null;
  streamName?: string | null;
  names?: Record<string, string>;
}

describe('the audit log as an admin reads it', () => {
  let portal: TestPortal;
  let desk: DeskFixture;
  let users: Record<string, { id: string; version: number }>;
  const events = async (query: string) => {
    const answer = await get(portal.app, desk.ada, `/api/events?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Event[]; total: number }>();
  };

  beforeAll(async () => {
    portal = await startPortal();
    desk = await deskFixture(portal);
    const rows = await portal.db.query<{ username: string; id: string; version: number }>(
      'select username, id, version from users where username is not null',
    );
    users = Object.fromEntries(rows.map((row) => [row.username, row]));
  });
  afterAll(() => portal.close());

  it("filters to one statement's stream and shows each transition's state before and after", async () => {
    const log = await events(`streamType=statement&streamId=${desk.read}`);
    expect(log.total).toBe(log.items.length);
    expect(log.items.every((event) => event.streamId === `statement-${desk.read}`)).toBe(true);
    expect(log.items[0]?.type).toBe('StatementUploaded');
    expect(log.items[0]?.actorName).toBe('Lena Label');
    const transition = log.items.find((event) => event.type === 'StatementTransitioned');
    expect(transition?.change).toEqual({
      before: { state: transition?.data.from },
      after: { state: transition?.data.to },
      source: 'event',
    });
    // The same entity id under another stream kind matches nothing.
    expect((await events(`streamType=product&streamId=${desk.read}`)).total).toBe(0);
  });

  it('names the item each event is on and the people its change holds, never only their ids', async () => {
    const lena = users['label@demo.label']!;
    const paco = users['payee@demo.label']!;
    const created = await write(portal.app, desk.lena, 'POST', '/api/recoupments', {
      title: 'Audited advance',
      type: 'advance',
      amount: '100',
      creditorId: lena.id,
      debtorIds: [paco.id],
      recoupablePct: '50',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json<{ id: string; version: number }>();
    const changed = await write(portal.app, desk.lena, 'PATCH', `/api/recoupments/${id}`, {
      version,
      creditorId: paco.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const log = await events(`streamType=recoupment&streamId=${id}`);
    expect(log.items.map((event) => event.streamName)).toEqual(
      log.items.map(() => 'Audited advance'),
    );
    const change = log.items.find((event) => event.type === 'RecoupmentChanged');
    expect(change?.change?.after).toMatchObject({ creditorId: paco.id });
    expect(change?.names).toMatchObject({ [lena.id]: 'Lena Label', [paco.id]: 'Paco Payee' });
    const statement = await events(`streamType=statement&streamId=${desk.read}`);
    const [title] = await portal.db.query<{ title: string }>(
      'select title from statements where id = $1',
      [desk.read],
    );
    expect(new Set(statement.items.map((event) => event.streamName))).toEqual(
      new Set([title?.title]),
    );
  });

  it('reads "before" of a change that records only new values from the earlier events of its stream', async () => {
    const paco = users['payee@demo.label']!;
    const renamed = await write(portal.app, desk.lena, 'PATCH', `/api/users/${paco.id}`, {
      version: paco.version,
      fullname: 'Paco Renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const log = await events(`type=UserProfileChanged&streamId=${paco.id}`);
    expect(log.items.at(-1)?.change).toEqual({
      before: { fullname: 'Paco Payee' },
      after: { fullname: 'Paco Renamed' },
      source: 'stream',
    });
    const registered = (await events(`type=UserRegistered&streamId=${paco.id}`)).items[0];
    expect(registered?.data.passwordHash).toBe('[redacted]');
  });

  it('filters by actor, emulating actor, event type and time, and pages with the total', async () => {
    const lena = users['label@demo.label']!.id;
    const byLena = await events(`actor=${lena}&limit=1000`);
    expect(byLena.total).toBeGreaterThan(0);
    expect(byLena.items.every((event) => event.actor === lena)).toBe(true);
    expect((await events(`emulatingActor=${lena}`)).total).toBe(0);

    const all = await events('limit=1000');
    const uploads = await events('type=StatementUploaded');
    expect(uploads.total).toBe(2);

    const newest = await events('order=desc&limit=3&offset=2');
    expect(newest.total).toBe(all.total);
    expect(newest.items.map((event) => event.seq)).toEqual(
      [...all.items]
        .reverse()
        .slice(2, 5)
        .map((event) => event.seq),
    );
    const at = all.items.at(-1)!.at;
    const inTheSecond = await events(`from=${at}&to=${at}&limit=1000`);
    expect(inTheSecond.total).toBe(all.items.filter((event) => event.at === at).length);
    expect((await events(`from=${at + 1}`)).total).toBe(0);
    expect((await get(portal.app, desk.ada, '/api/events?streamType=planet')).statusCode).toBe(400);
    // A time PostgreSQL cannot hold is refused, never a server error; the last one it can is read.
    expect((await get(portal.app, desk.ada, `/api/events?from=${2 ** 63}`)).statusCode).toBe(400);
    expect((await events('to=253402300799')).total).toBe(all.total);
    expect((await events(`from=${2 ** 31}`)).total).toBe(0);
  });

  it('exports the filtered events as CSV, formula-leading cells kept as text', async () => {
    const lena = users['label@demo.label']!;
    const renamed = await write(portal.app, desk.lena, 'PATCH', `/api/users/${lena.id}`, {
      version: lena.version,
      fullname: '=HYPERLINK("http://evil")',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const answer = await get(
      portal.app,
      desk.ada,
      `/api/events?format=csv&streamType=statement&streamId=${desk.read}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = answer.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'seq,at,stream,version,type,actor,actor name,emulating actor,emulating actor name,before,after,data',
    );
    const json = await events(`streamType=statement&streamId=${desk.read}`);
    expect(lines).toHaveLength(json.total + 1);
    expect(lines[1]).toContain(
      `,statement-${desk.read},1,StatementUploaded,${lena.id},"'=HYPERLINK(""http://evil"")",`,
    );
  });
});
