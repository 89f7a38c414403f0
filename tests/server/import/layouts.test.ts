import { describe, expect, it } from 'vitest';
import {
  AMUSE,
  APPLE,
  BANDCAMP,
  BELIEVE,
  CD_BABY,
  DISTROKID,
  FUGA,
  IMUSICIAN,
  SHIPPED_TEMPLATES,
  SYMPHONIC,
  THE_ORCHARD,
  TUNECORE,
  templateProblems,
} from '../../../server/import/templates';
import { expectLines, fixture, formats, parseFile } from './helpers';

describe('shipped templates', () => {
  it('are valid data with the distributors’ own names', () => {
    expect(SHIPPED_TEMPLATES.map((t) => t.name)).toEqual([
      'DistroKid',
      'TuneCore',
      'CD Baby',
      'The Orchard',
      'Believe',
      'FUGA',
      'Symphonic',
      'Bandcamp',
      'Apple',
      'AWAL',
      'Amuse',
      'iMusician',
      'YouTube',
      'Beatport',
      'PRS for Music',
      'Traxsource',
      'Audius',
      'The MLC',
    ]);
    for (const template of SHIPPED_TEMPLATES) {
      expect(templateProblems(template)).toEqual([]);
      expect(templateProblems(JSON.parse(JSON.stringify(template)))).toEqual([]);
    }
  });

  it('say what is wrong with a broken template', () => {
    expect(
      templateProblems({
        name: '',
        versions: [{ name: 'v', headers: [], delimiter: '|', fields: { codes: [] } }],
      }),
    ).toEqual([
      'The template needs a name',
      'Version 1: needs the header names that identify it',
      'Version 1: delimiter must be tab, comma or semicolon',
      'Version 1: fields.codes needs at least one code column',
      'Version 1: fields.units is required',
      'Version 1: fields.revenue is required',
    ]);
  });
});

