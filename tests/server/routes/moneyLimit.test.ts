// Every amount the API takes is one the engine calculates with (rules/money.ts): an amount past
// the limit is refused where it is typed, with the text the forms show, never saved to make every
// later calculation of the account fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_AMOUNT } from '../../../rules/money';
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
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';

const ISRC = 'QZDM12677731';
/** 17 digits before the point: past the limit of 15. */
const TOO_LARGE = '12345678901234567';
/** The largest amount there is: 15 digits before the point, 12 after it. */
const LARGEST = '999999999999999.999999999999';

describe('amounts past the limit the engine calculates with', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let people: Record<string, string>;
  let productId: string;
  let distroKid: string;
  let month = 0;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    people = Object.fromEntries(
      (
        await portal.db.query<{ id: string; username: string }>('select id, username from users')
      ).map((row) => [row.username, row.id]),
    );
    const created = await createDemoProduct(portal, {
      title: 'Limit Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    productId = created.json().id;
    const splits = await saveSplits([
      {
        scope: 'product',
        kind: 'base',
        shares: [{ payeeId: people['label@demo.label'], pct: '100' }],
      },
    ]);
    expect(splits.statusCode, splits.body).toBe(200);
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  async function saveSplits(splitSets: object[]) {
    const { version } = (await get(portal.app, lena, `/api/products/${productId}`)).json();
    return write(portal.app, lena, 'PUT', `/api/products/${productId}/splits`, {
      version,
      splitSets,
    });
  }
  function upload(expected: string | null, cashless: boolean) {
    month += 1;
    const period = `2025-${String(month).padStart(2, '0')}`;
    const line = distroKidLine({ isrc: ISRC, earnings: '10' }).replace(
      '\t2026-09\t',
      `\t${period}\t`,
    );
    return uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: period, expected, cashless },
      [{ filename: `${period}.tsv`, content: DISTROKID_HEADER + line }],
    );
  }
  async function statement(cashless: boolean): Promise<string> {
    const answer = await upload(null, cashless);
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return answer.json()[0].id as string;
  }
  const advance = (fields: Record<string, string>) =>
    write(portal.app, lena, 'POST', '/api/recoupments', {
      title: 'Limit advance',
      type: 'advance',
      amount: '100',
      creditorId: people['label@demo.label'],
      debtorIds: [people['artist@demo.label']],
      ...fields,
    });
  const recoupmentCount = async () =>
    (await get(portal.app, lena, '/api/recoupments')).json().total as number;

  it('refuses a recoupment of 17 digits, and every other amount of a recoupment past the limit', async () => {
    const before = await recoupmentCount();
    const refused = await advance({ amount: TOO_LARGE });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: NOT_AN_AMOUNT,
      errors: [{ path: 'amount', message: NOT_AN_AMOUNT }],
    });
    for (const field of [
      'expectedValue',
      'prepaid',
      'statementMaximum',
      'paymentMinimum',
      'revenueMinimum',
    ]) {
      const past = await advance({ [field]: '1234567890123456' });
      expect(past.statusCode, field).toBe(400);
      expect(past.json().errors, field).toEqual([{ path: field, message: NOT_AN_AMOUNT }]);
    }
    expect(await recoupmentCount()).toBe(before);

    const kept = await advance({ amount: '100' });
    expect(kept.statusCode, kept.body).toBe(201);
    const { id, version } = kept.json();
    const changed = await write(portal.app, lena, 'PATCH', `/api/recoupments/${id}`, {
      amount: TOO_LARGE,
      version,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(NOT_AN_AMOUNT);
    expect((await get(portal.app, lena, `/api/recoupments/${id}`)).json().amount).toBe('100');
  });

  it('refuses a hand-entered line of 17 digits, positive or negative', async () => {
    const id = await statement(true);
    for (const amount of [TOO_LARGE, `-${TOO_LARGE}`]) {
      const refused = await write(portal.app, lena, 'POST', `/api/statements/${id}/adjustments`, {
        code: ISRC,
        amount,
        description: 'Correction',
      });
      expect(refused.statusCode, amount).toBe(400);
    }
    const lines = (await get(portal.app, lena, `/api/statements/${id}/adjustments`)).json();
    expect(lines.total).toBe(0);
  });

  it('refuses incoming funds and an expected payment of 17 digits', async () => {
    const id = await statement(false);
    const funds = await write(portal.app, lena, 'POST', `/api/statements/${id}/funds`, {
      amount: TOO_LARGE,
    });
    expect(funds.statusCode).toBe(400);
    expect((await get(portal.app, lena, `/api/statements/${id}`)).json().receivedFunds).toBeNull();

    const expected = await upload(TOO_LARGE, false);
    expect(expected.statusCode).toBe(400);
  });

  it('refuses an income threshold or an amount already counted of 17 digits, in words', async () => {
    for (const trigger of [
      { type: 'income', threshold: TOO_LARGE, preCounted: '0' },
      { type: 'income', threshold: '100', preCounted: TOO_LARGE },
    ]) {
      const field = trigger.threshold === TOO_LARGE ? 'threshold' : 'preCounted';
      const refused = await saveSplits([
        {
          scope: 'product',
          kind: 'base',
          shares: [{ payeeId: people['label@demo.label'], pct: '100' }],
        },
        {
          scope: 'product',
          kind: 'conditional',
          priority: 1,
          trigger,
          shares: [{ payeeId: people['artist@demo.label'], pct: '100' }],
        },
      ]);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json(), field).toEqual({
        message: NOT_AN_AMOUNT,
        errors: [{ path: `splitSets[1].trigger.${field}`, message: NOT_AN_AMOUNT }],
      });
    }
  });

  it('refuses a payment minimum past the limit', async () => {
    const { version } = (await get(portal.app, lena, '/api/payment-settings')).json();
    const refused = await write(portal.app, lena, 'PUT', '/api/payment-settings', {
      version,
      passback: false,
      paymentMinimums: [{ currency: 'USD', amount: '1234567890123456' }],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('calculates with the largest amounts there are', async () => {
    const id = await statement(true);
    const line = await write(portal.app, lena, 'POST', `/api/statements/${id}/adjustments`, {
      code: ISRC,
      amount: `-${LARGEST}`,
      description: 'Largest correction',
    });
    expect(line.statusCode, line.body).toBe(201);
    const recoupment = await advance({ amount: LARGEST, statementMaximum: LARGEST });
    expect(recoupment.statusCode, recoupment.body).toBe(201);

    const calculated = await write(portal.app, lena, 'POST', `/api/statements/${id}/calculate`, {});
    expect(calculated.statusCode, calculated.body).toBe(200);
    await portal.app.jobs.drain();
    const after = (await get(portal.app, lena, `/api/statements/${id}`)).json();
    expect(after.state, JSON.stringify(after)).toBe('pendingApproval');
    const payees = (await get(portal.app, lena, `/api/statements/${id}/payees`)).json();
    // 10 earned less the largest correction, all the label's.
    expect(payees.items).toMatchObject([
      { fullname: 'Lena Label', payout: '-999999999999989.999999999999' },
    ]);

    // Deleted, so that the other tests' statements calculate with no such recoupment.
    await write(portal.app, lena, 'DELETE', `/api/recoupments/${recoupment.json().id}`);
  });
});
