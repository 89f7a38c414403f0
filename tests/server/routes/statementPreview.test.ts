import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine, fixture } from '../import/helpers';
import { DISTROKID } from '../../../server/import/templates';
import type { StatementPreview } from '../../../api/statementUpload';
import { distroKidId } from '../ownLabel';

function preview(
  portal: TestPortal,
  who: LoggedIn,
  body: object | null,
  files: { filename: string; content: Buffer | string }[],
) {
  const { payload, headers } = multipart([
    ...(body ? [{ name: 'body', value: JSON.stringify(body) }] : []),
    ...files.map((file) => ({ name: 'file', ...file })),
  ]);
  return portal.app.inject({
    method: 'POST',
    url: '/api/statement/preview',
    cookies: who.cookies,
    headers: { ...headers, 'x-csrf-token': who.csrf },
    payload,
  });
}

describe('POST /api/statement/preview: the encoding, the distributor and the first rows', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;
  const kino = fixture('distrokid-cp1251.tsv');

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = await distroKidId(portal, lena);
  });
  afterAll(() => portal.close());

  it('proposes DistroKid for a Cyrillic windows-1251 file and shows its rows in Cyrillic, storing nothing', async () => {
    const before = await portal.db.query<{ events: number; statements: number }>(
      'select (select count(*)::int from events) as events, (select count(*)::int from statements) as statements',
    );
    const answer = await preview(portal, lena, null, [{ filename: 'kino.tsv', content: kino }]);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<StatementPreview>();
    expect(body.distributorId).toBe(distroKid);
    const [file] = body.files;
    expect(file).toMatchObject({
      name: 'kino.tsv',
      encoding: 'windows-1251',
      encodingSure: true,
      matches: [{ distributorId: distroKid, distributor: 'DistroKid' }],
      closest: null,
      problem: null,
    });
    expect(file?.rows[0]?.slice(0, 5)).toEqual([
      'Reporting Date',
      'Sale Month',
      'Store',
      'Artist',
      'Title',
    ]);
    expect(file?.rows[1]?.slice(3, 5)).toEqual(['Кино', 'Группа крови']);
    const after = await portal.db.query<{ events: number; statements: number }>(
      'select (select count(*)::int from events) as events, (select count(*)::int from statements) as statements',
    );
    expect(after).toEqual(before);
  });

  it('sums what the file reads to per currency, and says when only its start was read', async () => {
    // An id column read as revenue: the total shows at a glance.
    const whole = await preview(portal, lena, { distributor: distroKid }, [
      {
        filename: 'whole.tsv',
        content:
          distroKidHeader('GBP') +
          distroKidLine({ earnings: '5280012390', units: 40 }) +
          distroKidLine({ earnings: '0.25', units: 3 }).replace('\tUS\t', '\tGB\t'),
      },
    ]);
    expect(whole.json<StatementPreview>().files[0]?.reading).toEqual({
      partial: false,
      currencies: [
        {
          currency: 'GBP',
          rows: 2,
          revenue: '5280012390.25',
          units: '43',
          firstDate: '2026-09-01',
          lastDate: '2026-09-01',
          territories: [
            { territory: 'US', revenue: '5280012390', rows: 1 },
            { territory: 'GB', revenue: '0.25', rows: 1 },
          ],
        },
      ],
    });
    // The browser sends the first megabyte of a large text file: its whole rows are read.
    const line = distroKidLine({ earnings: '0.01' });
    const start = (distroKidHeader('USD') + line.repeat(Math.ceil((1 << 20) / line.length))).slice(
      0,
      1 << 20,
    );
    const [file] = (
      await preview(portal, lena, { distributor: distroKid }, [
        { filename: 'large.tsv', content: start },
      ])
    ).json<StatementPreview>().files;
    const rows = Math.floor(((1 << 20) - distroKidHeader('USD').length) / line.length);
    expect(file?.reading).toMatchObject({
      partial: true,
      currencies: [
        { currency: 'USD', rows, revenue: (rows / 100).toFixed(2).replace(/\.?0+$/, '') },
      ],
    });
  });

  it('decodes the rows in the encoding the uploader picks instead', async () => {
    const answer = await preview(portal, lena, { encoding: 'windows-1252' }, [
      { filename: 'kino.tsv', content: kino },
    ]);
    const [file] = answer.json<StatementPreview>().files;
    expect(file).toMatchObject({ encoding: 'windows-1252', encodingSure: true });
    expect(file?.rows[1]?.[3]).toBe('Êèíî');
  });

  it('says the encoding is unsure for a UTF-8 file with a stray Latin-1 byte', async () => {
    const answer = await preview(portal, lena, null, [
      { filename: 'stray.tsv', content: fixture('distrokid-utf8-stray-latin1.tsv') },
    ]);
    const [file] = answer.json<StatementPreview>().files;
    expect(file).toMatchObject({ encoding: 'utf-8', encodingSure: false });
    expect(file?.rows.map((row) => row[3])).toContain('Кино');
  });

  it('says when no layout matches: the closest one and the headers it misses', async () => {
    const header =
      'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUnits\tEarnings (USD)\n';
    const answer = await preview(portal, lena, null, [
      {
        filename: 'odd.tsv',
        content: `${header}2026-04-05\t2026-03\tSpotify\tA\tB\tQZDM12600001\t1\t0.5\n`,
      },
    ]);
    const body = answer.json<StatementPreview>();
    expect(body.distributorId).toBeNull();
    expect(body.files[0]?.matches).toEqual([]);
    expect(body.files[0]?.closest).toEqual({
      distributorId: distroKid,
      distributor: 'DistroKid',
      layout: 'Tab-separated bank export',
      missing: ['Quantity'],
    });
  });

  it('names what the chosen distributor misses when the file is another distributor’s', async () => {
    const answer = await preview(portal, lena, { distributor: distroKid }, [
      { filename: 'tunecore.csv', content: fixture('tunecore.csv') },
    ]);
    const [file] = answer.json<StatementPreview>().files;
    expect(file?.matches.map((match) => match.distributor)).toEqual(['TuneCore']);
    expect(file?.closest?.distributor).toBe('DistroKid');
    expect(file?.closest?.missing.length).toBeGreaterThan(0);
  });

  it('never proposes a distributor the label cannot upload to', async () => {
    const otto = await login(portal.app, 'overseer@demo.label');
    const created = await write(portal.app, otto, 'POST', '/api/distributors', {
      name: 'DistroKid archive (not uploadable)',
      uploadable: false,
      template: { ...DISTROKID, name: 'DistroKid archive' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = await preview(portal, lena, null, [{ filename: 'kino.tsv', content: kino }]);
    const body = answer.json<StatementPreview>();
    expect(body.files[0]?.matches.map((match) => match.distributorId)).toEqual([distroKid]);
    expect(body.distributorId).toBe(distroKid);
  });

  it('refuses payees, warranters and artists, as the upload does', async () => {
    for (const username of ['payee@demo.label', 'warranter@demo.label', 'artist@demo.label']) {
      const who = await login(portal.app, username);
      const answer = await preview(portal, who, null, [{ filename: 'kino.tsv', content: kino }]);
      expect(answer.statusCode, username).toBe(403);
    }
  });

  it('refuses an encoding it does not know, in the preview and in the upload', async () => {
    const answer = await preview(portal, lena, { encoding: 'ebcdic' }, [
      { filename: 'kino.tsv', content: kino },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/An encoding must be one of/);
    const upload = await uploadStatement(
      portal.app,
      lena,
      {
        distributor: distroKid,
        report_month: '2026-03',
        expected: null,
        encodings: { 'kino.tsv': 'ebcdic' },
      },
      [{ filename: 'kino.tsv', content: kino }],
    );
    expect(upload.statusCode).toBe(400);
  });

  it('reads an uploaded file in the encoding the uploader confirmed', async () => {
    // Confirmed as windows-1251 under a name of its own, and a copy confirmed as what it is not.
    const upload = await uploadStatement(
      portal.app,
      lena,
      {
        distributor: distroKid,
        report_month: '2026-03',
        expected: null,
        encodings: { 'kino.tsv': 'windows-1251' },
      },
      [{ filename: 'kino.tsv', content: kino }],
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await portal.app.jobs.drain();
    const id = upload.json()[0].id as string;
    const records = (await get(portal.app, lena, `/api/statements/${id}/records?limit=10`)).json()
      .items as { artist: string; title: string }[];
    expect(records.map((record) => record.artist)).toContain('Кино');
    expect(records.map((record) => record.title)).toContain('Группа крови');
  });
});
