import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

describe('what an upload request may carry, and files with nothing to import', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const list = (await get(portal.app, lena, '/api/distributors?limit=100')).json().items as {
      id: string;
      name: string;
    }[];
    distroKid = list.find((distributor) => distributor.name === 'DistroKid')?.id ?? '';
  });
  afterAll(() => portal.close());

  const statementFile = (earnings: string) => distroKidHeader('USD') + distroKidLine({ earnings });

  it('takes the upload details typed application/json, as curl and most clients send them', async () => {
    const { payload, headers } = multipart([
      {
        name: 'body',
        type: 'application/json',
        value: JSON.stringify({ distributor: distroKid, report_month: '2026-01', expected: null }),
      },
      { name: 'file', filename: 'january.tsv', content: statementFile('3.5') },
    ]);
    const answer = await portal.app.inject({
      method: 'POST',
      url: '/api/statement/upload',
      cookies: lena.cookies,
      headers: { ...headers, 'x-csrf-token': lena.csrf },
      payload,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const statement = (
      await get(portal.app, lena, `/api/statements/${answer.json()[0].id}`)
    ).json();
    expect(statement.revenue).toBe('3.5');
  });

  it('stores a file name without a NUL or the marks that reverse text, instead of failing', async () => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-02', expected: null },
      [
        { filename: 'feb\u0000ruary.tsv', content: statementFile('1') },
        { filename: 'invoice\u202Efdp.tsv', content: statementFile('2') },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const statement = (
      await get(portal.app, lena, `/api/statements/${answer.json()[0].id}`)
    ).json();
    expect(statement.files.map((file: { name: string }) => file.name).sort()).toEqual([
      'february.tsv',
      'invoicefdp.tsv',
    ]);
  });

  it('names the limit when a request carries more files than it may', async () => {
    const files = Array.from({ length: 21 }, (_, index) => ({
      filename: `part-${index}.tsv`,
      content: statementFile(String(index + 1)),
    }));
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-04', expected: null },
      files,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      'At most 20 files can be uploaded in one request: upload the others in another.',
    );
  });

  it('refuses a file whose name is nothing but such characters, saying why', async () => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-03', expected: null },
      [{ filename: '\u202E\u0001', content: statementFile('1') }],
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      'A file has no name: give it a name that ends with its type.',
    );
  });

  const uploadOne = async (month: string, content: string) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: '10' },
      [{ filename: `${month}.tsv`, content }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return (await get(portal.app, lena, `/api/statements/${answer.json()[0].id}`)).json();
  };

  it('says an empty file is empty, not that it has no header row', async () => {
    for (const [month, content] of [
      ['2025-01', ''],
      ['2025-02', '\uFEFF\n\n  \n'],
    ] as const) {
      const statement = await uploadOne(month, content);
      expect(statement.status).toBe('failed');
      expect(statement.files[0].error).toBe('The file is empty: it holds no header and no rows.');
    }
  });

  it('puts a statement whose file has a header and no sales rows in Needs Attention, not on to funds', async () => {
    const statement = await uploadOne('2025-03', distroKidHeader('USD'));
    expect(statement.status).toBe('needs-attention');
    expect(statement.records).toBe(0);
    expect(statement.files[0]).toMatchObject({ status: 'read', records: 0, errors: 0 });
  });
});
