import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';
import { makeZip } from '../import/zipFixtures';
import { distroKidId } from '../ownLabel';

const MB = 1024 * 1024;

/** A DistroKid statement of `rows` valid rows. */
function statement(rows: number, tail = ''): Buffer {
  const lines = [DISTROKID_HEADER];
  for (let row = 0; row < rows; row++) lines.push(distroKidLine({ earnings: '0.01' }));
  return Buffer.from(lines.join('') + tail);
}

describe('the parse job within the import limits', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    // Small bounds, so a "bomb" of a few megabytes stands for one of gigabytes.
    portal = await startPortal({
      importLimits: { maxUncompressedBytes: 2 * MB, maxCellChars: 1000 },
    });
    lena = await login(portal.app, 'label@demo.label');
    distroKid = await distroKidId(portal, lena);
  });
  afterAll(() => portal.close());

  const upload = async (filename: string, content: Buffer, month: string) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null },
      [{ filename, content }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return (await get(portal.app, lena, `/api/statements/${answer.json()[0].id}`)).json();
  };
  const rowsOf = async (table: string, statementId: string) =>
    (
      await portal.db.query<{ n: string }>(
        `select count(*)::text as n from ${table} where statement_id = $1`,
        [statementId],
      )
    )[0]?.n;

  it('refuses a gzip that expands past the limit, naming it, with no record written', async () => {
    const bomb = gzipSync(statement(40_000));
    expect(bomb.length).toBeLessThan(MB);
    const refused = await upload('bomb.csv.gz', bomb, '2026-05');
    expect(refused.status).toBe('failed');
    expect(refused.files[0]).toMatchObject({ status: 'rejected' });
    expect(refused.files[0].error).toBe('The file expands to more than 2 MB when uncompressed');
    expect(await rowsOf('statement_records', refused.id)).toBe('0');
    expect(await rowsOf('statement_records_staging', refused.id)).toBe('0');
  });

  it('keeps none of the staged rows of a file refused part-way', async () => {
    // 25,000 good rows are staged before the row with a cell past the limit is reached.
    const damaged = statement(
      25_000,
      distroKidLine({ earnings: '1' }).replace('Spotify', 'x'.repeat(2000)),
    );
    const refused = await upload('damaged.tsv', damaged, '2026-04');
    expect(refused.files[0].error).toBe('Row 25002 has a cell longer than 1000 characters');
    expect(await rowsOf('statement_records', refused.id)).toBe('0');
    expect(await rowsOf('statement_records_staging', refused.id)).toBe('0');
  });

  it('reads DistroKid’s delivery, a zip holding a zip holding the CSV', async () => {
    const inner = makeZip([{ name: 'DistroKid_2026-03.csv', data: statement(3) }]);
    const delivery = makeZip([{ name: 'DistroKid_2026-03.zip', data: inner }]);
    const read = await upload('distrokid-2026-03.csv.zip', delivery, '2026-03');
    expect(read.files[0]).toMatchObject({ status: 'read', records: 3 });
    expect(await rowsOf('statement_records', read.id)).toBe('3');
    expect(await rowsOf('statement_records_staging', read.id)).toBe('0');
  });
});
