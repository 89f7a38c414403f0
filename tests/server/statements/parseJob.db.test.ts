import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordPartition } from '../../../server/db/recordPartitions';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

const BELIEVE_HEADER =
  'Reporting month;Sales Month;Platform;Artist Name;Track title;UPC;ISRC;Quantity;Net Revenue;Client Payment Currency\n';
const believeLine = (revenue: string, currency: string) =>
  `2026-09;2026-09;Spotify;Aria Vale;Song;;QZDM12600001;1;${revenue};${currency}\n`;

describe('one currency per statement', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distributors: Record<string, string>;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const list = (await get(portal.app, lena, '/api/distributors?limit=100')).json().items as {
      id: string;
      name: string;
    }[];
    distributors = Object.fromEntries(
      list.map((distributor) => [distributor.name, distributor.id]),
    );
  });
  afterAll(() => portal.close());

  const upload = async (
    distributor: string,
    month: string,
    files: { filename: string; content: string }[],
  ) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distributors[distributor], report_month: month, expected: null },
      files,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return (await get(portal.app, lena, `/api/statements/${answer.json()[0].id}`)).json();
  };
  const storedCurrencies = async (statementId: string) =>
    (
      await portal.db.query<{ currency: string }>(
        'select distinct currency from statement_records where statement_id = $1 order by currency',
        [statementId],
      )
    ).map((row) => row.currency);

  it('refuses a file in another currency than the statement’s other files, naming both', async () => {
    const statement = await upload('DistroKid', '2026-09', [
      {
        filename: 'a-dollars.tsv',
        content: distroKidHeader('USD') + distroKidLine({ earnings: '10' }),
      },
      {
        filename: 'b-yen.tsv',
        content: distroKidHeader('JPY') + distroKidLine({ earnings: '5000' }),
      },
    ]);
    expect(statement.status).toBe('failed');
    const yen = statement.files.find((file: { name: string }) => file.name === 'b-yen.tsv');
    expect(yen).toMatchObject({ status: 'rejected' });
    expect(yen.error).toBe(
      "This file's amounts are in JPY, the statement's other files in USD. A statement has one currency: upload the JPY amounts as a statement of their own, or give their exchange rate when uploading.",
    );
    // 10 dollars, never 5,010 of anything.
    expect(await storedCurrencies(statement.id)).toEqual(['USD']);
    expect(statement.revenue).toBe('10');
  });

  it('refuses a file whose rows are in two currencies and keeps none of its rows', async () => {
    const statement = await upload('Believe', '2026-08', [
      {
        filename: 'believe.csv',
        content: BELIEVE_HEADER + believeLine('10', 'USD') + believeLine('5000', 'JPY'),
      },
    ]);
    expect(statement.status).toBe('failed');
    expect(statement.files[0].error).toBe(
      "This file's amounts are in JPY and USD. A statement has one currency: upload the amounts of each currency as a statement of their own, or give their exchange rate when uploading.",
    );
    expect(await storedCurrencies(statement.id)).toEqual([]);
  });

  it('keeps none of a refused file’s rows when they were copied in more than one step', async () => {
    // 25,000 yen rows are copied in three steps before the currencies are compared.
    const yen = distroKidHeader('JPY') + distroKidLine({ earnings: '7' }).repeat(25_000);
    const statement = await upload('DistroKid', '2026-06', [
      {
        filename: 'a-dollars.tsv',
        content: distroKidHeader('USD') + distroKidLine({ earnings: '3.25' }).repeat(3),
      },
      { filename: 'b-yen.tsv', content: yen },
    ]);
    expect(statement.status).toBe('failed');
    expect(await storedCurrencies(statement.id)).toEqual(['USD']);
    expect(statement.revenue).toBe('9.75');
    const [counted] = await portal.db.query<{ records: string; staged: string }>(
      `select (select count(*) from statement_records where statement_id = $1)::text as records,
              (select count(*) from statement_records_staging where statement_id = $1)::text as staged`,
      [statement.id],
    );
    expect(counted).toEqual({ records: '3', staged: '0' });
    const page = (
      await get(portal.app, lena, `/api/statements/${statement.id}/records?limit=100`)
    ).json();
    expect(page.items).toHaveLength(3);
  });

  it('shows no record of a file not read yet, and clears what a crash left of it when reading it', async () => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distributors.DistroKid, report_month: '2026-05', expected: null },
      [
        {
          filename: 'dollars.tsv',
          content: distroKidHeader('USD') + distroKidLine({ earnings: '4.5' }).repeat(2),
        },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const statementId: string = answer.json()[0].id;
    // What a run killed in the middle of moving the file's rows would have left.
    await makeRecordPartition(portal.db, statementId);
    await portal.db.query(
      `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                      service, format, format_raw, units, revenue, kind, currency)
       select $1, f.id, n, 'QZDM12600001', 'isrc', 'Song', 'Aria Vale', 'Spotify', 'stream', 'Stream', 1,
              1000, 'sale', 'JPY'
         from statement_files f, generate_series(2, 6) n where f.statement_id = $1`,
      [statementId],
    );
    const syncing = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(syncing.currency ?? null).toBeNull();
    const before = (await get(portal.app, lena, `/api/statements/${statementId}/records`)).json();
    expect(before.items).toEqual([]);

    await portal.app.jobs.drain();
    const read = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(read).toMatchObject({ currency: 'USD', revenue: '9' });
    expect(await storedCurrencies(statementId)).toEqual(['USD']);
    const after = (await get(portal.app, lena, `/api/statements/${statementId}/records`)).json();
    expect(after.items.map((item: { revenue: string }) => item.revenue)).toEqual(['4.5', '4.5']);
  });

  it('reads files of one currency as before', async () => {
    const statement = await upload('DistroKid', '2026-07', [
      { filename: 'a.tsv', content: distroKidHeader('USD') + distroKidLine({ earnings: '11' }) },
      { filename: 'b.tsv', content: distroKidHeader('USD') + distroKidLine({ earnings: '2.5' }) },
    ]);
    expect(statement.status).not.toBe('failed');
    expect(statement.revenue).toBe('13.5');
    expect(statement.currency).toBe('USD');
  });
});