describe('each shipped layout reads its sample exactly', () => {
  it('DistroKid (tab-separated, currency from the header)', async () => {
    const { records, summary } = await expectLines(
      DISTROKID,
      'distrokid.tsv',
      [
        ['USDK12300001', 1523, '4.123456789012', 'US', '2023-06-01'],
        ['USDK12300001', 12, '0.000123456789', 'GB', '2023-06-01'],
        ['859712345678', 1, '6.93', 'DE', '2023-06-01'],
        ['USDK12300001', -3, '-0.0021', 'BR', '2023-06-01'],
      ],
      { currency: 'USD', kind: 'sale', artist: 'The Lumens' },
    );
    expect(records[0]).toEqual({
      code: 'USDK12300001',
      codeKind: 'isrc',
      title: 'Night Drive',
      artist: 'The Lumens',
      service: 'Spotify',
      format: 'Song',
      formatKind: 'stream',
      territory: 'US',
      units: 1523,
      revenue: '4.123456789012',
      date: '2023-06-01',
      kind: 'sale',
      currency: 'USD',
      row: 2,
    });
    expect(records[2]).toMatchObject({ codeKind: 'upc', format: 'Album' });
    // Song/Album is not the sale type: the store is (iTunes sells downloads).
    expect(formats(records)).toEqual([
      'Song → stream',
      'Song → stream',
      'Album → download',
      'Song → stream',
    ]);
    expect(summary).toMatchObject({
      version: 'Tab-separated bank export',
      source: { kind: 'text', delimiter: '\t', encoding: 'utf-8' },
      revenueTotals: [{ currency: 'USD', revenue: '11.051480245801', records: 4 }],
    });
  });

  it('DistroKid 2025 export (Date Inserted, Source Type, Recoup; quoted CSV)', async () => {
    const { records, summary } = await expectLines(
      DISTROKID,
      'distrokid-2025.csv',
      [
        ['USDK12300001', 2450, '7.350000000001', 'US', '2025-06-01'],
        ['859712345678', 1, '3.465', 'DE', '2025-06-01'],
        ['USDK12300001', -2, '-0.0042', 'GB', '2025-05-01'],
      ],
      { currency: 'USD', kind: 'sale', artist: 'The Lumens' },
    );
    expect(formats(records)).toEqual(['Song → stream', 'Album → download', 'Song → stream']);
    expect(records[1]).toMatchObject({ codeKind: 'upc', title: 'Night Drive (Album)' });
    expect(summary).toMatchObject({
      version: 'Bank export with Date Inserted (2025)',
      source: { kind: 'text', delimiter: ',' },
    });
  });

  it('DistroKid 2025 export, tab-separated with the old Song/Album name', async () => {
    const { records, summary } = await expectLines(
      DISTROKID,
      'distrokid-2025.tsv',
      [
        ['USDK12300001', 2450, '7.350000000001', 'US', '2025-06-01'],
        ['859712345678', 1, '3.465', 'DE', '2025-06-01'],
        ['USDK12300001', -2, '-0.0042', 'GB', '2025-05-01'],
      ],
      { currency: 'USD' },
    );
    expect(formats(records)).toEqual(['Song → stream', 'Album → download', 'Song → stream']);
    expect(summary).toMatchObject({
      version: 'Bank export with Date Inserted (2025)',
      source: { delimiter: '\t' },
    });
  });

  it('TuneCore (quoted thousands, 14-digit UPC, CRLF)', async () => {
    const { records } = await expectLines(
      TUNECORE,
      'tunecore.csv',
      [
        ['GBXYZ2300012', 2417, '7.251000000001', 'US', '2023-10-01'],
        ['602577123450', 1, '5.1027', 'CA', '2023-10-01'],
        ['GBXYZ2300012', -2, '-0.00848', 'DE', '2023-10-01'],
      ],
      { currency: 'USD', kind: 'sale' },
    );
    expect(records[1]?.title).toBe('Boats, Planes & Trains');
    expect(formats(records)).toEqual([
      'Streaming → stream',
      'Download → download',
      'Streaming → stream',
    ]);
  });

  it('CD Baby (lost UPC zero, US dates with time, mechanical row, total row dropped)', async () => {
    const { records, summary } = await expectLines(
      CD_BABY,
      'cdbaby.csv',
      [
        ['USCGJ2312345', 310, '0.961', 'US', '2023-10-01'],
        ['088295012345', 2, '14', 'CA', '2023-10-01'],
        ['USCGJ2312345', 0, '0.0527', 'US', '2023-10-01'],
      ],
      { currency: 'USD' },
    );
    expect(records.map((r) => r.kind)).toEqual(['sale', 'sale', 'mechanical']);
    expect(formats(records)).toEqual([
      'Stream → stream',
      'Album Download → download',
      'Mechanical → other',
    ]);
    expect(summary.totalRows).toEqual([5]);
  });

  it('CD Baby tab-separated report (Isrc, Barcode, Partner Name, Delivery Country)', async () => {
    const { records, summary } = await expectLines(
      CD_BABY,
      'cdbaby.txt',
      [
        ['USCGJ2312345', 310, '0.961', 'US', '2023-07-31'],
        ['088295012345', 2, '14', 'CA', '2023-07-31'],
        ['USCGJ2312345', 0, '0.0527', 'US', '2023-07-31'],
      ],
      { currency: 'USD', artist: 'Old Pine' },
    );
    expect(records.map((r) => r.kind)).toEqual(['sale', 'sale', 'mechanical']);
    expect(records.map((r) => r.title)).toEqual(['Ember', 'Woodsmoke', 'Ember']);
    expect(records[0]).toMatchObject({ service: 'Spotify', format: 'Stream' });
    expect(records.map((r) => r.formatKind)).toEqual(['stream', 'download', 'other']);
    expect(summary).toMatchObject({
      version: 'Tab-separated sales report',
      source: { delimiter: '\t' },
    });
  });

  it('The Orchard, Label Share Net Receipts with semicolons and decimal commas', async () => {
    const { records, summary } = await expectLines(
      THE_ORCHARD,
      'orchard-net-receipts.csv',
      [
        ['ESA011700001', 1500, '0.258066', 'ES', '2017-09-01'],
        ['ESA011700001', 15000, '450.75', 'ES', '2017-10-01'],
        ['191774000001', -1, '-1.05', 'FR', '2017-09-01'],
      ],
      { currency: 'EUR', artist: 'Mar Azul' },
    );
    expect(records.map((r) => r.title)).toEqual(['Ola', 'Ola', 'Olas']);
    expect(formats(records)).toEqual([
      'Ad-Supported Stream → stream',
      'Subscription Stream → stream',
      'Album Download → download',
    ]);
    expect(summary).toMatchObject({
      version: 'Label Share Net Receipts, semicolons (decimal comma)',
      source: { delimiter: ';' },
    });
  });

  it('The Orchard, Label Share Net Receipts with commas (Retailer, Product UPC)', async () => {
    const { records, summary } = await expectLines(
      THE_ORCHARD,
      'orchard-net-receipts-comma.csv',
      [
        ['QZABC2300001', 1204331, '3412.987654321012', 'US', '2023-11-01'],
        ['194398765432', 3, '21', 'JP', '2023-11-01'],
      ],
      { currency: 'USD', kind: 'sale' },
    );
    expect(records[0]).toMatchObject({ service: 'Spotify', artist: 'Kaito feat. Mio' });
    expect(records[1]).toMatchObject({ codeKind: 'upc', title: 'Blue Hour', artist: 'Kaito' });
    expect(formats(records)).toEqual(['Subscription Stream → stream', 'Album Download → download']);
    expect(summary.version).toBe('Label Share Net Receipts, commas');
  });

  it('The Orchard, semicolon layout (windows-1252, decimal commas, parentheses)', async () => {
    const { records, summary } = await expectLines(
      THE_ORCHARD,
      'orchard-semicolon.csv',
      [
        ['FRX202300045', 1234, '5.0594', 'FR', '2023-10-01'],
        ['FRX202300045', 12, '0.001481481468', 'DE', '2023-10-01'],
        ['3614591234567', -1, '-4.89', 'AT', '2023-10-01'],
      ],
      { currency: 'EUR', artist: 'Zoé Martin' },
    );
    expect(records[0]?.title).toBe('Café');
    expect(formats(records)).toEqual(['Stream → stream', 'Stream → stream', 'Download → download']);
    expect(summary).toMatchObject({
      version: 'Semicolon layout (decimal comma)',
      source: { delimiter: ';', encoding: 'windows-1252' },
      totalRows: [5],
    });
  });

  it('The Orchard, upper-case layout', async () => {
    const { records, summary } = await expectLines(
      THE_ORCHARD,
      'orchard-upper.csv',
      [
        ['QZABC2300001', 1204331, '3412.987654321012', 'US', '2023-11-01'],
        ['QZABC2300001', 9001, '40.5', 'JP', '2023-11-01'],
        ['QZABC2300001', 0, '-0.77', 'US', '2023-11-01'],
      ],
      { currency: 'USD' },
    );
    expect(records.map((r) => r.kind)).toEqual(['sale', 'sale', 'mechanical']);
    expect(formats(records)).toEqual([
      'Ad-Supported Stream → stream',
      'Subscription Stream → stream',
      'Mechanical Royalty → other',
    ]);
    expect(summary.version).toBe('Upper-case layout');
  });

  it('Believe (semicolons, UTF-8 BOM)', async () => {
    const { records } = await expectLines(
      BELIEVE,
      'believe.csv',
      [
        ['FR9W12300777', 8760, '25.3164', 'ES', '2023-09-01'],
        ['FR9W12300777', 45, '0.02295', 'MX', '2023-09-01'],
        ['FR9W12300777', 0, '0.34', 'GB', '2023-09-01'],
      ],
      { currency: 'EUR', service: expect.any(String) },
    );
    expect(records[2]?.kind).toBe('mechanical');
    expect(formats(records)).toEqual([
      'Streaming → stream',
      'Streaming → stream',
      'Mechanical → other',
    ]);
  });

  it('Believe with Country/Region and a release-only row (catalog number)', async () => {
    const { records } = await expectLines(
      BELIEVE,
      'believe-country-slash.csv',
      [
        ['FR9W12300777', 1200, '4.08', 'DE', '2026-03-01'],
        ['SOL-YT-01', 300, '0.255', 'FR', '2026-03-01'],
      ],
      { currency: 'EUR', kind: 'sale' },
    );
    expect(records[1]).toMatchObject({ codeKind: 'custom', title: 'Canal', service: 'YouTube' });
    // Release type Video: a YouTube video's streams are not plays of the recording.
    expect(formats(records)).toEqual(['Streaming → stream', 'Streaming → video']);
  });

  it('FUGA (asset and product rows, rounding past 12 places counted)', async () => {
    const { records, summary } = await expectLines(
      FUGA,
      'fuga.csv',
      [
        ['NLA512300001', 5001, '14.0028', 'NL', '2023-08-01'],
        ['8720205123456', 3, '14.679', 'BE', '2023-08-01'],
        ['NLA512300001', 7, '0', 'XX', '2023-08-01'],
      ],
      { currency: 'EUR' },
    );
    expect(summary.roundedAmounts).toBe(1);
    expect(formats(records)).toEqual(['Stream → stream', 'Download → download', 'Stream → stream']);
  });

  it('Symphonic (2017M10 months, currency symbol, custom code, Worldwide)', async () => {
    const { records } = await expectLines(
      SYMPHONIC,
      'symphonic.csv',
      [
        ['QM6MZ2312345', 100000, '12.000000000001', 'ID', '2023-07-01'],
        ['QM6MZ2312345', 77, '0.31', 'US', '2023-07-01'],
        ['BS-TEE-01', 2, '40', 'WW', '2023-07-01'],
      ],
      { currency: 'USD' },
    );
    expect(records[2]?.codeKind).toBe('custom');
    expect(formats(records)).toEqual(['Stream → stream', 'Stream → stream', 'Merch → other']);
  });

  it('Bandcamp (UTF-16LE, US short dates, two currencies, net amount)', async () => {
    const { records, summary } = await expectLines(
      BANDCAMP,
      'bandcamp.csv',
      [
        ['5054197123456', 1, '5.5123', 'GB', '2023-01-15'],
        ['GBKPL2300042', 1, '0.4', 'IE', '2023-01-16'],
        ['SG-01-LP', 2, '33.75', 'KR', '2023-01-16'],
      ],
      { service: 'Bandcamp' },
    );
    expect(summary.source).toEqual({ kind: 'text', delimiter: ',', encoding: 'utf-16le' });
    expect(formats(records)).toEqual([
      'album → download',
      'track → download',
      'package → physical',
    ]);
    expect(summary.revenueTotals).toEqual([
      { currency: 'GBP', revenue: '5.9123', records: 2 },
      { currency: 'USD', revenue: '33.75', records: 1 },
    ]);
  });

  it('Apple (royalty price × units)', async () => {
    const { records } = await expectLines(
      APPLE,
      'apple.txt',
      [
        ['USABC2312345', 3, '2.07', 'US', '2023-10-01'],
        ['888174123456', -1, '-6.930000000001', 'FR', '2023-10-01'],
      ],
      { service: 'iTunes' },
    );
    expect(formats(records)).toEqual(['S → download', 'A → download']);
  });

  it('reads the same records whether the bytes come in 1-byte or 64 KB chunks', async () => {
    const bytes = fixture('orchard-semicolon.csv');
    const small = await parseFile('o.csv', bytes, THE_ORCHARD, { chunkSize: 1 });
    const large = await parseFile('o.csv', bytes, THE_ORCHARD, { chunkSize: 65536 });
    expect(small.records).toEqual(large.records);
  });
});

