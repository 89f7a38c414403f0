import { describe, expect, it } from 'vitest';
import {
  APPLE,
  BANDCAMP,
  BELIEVE,
  CD_BABY,
  DISTROKID,
  FUGA,
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
        ['NLA512300001', 7, '0', null, '2023-08-01'],
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
        ['BS-TEE-01', 2, '40', null, '2023-07-01'],
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
