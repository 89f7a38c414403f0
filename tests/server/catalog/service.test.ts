import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../server/catalog/service';
import { startPortal, type TestPortal } from '../harness';
import { demoLabel, openSecondLabel, productDetails, type AccountFixture } from '../tenancy';

describe('codes belong to one product of their account', () => {
  let portal: TestPortal;
  let demo: AccountFixture;
  let second: AccountFixture;
  beforeAll(async () => {
    portal = await startPortal();
    second = await openSecondLabel(portal);
    demo = await demoLabel(portal);
  });
  afterAll(() => portal.close());

  const create = (account: AccountFixture, title: string, code: string) =>
    portal.db.transaction((tx) =>
      createProduct(tx, account.accountId, productDetails(title, null), [{ code, kind: 'isrc' }], {
        actor: null,
        emulatingActor: null,
        at: portal.clock.now(),
      }),
    );

  it('lets two labels hold the same ISRC, each for its own product', async () => {
    // The second label holds this code already; the demo label adds it to a product of its own.
    await expect(create(demo, 'Same Code Elsewhere', second.isrc)).resolves.toEqual(
      expect.any(String),
    );
    const holders = await portal.db.query<{ account_id: string }>(
      'select account_id from product_codes where code = $1 order by account_id',
      [second.isrc],
    );
    expect(holders.map((row) => row.account_id).sort()).toEqual(
      [demo.accountId, second.accountId].sort(),
    );
  });

  it('still refuses a code twice within one account', async () => {
    await expect(create(second, 'Duplicate In Account', second.isrc)).rejects.toThrow(
      `Code ${second.isrc} already belongs to another product.`,
    );
  });

  it('matches each label statement to its own catalog only', async () => {
    const missing = await portal.db.query<{ code: string }>(
      `select sc.code from statement_codes sc join statements s on s.id = sc.statement_id
        where s.account_id = $1 and not exists (
          select 1 from product_codes pc where pc.code = sc.code and pc.account_id = s.account_id)`,
      [second.accountId],
    );
    expect(missing).toEqual([]);
  });
});
