import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { NOT_READABLE, UNSTORABLE_TEXT } from '../../../server/validationTexts';
import { CHOOSE_LABEL_ACCOUNT, UNKNOWN_ENCODING } from '../../../server/statements/uploadRequest';
import { distroKidId } from '../ownLabel';

describe('what an upload request may carry, and files with nothing to import', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = await distroKidId(portal, lena);
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

  it.each([
    [
      'a month that is a number',
      { report_month: 202601 },
      'The report month must be a month (YYYY-MM).',
    ],
    ['an expected amount sent as a number', { expected: 10 }, 'An amount must be positive.'],
    [
      'an expected amount with 13 decimals',
      { expected: '1.0000000000001' },
      'An amount must be positive.',
    ],
    ['cashless as text', { cashless: 'yes' }, NOT_READABLE],
    ['an account id that is a number', { accountId: 7 }, CHOOSE_LABEL_ACCOUNT],
    ['an unknown encoding', { encodings: { 'a.tsv': 'klingon' } }, UNKNOWN_ENCODING],
    [
      'an exchange between one currency',
      { exchange: { from: 'USD', to: 'USD', rate: '1' } },
      'An exchange rate converts one currency into another: name two different currencies.',
    ],
    [
      'an exchange rate of zero',
      { exchange: { from: 'EUR', to: 'USD', rate: '0.00' } },
      'An exchange rate must be a number above zero, with at most 12 decimals (e.g. 1.0832).',
    ],
    ['an account id PostgreSQL cannot store', { accountId: 'demo\u0000' }, UNSTORABLE_TEXT],
    ['a field the upload does not take', { note: 'hi' }, NOT_READABLE],
  ])(
    'refuses %s with 400 in the upload form’s words, filing nothing',
    async (_label, change, message) => {
      const answer = await uploadStatement(
        portal.app,
        lena,
        { distributor: distroKid, report_month: '2026-02', expected: null, ...change },
        [{ filename: 'february.tsv', content: statementFile('1') }],
      );
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(message);
    },
  );

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

describe('the label account an upload is filed under', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let ada: LoggedIn;
  let distroKid: string;
  let accounts: Record<string, string>;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    ada = await login(portal.app, 'admin@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
    accounts = Object.fromEntries(
      (await portal.db.query<{ id: string; name: string }>('select id, name from accounts')).map(
        (row) => [row.name, row.id],
      ),
    );
  });
  afterAll(() => portal.close());

  // The demo catalog holds this song: filed under Demo Records, no code is missing.
  const file = (name: string) => ({
    filename: name,
    content: distroKidHeader('USD') + distroKidLine({ earnings: '4' }),
  });
  const statementCount = async () =>
    (await portal.db.query<{ n: string }>('select count(*)::text as n from statements'))[0]?.n;

  it('asks an admin which label account the statement belongs to, and files nothing without one', async () => {
    const before = await statementCount();
    const refused = await uploadStatement(
      portal.app,
      ada,
      { distributor: distroKid, report_month: '2026-04', expected: null },
      [file('april.tsv')],
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CHOOSE_LABEL_ACCOUNT);
    expect(await statementCount()).toBe(before);
  });

  it('files an admin upload under the label account chosen, where its codes are known', async () => {
    const answer = await uploadStatement(
      portal.app,
      ada,
      {
        distributor: distroKid,
        report_month: '2026-04',
        expected: null,
        accountId: accounts['Demo Records'],
      },
      [file('april.tsv')],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const id = answer.json()[0].id;
    const statement = (await get(portal.app, ada, `/api/statements/${id}`)).json();
    expect(statement).toMatchObject({
      account: { id: accounts['Demo Records'], name: 'Demo Records' },
      missingCodes: 0,
      status: 'waiting-for-funds',
    });
    // The label sees it among its own statements, with its account named.
    const listed = (await get(portal.app, lena, '/api/statements')).json().items;
    expect(listed.find((item: { id: string }) => item.id === id)?.account.name).toBe(
      'Demo Records',
    );
  });

  it('lets no label file a statement under another account', async () => {
    const portalAccount = Object.entries(accounts).find(([name]) => name !== 'Demo Records');
    const refused = await uploadStatement(
      portal.app,
      lena,
      {
        distributor: distroKid,
        report_month: '2026-05',
        expected: null,
        accountId: portalAccount?.[1],
      },
      [file('may.tsv')],
    );
    expect(refused.statusCode).toBe(403);
  });
});
