import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

describe('a file in another currency, converted at the rate the uploader gives', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  const upload = (
    month: string,
    exchange: unknown,
    files: { filename: string; content: string }[],
  ) =>
    uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, exchange },
      files,
    );

  it('converts the euro file exactly into the statement’s dollars and keeps what the file said', async () => {
    const answer = await upload('2026-06', { from: 'EUR', to: 'USD', rate: '1.1' }, [
      {
        filename: 'a-dollars.tsv',
        content: distroKidHeader('USD') + distroKidLine({ earnings: '10' }),
      },
      {
        filename: 'b-euros.tsv',
        content:
          distroKidHeader('EUR') +
          distroKidLine({ earnings: '5', isrc: 'QZDM12600002' }) +
          distroKidLine({ earnings: '0.000123456789', isrc: 'QZDM12600003' }),
      },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const id = answer.json()[0].id as string;
    const statement = (await get(portal.app, lena, `/api/statements/${id}`)).json();
    expect(statement.status).not.toBe('failed');
    // 10 + 5 × 1.1 + 0.000123456789 × 1.1 = 0.0001358024679, rounded at the 12th decimal.
    expect(statement.currency).toBe('USD');
    expect(statement.revenue).toBe('15.500135802468');
    expect(statement.exchange).toEqual({ from: 'EUR', to: 'USD', rate: '1.1' });
    const records = await portal.db.query<{
      revenue: string;
      currency: string;
      original_revenue: string | null;
      original_currency: string | null;
    }>(
      `select trim_scale(revenue)::text as revenue, currency,
              trim_scale(original_revenue)::text as original_revenue, original_currency
         from statement_records where statement_id = $1 order by statement_records.revenue`,
      [id],
    );
    expect(records).toEqual([
      {
        revenue: '0.000135802468',
        currency: 'USD',
        original_revenue: '0.000123456789',
        original_currency: 'EUR',
      },
      { revenue: '5.5', currency: 'USD', original_revenue: '5', original_currency: 'EUR' },
      { revenue: '10', currency: 'USD', original_revenue: null, original_currency: null },
    ]);

    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });

  it('still refuses a file in a third currency, naming it, with nothing of it kept', async () => {
    const answer = await upload('2026-07', { from: 'EUR', to: 'USD', rate: '1.1' }, [
      { filename: 'a.tsv', content: distroKidHeader('USD') + distroKidLine({ earnings: '10.01' }) },
      { filename: 'b.tsv', content: distroKidHeader('JPY') + distroKidLine({ earnings: '900' }) },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const statement = (
      await get(portal.app, lena, `/api/statements/${answer.json()[0].id}`)
    ).json();
    expect(statement.files.find((file: { name: string }) => file.name === 'b.tsv').error).toMatch(
      /^This file's amounts are in JPY, the statement's other files in USD\./,
    );
    expect(statement.revenue).toBe('10.01');
  });

  it('refuses a rate that is not a number above zero, or the same currency twice', async () => {
    for (const rate of ['0', '-1.2', 'abc', '1.0000000000001', '']) {
      const refused = await upload('2026-08', { from: 'EUR', to: 'USD', rate }, [
        {
          filename: `r${rate}.tsv`,
          content: distroKidHeader('EUR') + distroKidLine({ earnings: '1' }),
        },
      ]);
      expect(refused.statusCode, rate).toBe(400);
      expect(refused.json().message).toBe(
        'An exchange rate must be a number above zero, with at most 12 decimals (e.g. 1.0832).',
      );
    }
    const same = await upload('2026-08', { from: 'USD', to: 'USD', rate: '1' }, [
      { filename: 'same.tsv', content: distroKidHeader('USD') + distroKidLine({ earnings: '1' }) },
    ]);
    expect(same.json().message).toBe(
      'An exchange rate converts one currency into another: name two different currencies.',
    );
  });
});
