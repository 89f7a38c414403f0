import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
