import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

describe('what an upload request may carry', () => {
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
});
