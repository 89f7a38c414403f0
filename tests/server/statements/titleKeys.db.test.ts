import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDemoProduct,
  get,
  login,
  startPortal,
  write,
  type LoggedIn,
  type TestPortal,
} from '../harness';
import { uploadStatement } from '../multipart';
import { fixture } from '../import/helpers';

interface RecordItem {
  code: string;
  kind: string;
  title: string;
  revenue: string;
  territory: string | null;
}

/** Bandcamp's export without item details: rows name their item by title only. */
const bandcampFile = (rows: string[]) =>
  Buffer.from(
    `\ufeffdate,paid to,item type,item name,artist,currency,quantity,net amount,country code\r\n${rows.join('\r\n')}\r\n`,
    'utf16le',
  );

describe('a statement whose rows name their product by title (Bandcamp without item details)', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let bandcamp: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    bandcamp = (await get(portal.app, lena, '/api/distributors?q=Bandcamp')).json().items[0].id;
    for (const [title, codes] of [
      ['Quiet Harbour', [{ code: '5054197123456', kind: 'upc' }]],
      [
        'Lantern',
        [
          { code: 'LANTERN-01', kind: 'custom' },
          { code: 'GBKPL2300042', kind: 'isrc' },
        ],
      ],
      ['Quiet Harbour (LP)', [{ code: 'SG-01-LP', kind: 'custom' }]],
      ['Twin Lights', [{ code: 'TWIN-A', kind: 'custom' }]],
      ['twin  lights', [{ code: 'TWIN-B', kind: 'custom' }]],
    ] as const) {
      const created = await createDemoProduct(portal, { title, type: 'single', codes });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(() => portal.close());

  const upload = async (month: string, filename: string, content: Buffer) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: bandcamp, report_month: month, expected: null },
      [{ filename, content }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return answer.json()[0].id as string;
  };
  const statement = async (id: string) =>
    (await get(portal.app, lena, `/api/statements/${id}`)).json();
  /** The records as the API lists them, with the kind of code each was stored under. */
  const records = async (id: string): Promise<RecordItem[]> => {
    const listed: RecordItem[] = (
      await get(portal.app, lena, `/api/statements/${id}/records?limit=100`)
    ).json().items;
    const kinds = await portal.db.query<{ code_kind: string }>(
      'select code_kind from statement_records where statement_id = $1 order by row',
      [id],
    );
    return listed.map((record, at) => ({ ...record, kind: kinds[at]!.code_kind }));
  };
  const missing = async (id: string) =>
    (await get(portal.app, lena, `/api/statements/${id}/missing-codes`)).json().items;

  it('matches titles to the catalog, keeps payouts out of the revenue, and asks about the unknown title', async () => {
    const id = await upload('2025-01', 'bandcamp_sales.csv', fixture('bandcamp-no-details.csv'));
    const read = await statement(id);
    expect(read).toMatchObject({
      status: 'needs-attention',
      records: 4,
      errors: 0,
      missingCodes: 1,
      revenue: '42.0123',
      currency: 'GBP',
    });
    // The two payout rows: reported, neither records nor errors.
    expect(read.files).toEqual([
      expect.objectContaining({ records: 4, errors: 0, nonSalesRows: 2 }),
    ]);
    expect(
      (await records(id)).map((r) => [r.code, r.kind, r.title, r.revenue, r.territory]),
    ).toEqual([
      ['5054197123456', 'upc', 'Quiet Harbour', '7.0123', 'GB'],
      // The product's ISRC before its custom code.
      ['GBKPL2300042', 'isrc', 'Lantern', '0.4', 'IE'],
      ['SG-01-LP', 'custom', 'Quiet Harbour (LP)', '33.75', 'KR'],
      ['Unlisted Demo', 'title', 'Unlisted  Demo', '0.85', 'VN'],
    ]);
    expect(await missing(id)).toEqual([
      { code: 'Unlisted Demo', kind: 'title', rows: 1, revenue: '0.85' },
    ]);

    // As the statement's missing codes offer: the title added to a product as a custom code.
    const created = await createDemoProduct(portal, {
      title: 'Demo Tape',
      type: 'single',
      codes: [{ code: 'Unlisted Demo', kind: 'custom' }],
    });
    expect(created.json().codes).toEqual([{ code: 'UNLISTEDDEMO', kind: 'custom' }]);
    const resolved = await statement(id);
    expect(resolved.missingCodes).toBe(0);
    expect(resolved.status).not.toBe('needs-attention');
    expect(resolved.revenue).toBe('42.0123');
    expect((await records(id)).at(-1)).toMatchObject({ code: 'UNLISTEDDEMO', kind: 'custom' });
  });

  it('never guesses between two products of one title; renaming one decides', async () => {
    const id = await upload(
      '2025-02',
      'bandcamp_twin.csv',
      bandcampFile([
        '2/3/25 10:00am,label@example.com,track,Twin Lights,Sea Glass,GBP,1,0.75,GB',
        '2/4/25 10:00am,label@example.com,payout,,,GBP,,-0.75,',
      ]),
    );
    expect(await statement(id)).toMatchObject({
      status: 'needs-attention',
      records: 1,
      missingCodes: 1,
    });
    expect(await missing(id)).toEqual([
      { code: 'Twin Lights', kind: 'title', rows: 1, revenue: '0.75' },
    ]);

    const twins = await portal.db.query<{ id: string; version: number }>(
      `select p.id, p.version from products p join product_codes c on c.product_id = p.id
        where c.code = 'TWIN-B'`,
    );
    const otto = await login(portal.app, 'overseer@demo.label');
    const renamed = await write(portal.app, otto, 'PATCH', `/api/products/${twins[0]!.id}`, {
      version: Number(twins[0]!.version),
      title: 'Twin Lights (Live)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await statement(id)).toMatchObject({ missingCodes: 0, revenue: '0.75' });
    expect((await records(id)).map((r) => [r.code, r.kind])).toEqual([['TWIN-A', 'custom']]);
  });
});
