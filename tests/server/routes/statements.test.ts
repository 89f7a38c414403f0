import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateReference } from '../../../engine/reference';
import { readRecordTable, recordsOfTable } from '../../../engine/recordTable';
import { validateInput } from '../../../engine/validate';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { SHIPPED_TEMPLATES } from '../../../server/import/templates';
import {
  get,
  login,
  startPortal,
  type LoggedIn,
  type TestPortal,
  createDemoProduct,
  write,
} from '../harness';
import { uploadStatement } from '../multipart';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'import', 'fixtures', name));

describe('statement upload and import', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distributors: Record<string, string>;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const list = (await get(portal.app, lena, '/api/distributors?limit=100')).json();
    distributors = Object.fromEntries(
      list.items.map((d: { name: string; id: string }) => [d.name, d.id]),
    );
  });
  afterAll(() => portal.close());

  const upload = (body: object | null, files: { filename: string; content: Buffer | string }[]) =>
    uploadStatement(portal.app, lena, body, files);

  it('ships every distributor layout under the distributor’s own name, ready for upload', () => {
    for (const { name } of SHIPPED_TEMPLATES) {
      expect(distributors[name], name).toEqual(expect.any(String));
    }
  });

  it('takes two files of one month in one request, reads them exactly, and lists the unknown codes', async () => {
    const tsv = fixture('distrokid.tsv');
    const answer = await upload(
      { distributor: distributors.DistroKid, report_month: '2023-06', expected: '22.10' },
      [
        { filename: 'june-a.tsv', content: tsv },
        { filename: 'june-b.tsv.bz2', content: fixture('distrokid.tsv.bz2') },
      ],
    );
    expect(answer.statusCode).toBe(201);
    const [first] = answer.json();
    expect(first.id).toEqual(expect.any(String));
    expect(first.files.map((file: { name: string }) => file.name)).toEqual([
      'june-a.tsv',
      'june-b.tsv.bz2',
    ]);

    const syncing = (await get(portal.app, lena, `/api/statements/${first.id}`)).json();
    expect(syncing.status).toBe('syncing');
    await portal.app.jobs.drain();

    const statement = (await get(portal.app, lena, `/api/statements/${first.id}`)).json();
    expect(statement).toMatchObject({
      title: 'DistroKid 2023-06',
      period: '2023-06',
      expected: '22.1',
      status: 'needs-attention',
      currency: 'USD',
    });
    expect(statement.files.every((file: { status: string }) => file.status === 'read')).toBe(true);
    const records = (
      await get(portal.app, lena, `/api/statements/${first.id}/records?limit=1000`)
    ).json();
    expect(records.total).toBe(statement.records);
    // The same rows twice, so every amount appears twice and the total is exact to 12 places.
    const amounts = records.items.map((record: { revenue: string }) => record.revenue);
    expect(amounts).toContain('4.123456789012');
    expect(amounts).toContain('0.000123456789');
    expect(amounts).toContain('-0.0021');
    const missing = (
      await get(portal.app, lena, `/api/statements/${first.id}/missing-codes`)
    ).json();
    expect(missing.total).toBe(statement.missingCodes);
    expect(missing.items.map((code: { code: string }) => code.code)).toContain('USDK12300001');

    // Adding the unknown codes to the catalog clears the statement for processing.
    const created = await createDemoProduct(portal, {
      title: 'Night Drive',
      type: 'single',
      codes: missing.items.map((code: { code: string; kind: string }) => ({
        code: code.code,
        kind: code.kind,
      })),
    });
    expect(created.statusCode).toBe(201);
    const cleared = (await get(portal.app, lena, `/api/statements/${first.id}`)).json();
    expect(cleared.missingCodes).toBe(0);
    // Every code known, and the total read (22.102960491602) within two cents of the expected
    // one: on to the funds check, where it waits for the expected 22.10.
    expect(cleared).toMatchObject({ status: 'waiting-for-funds', step: 'Unfunded' });
  });

  it('recognises a file uploaded before and says when it came', async () => {
    const again = await upload(
      { distributor: distributors.DistroKid, report_month: '2023-06', expected: null },
      [{ filename: 'copy.tsv', content: fixture('distrokid.tsv') }],
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "'copy.tsv' is already in the statement 'DistroKid 2023-06' (received 11-01-2026). To read it again, replace the file on that statement or cancel that statement first.",
    );
  });

  it('releases a waiting statement when its last unknown code is added to an existing product, and not before', async () => {
    const header = fixture('distrokid.tsv').toString('utf8').split('\n')[0];
    const row = (isrc: string, earnings: string) =>
      ['2023-09-05', '2023-05', 'Spotify', 'The Lumens', 'Harbour', isrc, '', '10', '100']
        .concat(['Song', 'US', '0', earnings])
        .join('\t');
    const answer = await upload(
      { distributor: distributors.DistroKid, report_month: '2023-05', expected: null },
      [
        {
          filename: 'may.tsv',
          content: `${header}\n${row('QZRS10000001', '3')}\n${row('QZRS10000002', '4')}\n`,
        },
      ],
    );
    const id = answer.json()[0].id;
    await portal.app.jobs.drain();
    const status = async () => (await get(portal.app, lena, `/api/statements/${id}`)).json();
    expect(await status()).toMatchObject({ status: 'needs-attention', missingCodes: 2 });

    const first = await createDemoProduct(portal, {
      title: 'Harbour',
      type: 'single',
      codes: [{ code: 'QZRS10000001', kind: 'isrc' }],
    });
    expect(first.statusCode).toBe(201);
    // One code of two known: the statement still waits.
    expect(await status()).toMatchObject({ status: 'needs-attention', missingCodes: 1 });

    const second = await createDemoProduct(portal, {
      title: 'Harbour Lights',
      type: 'single',
      codes: [{ code: 'QZRS19999999', kind: 'isrc' }],
    });
    const product = second.json();
    const otto = await login(portal.app, 'overseer@demo.label');
    const changed = await write(portal.app, otto, 'PATCH', `/api/products/${product.id}`, {
      version: product.version,
      codes: [...product.codes, { code: 'QZRS10000002', kind: 'isrc' }],
    });
    expect(changed.statusCode).toBe(200);
    expect(await status()).toMatchObject({ status: 'waiting-for-funds', missingCodes: 0 });
  });

  it('marks a file in the wrong layout with the File Format Error and keeps none of its rows', async () => {
    const answer = await upload(
      { distributor: distributors.DistroKid, report_month: '2023-10', expected: null },
      [{ filename: 'tunecore.csv', content: fixture('tunecore.csv') }],
    );
    const id = answer.json()[0].id;
    await portal.app.jobs.drain();
    const statement = (await get(portal.app, lena, `/api/statements/${id}`)).json();
    expect(statement.status).toBe('failed');
    expect(statement.records).toBe(0);
    expect(statement.files[0].error).toMatch(/^File Format Error: expected .*DistroKid/);
    const records = await portal.db.query(
      'select 1 from statement_records where statement_id = $1',
      [id],
    );
    expect(records).toEqual([]);
  });

  it('lists row errors with their row and field', async () => {
    const broken = fixture('distrokid.tsv')
      .toString('utf8')
      .replace('\t4.123456789012', '\tfour dollars')
      .replace('\t1523\t', '\t12x\t');
    const answer = await upload(
      { distributor: distributors.DistroKid, report_month: '2023-07', expected: null },
      [{ filename: 'broken.tsv', content: broken }],
    );
    const id = answer.json()[0].id;
    await portal.app.jobs.drain();
    const statement = (await get(portal.app, lena, `/api/statements/${id}`)).json();
    expect(statement.status).toBe('needs-attention');
    expect(statement.errors).toBe(2);
    const errors = (await get(portal.app, lena, `/api/statements/${id}/errors`)).json();
    expect(
      errors.items.map((error: { row: number; field: string }) => [error.row, error.field]),
    ).toEqual([
      [2, 'revenue'],
      [2, 'units'],
    ]);
  });

  it.each([
    [
      'no details',
      null,
      [{ filename: 'a.tsv', content: 'x' }],
      'The upload details (body) are missing.',
    ],
    [
      'no file',
      { distributor: 'x', report_month: '2023-01', expected: null },
      [],
      'Choose at least one file to upload.',
    ],
    [
      'a bad month',
      { distributor: 'x', report_month: '2023-13', expected: null },
      [{ filename: 'a.tsv', content: 'x' }],
      'The report month must be a month (YYYY-MM).',
    ],
    [
      'a negative expected amount',
      { distributor: 'x', report_month: '2023-01', expected: '-5' },
      [{ filename: 'a.tsv', content: 'x' }],
      'An amount must be positive.',
    ],
    [
      'an unsupported file type',
      { distributor: 'x', report_month: '2023-01', expected: null },
      [{ filename: 'statement.pdf', content: '%PDF' }],
      "The file 'statement.pdf' is not a supported type: upload xls, xlsx, ods, csv, csv.zip, csv.gz, csv.bz2 or csv.xz.",
    ],
    [
      'an unknown distributor',
      { distributor: 'x', report_month: '2023-01', expected: null },
      [{ filename: 'a.tsv', content: 'x' }],
      'This distributor does not support upload.',
    ],
  ])('refuses %s with a clear message', async (_label, body, files, message) => {
    const before = await portal.db.query('select count(*)::text as n from statements');
    const answer = await upload(body, files);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(await portal.db.query('select count(*)::text as n from statements')).toEqual(before);
  });

  it('keeps statements of other labels out of reach, and lets payees upload nothing', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await get(portal.app, paco, '/api/statements')).statusCode).toBe(403);
    const refused = await uploadStatement(portal.app, paco, {}, []);
    expect(refused.statusCode).toBe(403);
  });

  it('rebuilds statements and files from the log equal to the live tables', async () => {
    const live = await dumpReadModels(portal.db);
    expect(live.statements?.length).toBeGreaterThan(2);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});