describe('statements as distributors send them (real headers and their quirks)', () => {
  it('Symphonic Earnings Detail: sale month from the Activity Period, three-letter territories, negative Void rows, Royalty ($US)', async () => {
    const { records, summary } = await expectLines(
      SYMPHONIC,
      'symphonic-earnings.csv',
      [
        // Reported in June 2025 (JUN-25), sold in the Activity Period: a void of April or March.
        ['QM6MZ2312345', 12408, '41.802361245', 'US', '2025-05-01'],
        ['QM6MZ2312345', 3120, '22.4577', 'GB', '2025-05-01'],
        ['QM6MZ2312345', 4, '2.772', 'DE', '2025-05-01'],
        ['QM6MZ2312345', -1, '-0.693', 'DE', '2025-04-01'],
        ['197190123456', 1, '5.94', 'JP', '2025-05-01'],
        ['QM6MZ2312345', 88210, '6.1747', 'IN', '2025-05-01'],
        ['QM6MZ2312345', 0, '0.91', 'US', '2025-05-01'],
        ['QM6MZ2312345', -150, '-0.4815', 'BR', '2025-03-01'],
      ],
      { currency: 'USD' },
    );
    expect(summary).toMatchObject({
      version: 'Earnings Detail export',
      rowsRead: 8,
      records: 8,
      rowsWithErrors: 0,
      revenueTotals: [{ currency: 'USD', revenue: '78.882261245', records: 8 }],
    });
    expect(records[0]).toMatchObject({ title: 'Glow', artist: 'Rae', service: 'Spotify' });
    expect(records[4]).toMatchObject({ codeKind: 'upc', title: 'Glow', artist: 'Rae' });
    expect(records[5]?.artist).toBe('Rae, Tomas');
    expect(records.map((r) => r.kind)).toEqual([
      'sale',
      'sale',
      'sale',
      'sale',
      'sale',
      'sale',
      'mechanical',
      'sale',
    ]);
    expect(formats(records)).toEqual([
      'Audio Stream → stream',
      'Audio Stream → stream',
      'Track Download → download',
      'Track Download → download',
      'Album Download → download',
      'UGC → other',
      'Mechanical Royalty → other',
      'Audio Stream → stream',
    ]);
  });

  it('Symphonic Earnings Detail without an Activity Period (or a row with it blank) is dated by the Reporting Period', async () => {
    const header =
      'Reporting Period,Label,Release Name,UPC Code,Track Title,ISRC Code,Digital Service Provider,Territory,Sale or Void,Count,Royalty ($US)\n';
    const older = await parseFile(
      'symphonic-older.csv',
      Buffer.from(`${header}JUN-25,Bright Side,Glow,,Glow,QM6MZ2312345,Spotify,USA,Sale,10,0.04\n`),
      SYMPHONIC,
    );
    expect(older.records.map((r) => r.date)).toEqual(['2025-06-01']);
    const blank = await parseFile(
      'symphonic-blank-activity.csv',
      Buffer.from(
        `${header.replace('Territory', 'Activity Period,Territory')}` +
          'JUN-25,Bright Side,Glow,,Glow,QM6MZ2312345,Spotify,,USA,Sale,10,0.04\n' +
          'JUN-25,Bright Side,Glow,,Glow,QM6MZ2312345,Spotify,February 2025,USA,Sale,10,0.04\n',
      ),
      SYMPHONIC,
    );
    expect(blank.rowErrors).toEqual([]);
    expect(blank.records.map((r) => r.date)).toEqual(['2025-06-01', '2025-02-01']);
  });

  it('Apple music report: Title / Episode / Season, Artist / Show, units × royalty price exact', async () => {
    const { records, summary } = await expectLines(
      APPLE,
      'apple-music.txt',
      [
        ['USABC2312345', 7, '4.9', 'US', '2025-06-01'],
        ['USABC2312346', 3, '1.86', 'FR', '2025-06-01'],
        ['888174123456', 2, '13.86', 'GB', '2025-06-01'],
        ['888174123456', -1, '-6.930000000001', 'GB', '2025-06-01'],
        ['USABC2312345', 11, '0.9163', 'JP', '2025-06-01'],
      ],
      { artist: 'Hollow Pines', service: 'iTunes', formatKind: 'download' },
    );
    expect(records.map((r) => r.title)).toEqual([
      'Fireline',
      'Embers',
      'Fireline',
      'Fireline',
      'Fireline',
    ]);
    expect(summary).toMatchObject({
      version: 'iTunes Sales and Trends (Title / Episode / Season)',
      rowsRead: 5,
      rowsWithErrors: 0,
    });
    expect(summary.revenueTotals).toEqual([
      { currency: 'USD', revenue: '5.8163', records: 2 },
      { currency: 'EUR', revenue: '1.86', records: 1 },
      { currency: 'GBP', revenue: '6.929999999999', records: 2 },
    ]);
  });

  it('The Orchard upper-case statement: BOM, ISO official country names, ($1.23) negatives', async () => {
    const { records, summary } = await expectLines(
      THE_ORCHARD,
      'orchard-statement.csv',
      [
        ['QZABC2500001', 1208, '2.416', 'VN', '2025-06-01'],
        ['QZABC2500001', 310, '0.31', 'IR', '2025-06-01'],
        ['QZABC2500001', 95, '0.0855', 'BO', '2025-06-01'],
        ['QZABC2500001', 412, '0.1236', 'VE', '2025-06-01'],
        ['QZABC2500001', 77, '0.0539', 'TZ', '2025-06-01'],
        ['QZABC2500001', 64, '0.0128', 'CD', '2025-06-01'],
        ['QZABC2500001', 21, '0.0231', 'PS', '2025-06-01'],
        ['QZABC2500001', 18, '0.0414', 'MK', '2025-06-01'],
        ['QZABC2500001', 24310, '1234.56', 'US', '2025-06-01'],
        ['QZABC2500001', -1, '-1.23', 'US', '2025-06-01'],
        ['QZABC2500001', -3, '-0.02', 'JP', '2025-06-01'],
        ['QZABC2500001', 0, '0.77', 'US', '2025-06-01'],
      ],
      { currency: null, artist: 'Kaito', title: 'Blue Hour' },
    );
    expect(summary).toMatchObject({
      version: 'Upper-case statement (net share, account currency)',
      source: { kind: 'text', delimiter: ',', encoding: 'utf-8' },
      rowsRead: 12,
      rowsWithErrors: 0,
      revenueTotals: [{ currency: null, revenue: '1237.1463', records: 12 }],
    });
    expect(records.map((r) => r.service).slice(0, 3)).toEqual(['Spotify', 'Deezer', 'Spotify']);
    expect(records.at(-1)?.kind).toBe('mechanical');
    expect(formats(records).slice(8, 10)).toEqual([
      'Subscription Stream → stream',
      'Track Download → download',
    ]);
  });

  it('Bandcamp default export without item details: titles as keys, payouts left out and counted', async () => {
    const { records, summary } = await expectLines(
      BANDCAMP,
      'bandcamp-no-details.csv',
      [
        ['Quiet Harbour', 1, '7.0123', 'GB', '2025-01-03'],
        ['Lantern', 1, '0.4', 'IE', '2025-01-04'],
        ['Quiet Harbour (LP)', 2, '33.75', 'KR', '2025-01-05'],
        ['Unlisted Demo', 1, '0.85', 'VN', '2025-01-09'],
      ],
      { codeKind: 'title', currency: 'GBP', service: 'Bandcamp', artist: 'Sea Glass' },
    );
    expect(records.map((r) => r.title)).toEqual([
      'Quiet Harbour',
      'Lantern',
      'Quiet Harbour (LP)',
      'Unlisted  Demo',
    ]);
    // The payouts are no sales: not records, not errors, not revenue; their rows are reported.
    expect(summary).toMatchObject({
      version: 'Sales report without item details',
      source: { encoding: 'utf-16le' },
      rowsRead: 6,
      records: 4,
      rowsWithErrors: 0,
      nonSalesRows: [5, 7],
      revenueTotals: [{ currency: 'GBP', revenue: '42.0123', records: 4 }],
    });
  });

  it('Bandcamp with item details: the catalog number is the code, the title when there is none', async () => {
    const { records } = await parseFile('bandcamp.csv', fixture('bandcamp.csv'), BANDCAMP);
    expect(records.map((r) => [r.code, r.codeKind])).toEqual([
      ['5054197123456', 'upc'],
      ['GBKPL2300042', 'isrc'],
      ['SG-01-LP', 'custom'],
    ]);
    const withoutCodes = Buffer.from(
      '\ufeffdate,item type,item name,artist,catalog number,upc,isrc,quantity,net amount,currency\r\n' +
        '2/1/25 1:00pm,track,Lantern,Sea Glass,,,,1,0.40,GBP\r\n' +
        '2/1/25 2:00pm,album,Quiet Harbour,Sea Glass,sg 01,,,1,7.00,GBP\r\n' +
        '2/2/25 12:00am,payout,,,,,,,-7.40,GBP\r\n',
      'utf16le',
    );
    const { records: read, rowErrors, summary } = await parseFile('b.csv', withoutCodes, BANDCAMP);
    expect(rowErrors).toEqual([]);
    expect(read.map((r) => [r.code, r.codeKind, r.revenue])).toEqual([
      ['Lantern', 'title', '0.4'],
      // A custom code is stored as a product's custom code is: upper-case, no spaces.
      ['SG01', 'custom', '7'],
    ]);
    expect(summary.nonSalesRows).toEqual([4]);
  });

  it('DistroKid outside-the-US (OU) and worldwide rows are kept under their own territory', async () => {
    const { summary } = await expectLines(
      DISTROKID,
      'distrokid-ou.tsv',
      [
        ['USDK12300001', 2210, '6.630000000001', 'US', '2025-06-01'],
        ['USDK12300001', 5120, '1.0752', 'OU', '2025-06-01'],
        ['USDK12300001', 830, '0.2407', 'OU', '2025-06-01'],
        ['USDK12300001', 14000, '0.98', 'WW', '2025-06-01'],
        ['USDK12300001', 401, '0.4411', 'VN', '2025-06-01'],
        ['USDK12300001', -12, '-0.0108', 'OU', '2025-05-01'],
      ],
      { currency: 'USD', artist: 'The Lumens' },
    );
    expect(summary).toMatchObject({
      rowsRead: 6,
      rowsWithErrors: 0,
      revenueTotals: [{ currency: 'USD', revenue: '9.356200000001', records: 6 }],
    });
  });

  it('CD Baby with ISO official short names and Worldwide: every row read', async () => {
    const { summary } = await expectLines(
      CD_BABY,
      'cdbaby-countries.txt',
      [
        ['USCGJ2512345', 310, '0.961', 'US', '2025-06-30'],
        ['USCGJ2512345', 112, '0.3248', 'VN', '2025-06-30'],
        ['USCGJ2512345', 45, '0.0495', 'IR', '2025-06-30'],
        ['USCGJ2512345', 37, '0.0777', 'BO', '2025-06-30'],
        ['USCGJ2512345', 19, '0.0228', 'VE', '2025-06-30'],
        ['USCGJ2512345', 28, '0.0252', 'TZ', '2025-06-30'],
        ['USCGJ2512345', 12, '0.0096', 'CD', '2025-06-30'],
        ['USCGJ2512345', 9, '0.0279', 'PS', '2025-06-30'],
        ['USCGJ2512345', 14, '0.0462', 'MK', '2025-06-30'],
        ['USCGJ2512345', -1, '-0.99', 'CA', '2025-06-30'],
        ['USCGJ2512345', 1204, '0.4816', 'WW', '2025-06-30'],
      ],
      { currency: 'USD', title: 'Ember' },
    );
    expect(summary).toMatchObject({
      rowsRead: 11,
      rowsWithErrors: 0,
      revenueTotals: [{ currency: 'USD', revenue: '1.0363', records: 11 }],
    });
  });

  it('Amuse financial statement (.xlsx): the label’s share after splits, withdrawals left out', async () => {
    const { records, rowErrors, summary } = await parseFile(
      'amuse.xlsx',
      fixture('amuse.xlsx'),
      AMUSE,
    );
    expect(rowErrors).toEqual([]);
    expect(records.map((r) => [r.code, r.units, r.revenue, r.date])).toEqual([
      ['SE5Q52500101', 15840, '23.76', '2025-03-01'],
      ['SE5Q52500101', 4210, '12.63', '2025-03-01'],
      ['859712345601', 1, '6.93', '2025-03-01'],
      ['SE5Q52500101', -1, '-0.99', '2025-02-01'],
      ['SE5Q52500102', 8810, '0.881', '2025-03-01'],
    ]);
    // The Total column (after the 50 % split), not the Amount before it.
    expect(records[0]).toMatchObject({ title: 'Ödemark', service: 'Spotify', currency: 'USD' });
    expect(records[4]).toMatchObject({ title: 'Vårljus', artist: 'Saga Lindqvist & Åsa Berg' });
    expect(summary.nonSalesRows).toEqual([7]);
  });

  it('iMusician sales report: the currency named by Revenue EUR, an album row by its Barcode', async () => {
    const { records, summary } = await expectLines(
      IMUSICIAN,
      'imusician.csv',
      [
        ['CHA012500001', 8421, '25.263', 'CH', '2025-03-01'],
        ['CHA012500001', 2210, '13.923', 'DE', '2025-03-01'],
        ['7640186550012', 1, '4.893', 'FR', '2025-02-01'],
        ['CHA012500001', -1, '-0.693', 'AT', '2025-03-01'],
        ['CHA012500002', 5230, '1.046', 'PL', '2025-03-01'],
        ['CHA012500001', 311, '0.5287', 'BE', '2025-03-01'],
      ],
      { currency: 'EUR', kind: 'sale' },
    );
    expect(records[2]).toMatchObject({ codeKind: 'upc', title: 'Frühlingsnacht' });
    expect(records[4]?.title).toBe('Zażółć gęślą jaźń');
    expect(formats(records)).toEqual([
      'Stream → stream',
      'Stream → stream',
      'Download → download',
      'Download → download',
      'YouTube Monetization → other',
      'Stream → stream',
    ]);
    expect(summary.version).toBe('Sales report');
  });
});
