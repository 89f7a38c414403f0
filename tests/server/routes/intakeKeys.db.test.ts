// A partner distributor sends a label's statements with an intake key: the label creates the key
// (shown once), the distributor files statements that go through the pipeline like an upload,
// and a revoked, unknown or foreign key files nothing.
import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTAKE_KEY_MISSING,
  INTAKE_KEY_REVOKED,
  INTAKE_KEY_UNKNOWN,
} from '../../../server/auth/intakeKeys';
import { loggerOptions } from '../../../server/plugins/logging';
import { INTAKE_OTHER_ACCOUNT, INTAKE_OTHER_DISTRIBUTOR } from '../../../server/statements/upload';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { multipart, uploadStatement } from '../multipart';
import { openSecondLabel, SECOND_PASSWORD, type AccountFixture } from '../tenancy';

interface CreatedKey {
  key: { id: string; name: string; prefix: string; lastUsedAt: number | null };
  secret: string;
}

/** POST /api/intake/statements with `key` (as the header says), the body and files given. */
function sendStatement(
  portal: TestPortal,
  key: string | null,
  body: object | null,
  files: { filename: string; content: string }[],
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = multipart([
    ...(body ? [{ name: 'body', value: JSON.stringify(body) }] : []),
    ...files.map((file) => ({ name: 'file', ...file })),
  ]);
  return portal.app.inject({
    method: 'POST',
    url: '/api/intake/statements',
    headers: {
      ...headers,
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...extraHeaders,
    },
    payload,
  });
}

const statementFile = (earnings: string) => distroKidHeader('USD') + distroKidLine({ earnings });

async function distributorId(portal: TestPortal, who: LoggedIn, name: string): Promise<string> {
  const list = (await get(portal.app, who, '/api/distributors?limit=100')).json<{
    items: { id: string; name: string }[];
  }>();
  return list.items.find((distributor) => distributor.name === name)?.id ?? '';
}

