import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate } from '../../../engine/index';
import { migrations } from '../../../server/db/migrations';
import { formatKindByKeyword } from '../../../server/import/normalise/format';
import { statementEngineInput } from '../../../server/statements/engineInput';
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

const line = (store: string, units: number, earnings: string) =>
  `2026-10-05\t2026-09\t${store}\tAria Vale\tPlays Song\t${ISRC}\t\t${units}\t100\tSong\tUS\t0\t${earnings}\n`;
const ISRC = 'QZPLY2600001';

describe('formats of a DistroKid statement, from import to a plays trigger', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let statementId: string;
  let artistId: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const users = await portal.db.query<{ username: string; id: string }>(
      'select username, id from users',
    );
    const idOf = (name: string) => users.find((user) => user.username.startsWith(name))!.id;
    artistId = idOf('artist@');
    const product = (
      await createDemoProduct(portal, {
        title: 'Plays Song',
        type: 'single',
        codes: [{ code: ISRC, kind: 'isrc' }],
      })
    ).json();
    // From 1,500 streams on, the song is the artist's.
    const saved = await write(portal.app, lena, 'PUT', `/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [
        { scope: 'product', kind: 'base', shares: [{ payeeId: idOf('label@'), pct: '100' }] },
        {
          scope: 'product',
          kind: 'conditional',
          priority: 1,
          trigger: { type: 'plays', threshold: 1500, preCounted: 0 },
          shares: [{ payeeId: artistId, pct: '100' }],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    // 5,000 iTunes downloads are not plays; the second Spotify row crosses 1,500 streams halfway.
    const content =
      DISTROKID_HEADER +
      line('iTunes', 5000, '5') +
      line('Spotify', 1000, '10') +
      line('Spotify', 1000, '10');
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-09', expected: null },
      [{ filename: 'plays.tsv', content }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    statementId = uploaded.json()[0].id;
  });
  afterAll(() => portal.close());

  it('gives the engine stream for Spotify rows and download for iTunes rows', async () => {
    const { input } = await portal.db.transaction((tx) => statementEngineInput(tx, statementId));
    expect(input.records.map((record) => [record.service, record.format])).toEqual([
      ['iTunes', 'download'],
      ['Spotify', 'stream'],
      ['Spotify', 'stream'],
    ]);
  });

  it('fires a plays trigger on the streams only, inside the record that crosses it', async () => {
    const { input } = await portal.db.transaction((tx) => statementEngineInput(tx, statementId));
    const { output } = await calculate(input, { backend: 'decimal' });
    const plays = input.splitSets.find((set) => set.trigger?.type === 'plays');
    const trigger = output.triggers.find((each) => each.splitSetId === plays?.id);
    expect(trigger?.activatedAtRecordId).toBe(input.records[2]?.id);
    // Half of the last row: 500 of its 1,000 streams are past the threshold.
    const artist = output.payees.find((payee) => payee.payeeId === artistId);
    expect(artist?.earned, JSON.stringify(output.payees)).toBe('5');
  });

  it('shows the format as written and its kind in the records API', async () => {
    const answer = await get(portal.app, lena, `/api/statements/${statementId}/records`);
    expect(answer.statusCode, answer.body).toBe(200);
    const items = answer.json().items as { service: string; format: string; formatKind: string }[];
    expect(items.map((item) => [item.service, item.format, item.formatKind])).toEqual([
      ['iTunes', 'Song', 'download'],
      ['Spotify', 'Song', 'stream'],
      ['Spotify', 'Song', 'stream'],
    ]);
  });

  it('classifies stored records in migration 15 as the keyword classification does', async () => {
    const sql = migrations.find((migration) => migration.version === 15)?.sql ?? '';
    const kindCase = /format = (case[\s\S]*? end)/.exec(sql)?.[1];
    expect(kindCase).toBeDefined();
    const raws = [
      'Stream',
      'Ad-Supported Streams',
      'Video Stream',
      'Album Download',
      'Music Video',
      'Vinyl LP',
      'cd',
      'CDBaby Sku',
      'Song',
      'Album',
      'stream',
      '',
    ];
    const rows = await portal.db.query<{ format: string; kind: string }>(
      `select v.format, ${kindCase} as kind from unnest($1::text[]) as v(format)`,
      [raws],
    );
    expect(rows.map((row) => row.kind)).toEqual(raws.map(formatKindByKeyword));
  });
});
