// A double click: the same replacement sent twice at once, on the database's own
// locks (on PostgreSQL the two requests' transactions overlap; PGlite runs them one after the
// other, where the second must still find the first's work).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLACED_ALREADY } from '../../../server/statements/replaceFile';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { distroKidLine, DISTROKID_HEADER } from '../import/helpers';

const monthFile = (month: string, earnings: string) =>
  DISTROKID_HEADER +
  distroKidLine({ earnings, isrc: 'QZDM12600001' }).replace(
    '2026-10-05\t2026-09',
    `${month}-05\t${month}`,
  );

describe('two replacements of one file at once', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  const upload = (month: string, filename: string, content: string) =>
    uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless: true },
      [{ filename, content }],
    );

  const replace = (id: string, fileId: string, filename: string, content: string) => {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    return portal.app.inject({
      method: 'POST',
      url: `/api/statements/${id}/files/${fileId}/replace`,
      cookies: lena.cookies,
      headers: { ...headers, 'x-csrf-token': lena.csrf },
      payload,
    });
  };

  it('leaves one file and one reading when a file is replaced twice at once', async () => {
    const first = await upload('2024-08', 'august.tsv', monthFile('2024-08', '5'));
    expect(first.statusCode, first.body).toBe(201);
    await portal.app.jobs.drain();
    const { id, files } = first.json()[0] as { id: string; files: { id: string }[] };
    const fileId = files[0]?.id ?? '';

    const answers = await Promise.all([
      replace(id, fileId, 'august-a.tsv', monthFile('2024-08', '6')),
      replace(id, fileId, 'august-b.tsv', monthFile('2024-08', '7')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe(REPLACED_ALREADY);
    await portal.app.jobs.drain();

    const winner = answers[0]?.statusCode === 200 ? 'august-a.tsv' : 'august-b.tsv';
    const statement = (await get(portal.app, lena, `/api/statements/${id}`)).json();
    expect(statement.files.map((file: { name: string }) => file.name)).toEqual([winner]);
    expect(statement).toMatchObject({
      status: 'funded',
      records: 1,
      revenue: winner === 'august-a.tsv' ? '6' : '7',
    });
    const stored = await portal.db.query(
      'select 1 from statement_records where statement_id = $1',
      [id],
    );
    expect(stored).toHaveLength(1);
  });
});