describe('statements received from a partner distributor', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;
  let second: AccountFixture;
  const logLines: string[] = [];

  beforeAll(async () => {
    portal = await startPortal({
      logger: {
        ...loggerOptions('info'),
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      },
      intakeRateLimit: { max: 4, timeWindow: 60_000 },
    });
    second = await openSecondLabel(portal);
    lena = await login(portal.app, 'label@demo.label');
    distroKid = await distributorId(portal, lena, 'DistroKid');
  });
  afterAll(() => portal.close());

  const createKey = async (name: string, who = lena, distributor = distroKid) => {
    const created = await write(portal.app, who, 'POST', '/api/intake-keys', {
      distributorId: distributor,
      name,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<CreatedKey>();
  };

  it('files a statement sent with the key under the label and distributor, parsed like an upload, and says where it came from', async () => {
    const { secret } = await createKey('DistroKid delivery');
    const sent = await sendStatement(
      portal,
      secret,
      { report_month: '2026-09', expected: '4.25' },
      [{ filename: 'distrokid-september.tsv', content: statementFile('4.25') }],
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-08', expected: '4.5' },
      [{ filename: 'distrokid-august.tsv', content: statementFile('4.5') }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();

    const received = (await get(portal.app, lena, `/api/statements/${sent.json()[0].id}`)).json();
    const byHand = (await get(portal.app, lena, `/api/statements/${uploaded.json()[0].id}`)).json();
    expect(received.account.name).toBe('Demo Records');
    expect(received.distributor.name).toBe('DistroKid');
    expect(received.period).toBe('2026-09');
    expect(received.expected).toBe('4.25');
    expect(received.records).toBe(1);
    expect(received.revenue).toBe('4.25');
    expect(received.files.map((file: { status: string }) => file.status)).toEqual(['read']);
    // The same pipeline: the same state an upload of the same kind of file reaches.
    expect(received.state).toBe(byHand.state);
    expect(received.status).toBe(byHand.status);
    expect(received.origin).toEqual({ kind: 'intake', keyName: 'DistroKid delivery' });
    expect(byHand.origin).toEqual({
      kind: 'upload',
      uploadedBy: { id: expect.any(String), name: 'Lena Label' },
    });
    const list = (await get(portal.app, lena, '/api/statements')).json();
    const listed = list.items.find((item: { id: string }) => item.id === received.id);
    expect(listed.origin).toEqual({ kind: 'intake', keyName: 'DistroKid delivery' });
  });

  it('shows the key once: the list gives its name, first characters, creator and last use, and the log only its hash', async () => {
    const { key, secret } = await createKey('Shown once');
    expect(secret).toMatch(/^rpi_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix.length).toBeLessThan(16);
    expect(key.lastUsedAt).toBeNull();

    const stored = await portal.db.query<{ key_hash: string }>(
      'select key_hash from intake_keys where id = $1',
      [key.id],
    );
    expect(stored[0]?.key_hash).not.toBe(secret);
    expect(stored[0]?.key_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const anywhere = await portal.db.query<{ count: string }>(
      `select count(*)::text as count from events where data::text like '%' || $1 || '%'`,
      [secret.slice(4)],
    );
    expect(anywhere[0]?.count).toBe('0');

    portal.clock.advance(60_000);
    await sendStatement(portal, secret, { report_month: '2026-07', expected: null }, [
      { filename: 'shown-once.tsv', content: statementFile('1.5') },
    ]);
    const list = await get(portal.app, lena, `/api/intake-keys?distributorId=${distroKid}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(4));
    const listed = list
      .json<{ items: (CreatedKey['key'] & Record<string, unknown>)[] }>()
      .items.find((item) => item.id === key.id);
    expect(listed).toMatchObject({
      name: 'Shown once',
      prefix: key.prefix,
      createdBy: { name: 'Lena Label' },
      revokedAt: null,
      lastUsedAt: Math.floor(portal.clock.now().getTime() / 1000),
    });
    expect(Object.keys(listed ?? {})).not.toContain('secret');

    const ada = await login(portal.app, 'admin@demo.label');
    const audit = await get(portal.app, ada, '/api/events?type=IntakeKeyCreated&limit=100');
    expect(audit.body).not.toContain(secret.slice(4));
    const created = audit
      .json<{ items: { streamId: string; data: Record<string, unknown> }[] }>()
      .items.find((event) => event.streamId === `intakekey-${key.id}`);
    expect(created?.data.keyHash).toBe('[redacted]');
    expect(created?.data.name).toBe('Shown once');
  });

  it("refuses another account's key for this account, and a body naming another account or distributor", async () => {
    const owner = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    const foreign = await createKey('Zephyr delivery', owner);
    const before = await portal.db.query<{ count: string }>(
      'select count(*)::text as count from statements where account_id = $1',
      [second.accountId],
    );
    const demoAccount = (
      await portal.db.query<{ id: string }>("select id from accounts where name = 'Demo Records'")
    )[0]?.id;

    const intoDemo = await sendStatement(
      portal,
      foreign.secret,
      { report_month: '2026-09', expected: null, accountId: demoAccount },
      [{ filename: 'into-demo.tsv', content: statementFile('9.75') }],
    );
    expect(intoDemo.statusCode).toBe(403);
    expect(intoDemo.json().message).toBe(INTAKE_OTHER_ACCOUNT);

    const tunecore = await write(
      portal.app,
      await login(portal.app, 'overseer@demo.label'),
      'POST',
      '/api/distributors',
      { name: 'TuneCore Intake Test', uploadable: true },
    );
    const otherDistributor = await sendStatement(
      portal,
      foreign.secret,
      { distributor: tunecore.json().id, report_month: '2026-09', expected: null },
      [{ filename: 'other-distributor.tsv', content: statementFile('9.75') }],
    );
    expect(otherDistributor.statusCode).toBe(403);
    expect(otherDistributor.json().message).toBe(INTAKE_OTHER_DISTRIBUTOR);

    const demoStatements = await portal.db.query<{ title: string }>(
      "select s.title from statements s join statement_files f on f.statement_id = s.id where f.name in ('into-demo.tsv', 'other-distributor.tsv')",
    );
    expect(demoStatements).toEqual([]);

    // Left to itself the key files into its own account, whatever session cookie comes along.
    const own = await sendStatement(
      portal,
      foreign.secret,
      { distributor: distroKid, report_month: '2026-09', expected: null },
      [{ filename: 'zephyr-own.tsv', content: statementFile('2') }],
      { cookie: `portal_session=${lena.cookies.portal_session}` },
    );
    expect(own.statusCode, own.body).toBe(201);
    const filed = await portal.db.query<{ account_id: string; intake_key_name: string }>(
      'select account_id, intake_key_name from statements where id = $1',
      [own.json()[0].id],
    );
    expect(filed[0]).toEqual({ account_id: second.accountId, intake_key_name: 'Zephyr delivery' });
    const after = await portal.db.query<{ count: string }>(
      'select count(*)::text as count from statements where account_id = $1',
      [second.accountId],
    );
    expect(Number(after[0]?.count)).toBe(Number(before[0]?.count) + 1);
    // The label never sees the other account's keys, nor revokes them.
    const lenaKeys = (await get(portal.app, lena, '/api/intake-keys')).json();
    expect(lenaKeys.items.map((item: { name: string }) => item.name)).not.toContain(
      'Zephyr delivery',
    );
    const revoke = await write(
      portal.app,
      lena,
      'POST',
      `/api/intake-keys/${foreign.key.id}/revoke`,
    );
    expect(revoke.statusCode).toBe(404);
  });

  it('answers 401 with a clear message to a revoked key, an unknown key and a request without one', async () => {
    const { key, secret } = await createKey('Soon revoked');
    const revoked = await write(portal.app, lena, 'POST', `/api/intake-keys/${key.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ revokedBy: { name: 'Lena Label' } });
    expect(revoked.json().revokedAt).toEqual(expect.any(Number));
    const again = await write(portal.app, lena, 'POST', `/api/intake-keys/${key.id}/revoke`);
    expect(again.statusCode).toBe(409);

    const files = [{ filename: 'after-revoke.tsv', content: statementFile('3') }];
    const body = { report_month: '2026-06', expected: null };
    const withRevoked = await sendStatement(portal, secret, body, files);
    expect(withRevoked.statusCode).toBe(401);
    expect(withRevoked.json().message).toBe(INTAKE_KEY_REVOKED);
    const unknown = await sendStatement(portal, `${secret.slice(0, -2)}xx`, body, files);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(INTAKE_KEY_UNKNOWN);
    const none = await sendStatement(portal, null, body, files);
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(INTAKE_KEY_MISSING);
    // A signed-in label is not a key either.
    const session = await sendStatement(portal, null, body, files, {
      cookie: `portal_session=${lena.cookies.portal_session}`,
      'x-csrf-token': lena.csrf,
    });
    expect(session.statusCode).toBe(401);
    const filed = await portal.db.query(
      "select 1 from statement_files where name = 'after-revoke.tsv'",
    );
    expect(filed).toEqual([]);
    // The key works nowhere else either.
    const elsewhere = await portal.app.inject({
      method: 'GET',
      url: '/api/statements',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('lets only those who may upload statements create, list and revoke keys: a payee gets 403', async () => {
    const { key } = await createKey('Label only');
    for (const username of ['payee@demo.label', 'artist@demo.label', 'warranter@demo.label']) {
      const who = await login(portal.app, username);
      const create = await write(portal.app, who, 'POST', '/api/intake-keys', {
        distributorId: distroKid,
        name: 'Not mine to make',
      });
      expect(create.statusCode, username).toBe(403);
      expect((await get(portal.app, who, '/api/intake-keys')).statusCode, username).toBe(403);
      const revoke = await write(portal.app, who, 'POST', `/api/intake-keys/${key.id}/revoke`);
      expect(revoke.statusCode, username).toBe(403);
    }
    const made = await portal.db.query("select 1 from intake_keys where name = 'Not mine to make'");
    expect(made).toEqual([]);
  });

  it('refuses a key without a name, a name already in use, and a distributor that does not take uploads', async () => {
    await createKey('Twice');
    const twice = await write(portal.app, lena, 'POST', '/api/intake-keys', {
      distributorId: distroKid,
      name: ' twice ',
    });
    expect(twice.statusCode).toBe(409);
    const blank = await write(portal.app, lena, 'POST', '/api/intake-keys', {
      distributorId: distroKid,
      name: '   ',
    });
    expect(blank.statusCode).toBe(400);
    const otto = await login(portal.app, 'overseer@demo.label');
    const noUpload = await write(portal.app, otto, 'POST', '/api/distributors', {
      name: 'No Upload Distribution',
      uploadable: false,
    });
    const refused = await write(portal.app, lena, 'POST', '/api/intake-keys', {
      distributorId: noUpload.json().id,
      name: 'Cannot receive',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('limits how fast one key sends, and never writes a key into the log', async () => {
    const { secret } = await createKey('Fast sender');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const sent = await sendStatement(
        portal,
        secret,
        { report_month: '2026-05', expected: null },
        [{ filename: `fast-${attempt}.tsv`, content: statementFile(`5.${attempt + 1}`) }],
      );
      statuses.push(sent.statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const log = logLines.join('');
    expect(log).toContain('/api/intake/statements');
    expect(log).not.toContain(secret.slice(4));
    expect(log).not.toMatch(/rpi_[A-Za-z0-9_-]{20,}/);
  });
});
