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
import { DISTROKID_HEADER } from '../import/helpers';
import { distroKidId } from '../ownLabel';

/**
 * One spelling per barcode across the catalog, statements and search: the demo album's barcode
 * is stored by the seed as typed, `0859700000023`, and a statement names it either way.
 */
describe('a barcode written with or without its padding zero is one code', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = await distroKidId(portal, lena);
  });
  afterAll(() => portal.close());

  const search = async (q: string) =>
    (
      (await get(portal.app, lena, `/api/products?q=${encodeURIComponent(q)}`)).json().items as {
        title: string;
      }[]
    ).map((product) => product.title);

  const album = async () => {
    const items = (await get(portal.app, lena, '/api/products?q=Glass%20Harbor')).json().items;
    return (await get(portal.app, lena, `/api/products/${items[0].id}`)).json<{
      id: string;
      version: number;
      codes: { code: string; kind: string }[];
    }>();
  };

  it("matches the demo album's row sent exactly as the catalog holds the barcode", async () => {
    const row = (upc: string, month: string) =>
      `2026-10-05\t${month}\tiTunes\tAria Vale\tGlass Harbor\t\t${upc}\t1\t100\tAlbum\tUS\t0\t9.99\n`;
    for (const [upc, month] of [
      ['0859700000023', '2026-07'],
      ['859700000023', '2026-08'],
      ['00859700000023', '2026-09'],
    ] as const) {
      const answer = await uploadStatement(
        portal.app,
        lena,
        { distributor: distroKid, report_month: month, expected: null },
        [{ filename: `album-${month}.tsv`, content: DISTROKID_HEADER + row(upc, month) }],
      );
      expect(answer.statusCode, answer.body).toBe(201);
      await portal.app.jobs.drain();
      const id = answer.json()[0].id;
      const statement = (await get(portal.app, lena, `/api/statements/${id}`)).json();
      expect(statement.records, upc).toBe(1);
      expect(statement.missingCodes, upc).toBe(0);
      const missing = (await get(portal.app, lena, `/api/statements/${id}/missing-codes`)).json();
      expect(missing.items, upc).toEqual([]);
    }
  });

  it('finds the album by its barcode written either way', async () => {
    for (const q of ['0859700000023', '859700000023', '00859700000023', '0-859700-00002-3']) {
      expect(await search(q), q).toEqual(['Glass Harbor']);
    }
    expect(await search('QZDM-126-00002')).toEqual(['Glass Harbor']);
  });

  it('does not add a second spelling of a barcode to the product that holds it', async () => {
    const product = await album();
    const others = product.codes.filter((code) => code.kind !== 'upc');
    // What "Add to a product" sent: the product's codes and the statement's spelling.
    const answer = await write(portal.app, lena, 'PATCH', `/api/products/${product.id}`, {
      version: product.version,
      codes: [
        ...others,
        { code: '0859700000023', kind: 'upc' },
        { code: '859700000023', kind: 'upc' },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Code 859700000023 is listed twice.');
    expect((await album()).codes.filter((code) => code.kind === 'upc')).toEqual([
      { code: '859700000023', kind: 'upc' },
    ]);
  });

  it('refuses another product a barcode the album holds, in another spelling', async () => {
    const answer = await createDemoProduct(portal, {
      title: 'Glass Harbor (Deluxe)',
      type: 'album',
      codes: [{ code: '00859700000023', kind: 'upc' }],
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Code 859700000023 already belongs to another product.');
    expect(await search('Glass Harbor')).toEqual(['Glass Harbor']);
  });
});