describe('the split preview input', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

  it('gives the engine input of a product’s records from its latest statement, exact, and none before any', async () => {
    const products = (await get(portal.app, lena, '/api/products?q=Midnight')).json();
    const id = products.items[0].id;
    const empty = (await get(portal.app, lena, `/api/products/${id}/preview-input`)).json();
    // Nothing to calculate yet: no input, and the preview says there is no statement.
    expect(empty).toEqual({ statement: null, input: null, records: null });
    const emptyTable = await get(
      portal.app,
      lena,
      `/api/products/${id}/preview-input?format=table`,
    );
    expect(emptyTable.body).toBe('{"statement":null,"input":null}\n');
    const unknown = await get(portal.app, lena, `/api/products/${id}/preview-input?format=csv`);
    expect(unknown.statusCode).toBe(400);

    const distributors = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json();
    const header =
      'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)\n';
    const rows = [
      '2026-10-05\t2026-09\tSpotify\tAria Vale\tMidnight Signals\tQZDM12600001\t\t1200\t100\tSong\tUS\t0\t3.456789012345\n',
      '2026-10-05\t2026-09\tSpotify\tAria Vale\tGlass Harbor\tQZDM12600002\t\t10\t100\tSong\tFR\t0\t0.5\n',
    ];
    await uploadStatement(
      portal.app,
      lena,
      { distributor: distributors.items[0].id, report_month: '2026-09', expected: null },
      [{ filename: 'september.tsv', content: header + rows.join('') }],
    );
    await portal.app.jobs.drain();

    const preview = (await get(portal.app, lena, `/api/products/${id}/preview-input`)).json();
    expect(preview.statement).toMatchObject({
      title: 'DistroKid 2026-09',
      records: 1,
      truncated: false,
    });
    // One record, read from the file's stored record table: file (its number, four digits, as the
    // stored table holds it), row, code, kind, date, units, revenue, format.
    expect(preview.records).toBe(
      '0001\t2\tQZDM12600001\tsale\t2026-09-01\t1200\t3.456789012345\tstream\n',
    );
    expect(Object.keys(preview.input.catalog).sort()).toEqual(['859700000016', 'QZDM12600001']);
    // In two parts, the same answer: its statement and input as JSON on the first line, then the
    // records as the database wrote them.
    const table = await get(portal.app, lena, `/api/products/${id}/preview-input?format=table`);
    expect(table.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lineEnd = table.rawPayload.indexOf(10);
    expect(JSON.parse(table.rawPayload.subarray(0, lineEnd).toString())).toEqual({
      statement: preview.statement,
      input: preview.input,
    });
    expect(table.rawPayload.subarray(lineEnd + 1).toString()).toBe(preview.records);
    // The engine takes it as it is: the label's half, and the band's half split 60/40.
    const records = recordsOfTable(readRecordTable(preview.records)!);
    const output = calculateReference(validateInput({ ...preview.input, records }));
    const payouts = Object.fromEntries(output.payees.map((payee) => [payee.payeeId, payee.payout]));
    const ids = await portal.db.query<{ username: string; id: string }>(
      'select username, id from users',
    );
    const idOf = (username: string) => ids.find((row) => row.username === username)?.id ?? '';
    expect(payouts[idOf('label@demo.label')]).toBe('1.728394506173');
    expect(payouts[idOf('artist@demo.label')]).toBe('1.037036703703');
    expect(payouts[idOf('payee@demo.label')]).toBe('0.691357802469');

    const paco = await login(portal.app, 'payee@demo.label');
    expect((await get(portal.app, paco, `/api/products/${id}/preview-input`)).statusCode).toBe(403);
  });
});
