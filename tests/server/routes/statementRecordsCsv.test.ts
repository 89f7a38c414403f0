// SPEC section 7's CSV download helper: the records of a label's approved statements of one
// distributor from a month on, neutralised as every export, and never another label's.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_CSV_HEADER } from '../../../api/recordsCsv';
import { get, login, write, type LoggedIn, type TestPortal } from '../harness';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { uploadStatement } from '../multipart';
import { labelStatements } from '../statements/labelStatements';
import { openSecondLabel, SECOND_PASSWORD, type AccountFixture } from '../tenancy';

let portal: TestPortal;
let lena: LoggedIn;
let zora: LoggedIn;
let second: AccountFixture;
let distroKid: string;
/** The approved statements of each label: month and the records as the statement page lists them. */
const approved: Record<'demo' | 'second', { month: string; codes: string[]; revenue: string[] }[]> =
  { demo: [], second: [] };

/** A statement of `who`'s label from DistroKid, uploaded and read; approved when told. */
async function statementOf(
  who: LoggedIn,
  month: string,
  lines: string[],
  approve: boolean,
): Promise<string> {
  const content =
    distroKidHeader() +
    lines.map((line) => line.replace('2026-10-05\t2026-09', `${month}-05\t${month}`)).join('');
  const answer = await uploadStatement(
    portal.app,
    who,
    { distributor: distroKid, report_month: month, expected: null, cashless: true },
    [{ filename: `${month}.tsv`, content }],
  );
  expect(answer.statusCode, answer.body).toBe(201);
  await portal.app.jobs.drain();
  const id = answer.json<{ id: string }[]>()[0]?.id ?? '';
  if (!approve) return id;
  for (const step of ['expedite', 'calculate']) {
    await write(portal.app, who, 'POST', `/api/statements/${id}/${step}`, {});
    await portal.app.jobs.drain();
  }
  const approval = await write(portal.app, who, 'POST', `/api/statements/${id}/approve`, {});
  expect(approval.statusCode, approval.body).toBe(200);
  return id;
}

async function recordsOf(who: LoggedIn, id: string) {
  const records = (await get(portal.app, who, `/api/statements/${id}/records?limit=1000`)).json<{
    items: { code: string; revenue: string }[];
  }>().items;
  return { codes: records.map((r) => r.code), revenue: records.map((r) => r.revenue) };
}

/** The CSV's lines after the header, split on the CRLF every line ends with. */
const csvRows = (body: string) => body.split('\r\n').slice(1, -1);

beforeAll(async () => {
  const label = await labelStatements('QZDM12600001', { cashless: true });
  portal = label.portal;
  lena = label.lena;
  distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json<{
    items: { id: string }[];
  }>().items[0]?.id as string;
  second = await openSecondLabel(portal);
  zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
  for (const [month, store] of [
    ['2026-04', 'Spotify'],
    ['2026-05', '=HYPERLINK("http://evil.example")'],
    ['2026-07', '@SUM(A1:A2)'],
  ] as const) {
    const id = await statementOf(
      lena,
      month,
      [
        distroKidLine({ earnings: '1.25', store }),
        distroKidLine({ earnings: '-0.5', isrc: 'QZDM12600002', store: 'Apple Music' }),
      ],
      true,
    );
    approved.demo.push({ month, ...(await recordsOf(lena, id)) });
  }
  // Read but not approved: its figures may still change, so the CSV leaves it out.
  await statementOf(lena, '2026-08', [distroKidLine({ earnings: '9.99' })], false);
  // The second label's own statement of June, approved.
  await portal.app.jobs.drain();
  for (const step of ['expedite', 'calculate']) {
    await write(portal.app, zora, 'POST', `/api/statements/${second.statementId}/${step}`, {});
    await portal.app.jobs.drain();
  }
  const approval = await write(
    portal.app,
    zora,
    'POST',
    `/api/statements/${second.statementId}/approve`,
    {},
  );
  expect(approval.statusCode, approval.body).toBe(200);
  approved.second.push({ month: '2026-06', ...(await recordsOf(zora, second.statementId)) });
}, 120_000);
afterAll(() => portal.close());

const download = (who: LoggedIn, start: string, extra = '') =>
  get(portal.app, who, `/api/statements/records?start=${start}&distributor=${distroKid}${extra}`);

describe('the CSV download helper', () => {
  it("holds exactly the records of the label's approved statements from the month on, formula cells neutralised", async () => {
    const answer = await download(lena, '2026-05');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toContain('records-distrokid-from-2026-05.csv');
    const [header] = answer.body.split('\r\n');
    expect(header).toBe(RECORDS_CSV_HEADER.join(','));
    const rows = csvRows(answer.body);
    const expected = approved.demo.filter(({ month }) => month >= '2026-05');
    expect(rows).toHaveLength(expected.reduce((sum, { codes }) => sum + codes.length, 0));
    // The months and amounts of May and July, not April's nor August's unapproved ones.
    expect(rows.map((row) => row.split(',')[1])).toEqual(
      expected.flatMap(({ month, codes }) => codes.map(() => month)),
    );
    expect(rows.map((row) => row.split(',').at(-2))).toEqual(
      expected.flatMap(({ revenue }) => revenue),
    );
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(answer.body).toContain("'@SUM(A1:A2)");
    expect(answer.body).not.toMatch(/(^|,)[=@+]/m);
    expect(answer.body).not.toContain('9.99');
  });

  it('is refused to a payee, and to a label naming another account', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await download(paco, '2026-01')).statusCode).toBe(403);
    expect((await download(lena, '2026-01', `&account=${second.accountId}`)).statusCode).toBe(403);
    const unknown = await get(
      portal.app,
      lena,
      '/api/statements/records?start=2026-01&distributor=no-such-distributor',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("answers each label its own records for any month, never another label's", async () => {
    const readers = { demo: lena, second: zora } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'demo' | 'second'>('demo', 'second'),
        fc.integer({ min: 1, max: 12 }),
        async (reader, month) => {
          const start = `2026-${String(month).padStart(2, '0')}`;
          const answer = await download(readers[reader], start);
          expect(answer.statusCode, answer.body).toBe(200);
          const expected = approved[reader].filter((statement) => statement.month >= start);
          expect(csvRows(answer.body).map((row) => row.split(',')[4])).toEqual(
            expected.flatMap(({ codes }) => codes),
          );
          const other = reader === 'demo' ? second.secrets : ['Demo Records'];
          for (const secret of other) expect(answer.body).not.toContain(secret);
        },
      ),
      { seed: 20261129, numRuns: 16 },
    );
  });
});
