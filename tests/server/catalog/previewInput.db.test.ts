import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoProduct, get, login, startPortal, write, type TestPortal } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readRecordTable, recordsOfTable } from '../../../engine/recordTable';
import { addProduct, distroKidId, openLabel } from '../ownLabel';
import { openSecondLabel, type AccountFixture } from '../tenancy';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';
import { previewInput, PREVIEW_RECORD_LIMIT } from '../../../server/catalog/previewInput';
import { readEngineRecordTable } from '../../../server/statements/engineInput';
import type { Queryable } from '../../../server/db/database';

describe("the split editor's preview input", () => {
  let portal: TestPortal;
  let zephyr: AccountFixture;

  beforeAll(async () => {
    portal = await startPortal();
    zephyr = await openSecondLabel(portal);
    await portal.app.jobs.drain();
  });
  afterAll(() => portal.close());

  it("never reads another label's statement that holds the same code", async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const created = await createDemoProduct(portal, {
      title: 'Same Code, Other Label',
      type: 'single',
      codes: [{ code: zephyr.isrc, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const preview = (
      await get(portal.app, lena, `/api/products/${created.json().id}/preview-input`)
    ).json();
    expect(preview).toEqual({ statement: null, input: null, records: null });
    expect(JSON.stringify(preview)).not.toContain('Zephyr');
  });

  it("carries the account's default sets and the counters approved statements left", async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    // Midnight Signals escalates past 7,500 of income (the demo's conditional set).
    const upload = async (month: string, earnings: string) => {
      const answer = await uploadStatement(
        portal.app,
        lena,
        // The label says what it expects: one stream earning 7,000 is not held for a confirmation.
        { distributor: distroKid, report_month: month, expected: earnings, cashless: true },
        [{ filename: `${month}.tsv`, content: DISTROKID_HEADER + distroKidLine({ earnings }) }],
      );
      expect(answer.statusCode, answer.body).toBe(201);
      await portal.app.jobs.drain();
      return answer.json()[0].id as string;
    };
    const act = (id: string, action: string) =>
      write(portal.app, lena, 'POST', `/api/statements/${id}/${action}`, {});
    const approved = await upload('2026-09', '7000');
    await act(approved, 'calculate');
    await portal.app.jobs.drain();
    expect((await act(approved, 'approve')).statusCode).toBe(200);
    await upload('2026-10', '1000');

    const current = (await get(portal.app, lena, '/api/default-splits')).json();
    const users = await portal.db.query<{ id: string }>(
      "select id from users where username = 'label@demo.label'",
    );
    const saved = await write(portal.app, lena, 'PUT', '/api/default-splits', {
      version: current.version,
      splitSets: [
        { scope: 'product', kind: 'base', shares: [{ payeeId: users[0]?.id, pct: '100' }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const defaultIds = (saved.json().splitSets as { id: string }[]).map((set) => set.id);
    expect(defaultIds).toHaveLength(1);
    const products = (await get(portal.app, lena, '/api/products?q=Midnight')).json();
    const preview = (
      await get(portal.app, lena, `/api/products/${products.items[0].id}/preview-input`)
    ).json();
    expect(preview.statement.period).toBe('2026-10');
    const counters = Object.values<{ value: string }>(preview.input.state.counters);
    expect(counters.map((counter) => counter.value)).toContain('7000');
    const previewIds = (preview.input.splitSets as { id: string }[]).map((set) => set.id);
    for (const id of defaultIds) expect(previewIds).toContain(id);
  });

  it("runs with the account's recoupments and the label's distributor take", async () => {
    // A label of its own: its recoupments and its take are all this test's.
    const label = await openLabel(portal, 'Preview');
    const owner = await label.login('owner');
    const isrc = 'QZDM12699003';
    const product = await addProduct(portal, label, 'Taken Song', isrc);
    const distroKid = await distroKidId(portal, owner);
    const uploaded = await uploadStatement(
      portal.app,
      owner,
      { distributor: distroKid, report_month: '2026-10', expected: null, cashless: true },
      [
        {
          filename: 'taken.tsv',
          content: DISTROKID_HEADER + distroKidLine({ isrc, earnings: '5' }),
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const advance = await write(portal.app, owner, 'POST', '/api/recoupments', {
      title: 'Preview advance',
      type: 'advance',
      amount: '300',
      creditorId: label.ids.owner,
      debtorIds: [label.ids.artist],
      recoupablePct: '50',
      priority: 'high',
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const take = await write(portal.app, owner, 'PUT', `/api/distributors/${distroKid}/take`, {
      takePct: '15',
    });
    expect(take.statusCode, take.body).toBe(200);

    const preview = (
      await get(portal.app, owner, `/api/products/${product.id}/preview-input`)
    ).json();
    expect(preview.input.statement.distributorTakePct).toBe('15');
    expect(preview.input.recoupments).toEqual([
      expect.objectContaining({ id: advance.json().id, amount: '300', recoupablePct: '50' }),
    ]);
  });

  /** A new product of the demo label with one ISRC, and its statement of `month`, read. */
  const productWithStatement = async (isrc: string, title: string, month: string, rows: string) => {
    const lena = await login(portal.app, 'label@demo.label');
    const created = await createDemoProduct(portal, {
      title,
      type: 'single',
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless: true },
      [{ filename: `${month}.tsv`, content: DISTROKID_HEADER + rows }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    return {
      lena,
      product: created.json<{ id: string; version: number }>(),
      statementId: uploaded.json()[0].id as string,
    };
  };

  it('shows the records a corrected file brought when the product is opened again', async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const isrc = 'QZDM12699001';
    const { lena, product, statementId } = await productWithStatement(
      isrc,
      'Corrected Song',
      '2026-11',
      distroKidLine({ isrc, earnings: '1.25' }) +
        distroKidLine({ isrc: 'NOT-AN-ISRC', earnings: '1' }),
    );
    /** The product's records in its preview, as the engine reads them: units and revenue. */
    const previewed = async () => {
      const preview = (
        await get(portal.app, lena, `/api/products/${product.id}/preview-input`)
      ).json();
      expect(preview.statement.id).toBe(statementId);
      return recordsOfTable(readRecordTable(new TextEncoder().encode(preview.records))!).map(
        (record) => [record.code, record.units, record.revenue],
      );
    };
    expect(await previewed()).toEqual([[isrc, 1, '1.25']]);
    // Opened again, nothing changed: the same records.
    expect(await previewed()).toEqual([[isrc, 1, '1.25']]);

    // The file with the bad row is replaced: the product's one row now says 2 units, 2.50.
    const corrected = multipart([
      {
        name: 'file',
        filename: 'november-fixed.tsv',
        content: DISTROKID_HEADER + distroKidLine({ isrc, units: 2, earnings: '2.50' }),
      },
    ]);
    const retried = await portal.app.inject({
      method: 'POST',
      url: `/api/statements/${statementId}/retry`,
      cookies: ada.cookies,
      headers: { ...corrected.headers, 'x-csrf-token': ada.csrf },
      payload: corrected.payload,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await portal.app.jobs.drain();
    // Same code, same number of rows: the preview still reads the records as they are now.
    expect(await previewed()).toEqual([[isrc, 2, '2.5']]);
  });

  // Other codes around the product's, after and before it in the table's code order: two in three
  // of the statement's records are the product's, or two in twenty (under an eighth).
  it.each([
    ['most', 'QZDM12699005', '2026-08', ['QZDM12699006']],
    [
      'a small share',
      'QZDM12699050',
      '2026-07',
      Array.from({ length: 18 }, (_, index) => `QZDM126990${index < 9 ? 4 : 6}${index % 9}`),
    ],
  ])(
    "reads its records from the files' stored tables, not from the statement's rows, when its codes hold %s of them",
    async (_share, isrc, month, others) => {
      const { lena, product, statementId } = await productWithStatement(
        isrc,
        `Stored Song ${isrc}`,
        month,
        distroKidLine({ isrc: others[0], earnings: '3' }) +
          distroKidLine({ isrc, earnings: '0.75' }) +
          others
            .slice(1)
            .map((other) => distroKidLine({ isrc: other, earnings: '2' }))
            .join('') +
          distroKidLine({ isrc, units: 4, earnings: '1.5' }),
      );
      const sent: string[] = [];
      const preview = await portal.db.transaction((tx) => {
        const watched: Queryable = {
          query: (sql, params) => (sent.push(sql), tx.query(sql, params)),
          copyFrom: (table, columns, text) => (sent.push(table), tx.copyFrom(table, columns, text)),
          copyOut: (sql, params) => (sent.push(sql), tx.copyOut(sql, params)),
        };
        return previewInput(watched, portal.app.blobs, product.id);
      });
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((sql) => sql.includes('statement_records'))).toEqual([]);
      const fromRows = await portal.db.transaction((tx) =>
        readEngineRecordTable(tx, statementId, [isrc], PREVIEW_RECORD_LIMIT),
      );
      const records = (table: Uint8Array) => recordsOfTable(readRecordTable(table)!);
      expect(records(preview.records!)).toEqual(records(fromRows.table));
      expect(records(preview.records!).map((record) => [record.units, record.revenue])).toEqual([
        [1, '0.75'],
        [4, '1.5'],
      ]);
      // The page's preview answers the same records.
      const answered = (
        await get(portal.app, lena, `/api/products/${product.id}/preview-input`)
      ).json();
      expect(records(new TextEncoder().encode(answered.records))).toEqual(records(fromRows.table));
    },
  );

  it('sends its table form compressed as the browser accepts, and anew once the splits change', async () => {
    const isrc = 'QZDM12699002';
    const { lena, product } = await productWithStatement(
      isrc,
      'Packed Song',
      '2026-12',
      distroKidLine({ isrc, earnings: '3' }),
    );
    const asked = (encoding: string) =>
      portal.app.inject({
        method: 'GET',
        url: `/api/products/${product.id}/preview-input?format=table&csrf=${encodeURIComponent(lena.csrf)}`,
        cookies: lena.cookies,
        headers: { 'accept-encoding': encoding },
      });
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(`\t${isrc}\t`);
    for (const encoding of ['gzip, deflate, br, zstd', 'br', 'br;q=0, gzip', 'gzip']) {
      const answer = await asked(encoding);
      const brotli = encoding.startsWith('br') || encoding.includes(' br,');
      expect(answer.headers['content-encoding']).toBe(
        brotli && encoding !== 'br;q=0, gzip' ? 'br' : 'gzip',
      );
      const decoded =
        answer.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(answer.rawPayload)
          : gunzipSync(answer.rawPayload);
      expect(decoded.toString()).toBe(plain.body);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.headers.vary).toContain('accept-encoding');
    }

    // New splits: the answer asked for again carries them, though the records are the same.
    const payee = await portal.db.query<{ id: string }>(
      "select id from users where username = 'payee@demo.label'",
    );
    const saved = await write(portal.app, lena, 'PUT', `/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [
        { scope: 'product', kind: 'base', shares: [{ payeeId: payee[0]?.id, pct: '100' }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = brotliDecompressSync((await asked('br')).rawPayload).toString();
    const head = JSON.parse(after.slice(0, after.indexOf('\n')));
    expect(head.input.splitSets).toContainEqual(
      expect.objectContaining({
        scope: { productId: product.id },
        shares: [{ payeeId: payee[0]?.id, pct: '100' }],
      }),
    );
    expect(after.slice(after.indexOf('\n'))).toBe(plain.body.slice(plain.body.indexOf('\n')));
  });
});
