import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { changeProduct } from '../../../server/catalog/service';
import { migrate } from '../../../server/db/migrations';
import { replayAll } from '../../../server/events/replay';
import { appendToStream } from '../../../server/events/store';
import { findProduct } from '../../../server/queries/products';
import { freshDatabase } from '../harness';

/**
 * Migration 37 on codes stored before one spelling per barcode: the demo album holding its
 * barcode twice (as "Add to a product" used to add it), and a new product holding the demo
 * single's barcode in another spelling. Replaying the log must give the same codes.
 */
describe('codes stored in several spellings, migrated to one', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase({ demo: true }));
  });
  afterAll(() => drop());

  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  const productId = async (title: string) =>
    (await db.query<{ id: string }>('select id from products where title = $1', [title]))[0]?.id;

  /** Codes as the catalog used to write them into the log: as typed, one spelling beside another. */
  async function writeOldHistory(
    title: string,
    codes: string[],
    changes: { added: string[]; removed: string[] }[] = [],
    splitOnCode?: string,
  ): Promise<void> {
    const metadata = { actor: null, emulatingActor: null, at: new Date('2026-06-01T10:00:00Z') };
    const upc = (code: string) => ({ code, kind: 'upc' as const });
    const account = await db.query<{ id: string }>(
      "select id from accounts where name = 'Demo Records'",
    );
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await appendToStream(
        tx,
        `product-${id}`,
        0,
        [
          {
            type: 'ProductCreated',
            data: {
              productId: id,
              accountId: account[0]?.id ?? '',
              details: {
                title,
                altTitle: null,
                subtitle: null,
                productType: 'album',
                genre: null,
                durationSeconds: null,
                copyright: null,
                territory: null,
                label: null,
                labelArtist: null,
                artistId: null,
                tags: [],
                visibility: 'full',
                revenueView: 'gross',
              },
              codes: codes.map(upc),
            },
          },
          ...changes.map(({ added, removed }) => ({
            type: 'ProductCodesChanged' as const,
            data: { added: added.map(upc), removed: removed.map(upc) },
          })),
          ...(splitOnCode
            ? [
                {
                  type: 'ProductSplitsChanged' as const,
                  data: {
                    before: [],
                    after: [
                      {
                        id: randomUUID(),
                        scope: { code: splitOnCode },
                        kind: 'base' as const,
                        startDate: null,
                        priority: 0,
                        shares: [{ payeeId: 'payee-of-the-code', pct: '100' }],
                      },
                    ],
                  },
                },
              ]
            : []),
        ],
        metadata,
      );
    });
  }

  /** The codes table as it was before migration 37: one row per spelling, no conflicts. */
  async function storeAsBefore(): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.query(`create table old_codes as
        select unnest(spellings) as code, product_id, kind, account_id from product_codes
        union all
        select unnest(spellings), product_id, kind, account_id from product_code_conflicts`);
      await tx.query('drop table product_code_conflicts');
      await tx.query('delete from product_codes');
      await tx.query('alter table product_codes drop column spellings');
      await tx.query(
        'insert into product_codes (code, product_id, kind, account_id) select * from old_codes',
      );
      await tx.query('drop table old_codes');
      // Split sets kept the code as the event named it.
      await tx.query("update split_sets set code = '0859700000031' where code = '859700000031'");
      await tx.query('delete from schema_migrations where version = 37');
    });
  }

  const codesOf = async (title: string) =>
    db.query<{ code: string }>(
      'select code from product_codes where product_id = $1 order by code',
      [await productId(title)],
    );
  const everyCode = () =>
    db.query(
      `select 'held' as how, code, product_id, kind, spellings from product_codes
       union all
       select 'conflict', code, product_id, kind, spellings from product_code_conflicts
       union all
       select 'split', code, product_id, kind, null from split_sets where code is not null
       order by 1, 2, 3`,
    );
  const splitCodes = async (title: string) =>
    (
      await db.query<{ code: string }>('select code from split_sets where product_id = $1', [
        await productId(title),
      ])
    ).map((row) => row.code);

  it('keeps one code per product, shows two products holding one number as a conflict, and replays to the same', async () => {
    // An album given its barcode twice: typed once, then again with the padding zero.
    await writeOldHistory(
      'Glass Tide',
      ['859700000031'],
      [{ added: ['0859700000031'], removed: [] }],
      '0859700000031',
    );
    // One a label tidied by hand: the padded spelling taken off again.
    await writeOldHistory(
      'Low Tide',
      ['0859700000047'],
      [
        { added: ['859700000047'], removed: [] },
        { added: [], removed: ['0859700000047'] },
      ],
    );
    // The demo single's barcode, typed with its zero, on another product.
    await writeOldHistory('Harbor Lights', ['0859700000016']);
    await storeAsBefore();
    expect((await codesOf('Glass Tide')).map((row) => row.code)).toEqual([
      '0859700000031',
      '859700000031',
    ]);
    expect((await codesOf('Low Tide')).map((row) => row.code)).toEqual(['859700000047']);
    expect(await splitCodes('Glass Tide')).toEqual(['0859700000031']);

    await migrate(db);

    // The album keeps its barcode once, in its one spelling, with both spellings it was given.
    expect((await codesOf('Glass Tide')).map((row) => row.code)).toEqual(['859700000031']);
    // Its code's own splits follow the code.
    expect(await splitCodes('Glass Tide')).toEqual(['859700000031']);
    expect((await codesOf('Low Tide')).map((row) => row.code)).toEqual(['859700000047']);
    // Two products, one number: neither is merged into the other and neither takes the number;
    // both show it as a conflict for the label to settle.
    expect((await codesOf('Midnight Signals')).map((row) => row.code)).toEqual(['QZDM12600001']);
    expect((await codesOf('Harbor Lights')).map((row) => row.code)).toEqual([]);
    const conflicts = await db.query<{ title: string; code: string }>(
      `select p.title, c.code from product_code_conflicts c join products p on p.id = c.product_id
        order by p.title`,
    );
    expect(conflicts).toEqual([
      { title: 'Harbor Lights', code: '859700000016' },
      { title: 'Midnight Signals', code: '859700000016' },
    ]);

    const migrated = await everyCode();
    await replayAll(db);
    expect(await everyCode()).toEqual(migrated);

    // The label sees the conflict on both products, and settles it by removing the number from
    // one: the other holds it again, and only then do statements naming it find a product.
    const harbor = await productId('Harbor Lights');
    const shown = await findProduct(db, { account: null, payee: null }, harbor ?? '');
    expect(json(shown?.codes)).toEqual([{ code: '859700000016', kind: 'upc', conflict: true }]);
    const version = (
      await db.query<{ version: number }>('select version from products where id = $1', [harbor])
    )[0]?.version;
    await db.transaction((tx) =>
      changeProduct(
        tx,
        harbor ?? '',
        Number(version),
        { codes: [{ code: 'HARBOR-LIGHTS', kind: 'custom' }] },
        { actor: null, emulatingActor: null, at: new Date('2026-06-02T10:00:00Z') },
      ),
    );
    expect((await codesOf('Midnight Signals')).map((row) => row.code)).toEqual([
      '859700000016',
      'QZDM12600001',
    ]);
    expect(await db.query('select * from product_code_conflicts')).toEqual([]);
    const settled = await everyCode();
    await replayAll(db);
    expect(await everyCode()).toEqual(settled);
  });
});
