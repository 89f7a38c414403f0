import { describe, expect, it } from 'vitest';
import { BEATPORT, PRS_FOR_MUSIC, YOUTUBE } from '../../../server/import/templates';
import { expectLines, formats, parseFile } from './helpers';
import { describeToldApart } from './toldApart';

describe('Beatport, YouTube and PRS for Music read their samples exactly', () => {
  it('Beatport: NET_TOTAL is the amount, one purchase a unit (TRACK_COUNT is the release size), a void subtracts', async () => {
    const { records, summary } = await expectLines(
      BEATPORT,
      'beatport.csv',
      [
        ['DEN012500101', 1, '0.97', 'DE', '2025-07-03'],
        // NET_CONTENT_REVENUE 0.97 + NET_WAV_REVENUE 0.38 - WITHHELD_AMOUNT 0.22.
        ['DEN012500101', 1, '1.13', 'US', '2025-07-09'],
        ['DEN012500102', 1, '1.16', 'JP', '2025-07-15'],
        // An 18-track release bought once: one unit, 7.14 (not PAID_PRICE 12.99, not 18 units).
        ['4260123450014', 1, '7.14', 'GB', '2025-07-21'],
        // A void returns the purchase: its unit as well as its amount.
        ['DEN012500101', -1, '-1.35', 'US', '2025-06-27'],
        // No ISRC, no UPC: the release's catalogue number.
        ['NRD001', 1, '0.71', 'FR', '2025-07-30'],
        // 30% US tax withheld.
        ['DEN012500102', 1, '0.68', 'US', '2025-07-31'],
      ],
      { currency: 'USD', service: 'Beatport', kind: 'sale', formatKind: 'download' },
    );
    expect(records.map((r) => r.codeKind)).toEqual([
      'isrc',
      'isrc',
      'isrc',
      'upc',
      'isrc',
      'custom',
      'isrc',
    ]);
    expect(records.map((r) => r.title)).toEqual([
      'Nachtfahrt',
      'Nachtfahrt',
      'Señal Débil',
      'Polarnacht (Deluxe)',
      'Nachtfahrt',
      'Erste Welle',
      'Señal Débil',
    ]);
    expect(records[2]?.artist).toBe('Lía Müller,Jörg Åström');
    expect(formats(records).slice(0, 3)).toEqual([
      'mp3 → download',
      'aiff → download',
      'wav → download',
    ]);
    expect(summary.revenueTotals).toEqual([{ currency: 'USD', revenue: '10.44', records: 7 }]);
  });

  it('YouTube asset revenue: Partner Revenue and Owned Views, never YouTube’s split; an adjustment deducts', async () => {
    const { records, summary } = await expectLines(
      YOUTUBE,
      'youtube-asset-revenue.csv',
      [
        ['DEN012500101', 15230, '6.541755', 'US', '2025-06-01'],
        ['DEN012500101', 4120, '1.648', 'DE', '2025-06-01'],
        ['DEN012500102', 980, '0.4116', 'JP', '2025-06-02'],
        // No ISRC nor UPC: the asset's custom ID.
        ['NRD-007-03', 2210, '0.2873', 'BR', '2025-06-03'],
        ['DEN012500101', 0, '-0.412', 'US', '2025-05-15'],
        ['DEN012500103', 310, '0.093', 'KR', '2025-06-03'],
      ],
      { currency: 'USD', service: 'YouTube', kind: 'sale', formatKind: 'video' },
    );
    expect(records[3]?.codeKind).toBe('custom');
    expect(records.map((r) => r.title)).toEqual([
      'Nachtfahrt',
      'Nachtfahrt',
      'Señal Débil',
      'Eisblumen',
      'Nachtfahrt',
      'Åsa’s Lullaby (北風)',
    ]);
    expect(records[2]?.artist).toBe('Lía Müller, Jörg Åström');
    expect(summary.version).toBe('Asset revenue report (music)');
  });

  it('YouTube asset revenue from the Reporting API (snake_case fields) reads the same way', async () => {
    const file = Buffer.from(
      'adjustment_type,day,country,asset_id,asset_title,custom_id,isrc,upc,artist,owned_views,' +
        'youtube_revenue_split,partner_revenue_auction,partner_revenue\n' +
        'None,20250601,US,A104729384756102,Nachtfahrt,NRD-007-01,DEN012500101,,Jörg Åström,15230,5.352345,6.236199,6.541755\n' +
        'Backpay,20250410,MX,A104729384756103,Señal Débil,,DEN012500102,,Lía Müller,744,0.2,0.31,0.31\n',
    );
    const { records, rowErrors, summary } = await parseFile('yt.csv', file, YOUTUBE);
    expect(rowErrors).toEqual([]);
    expect(summary.version).toBe('Asset revenue report (music, Reporting API)');
    expect(records.map((r) => [r.code, r.units, r.revenue, r.territory, r.date])).toEqual([
      ['DEN012500101', 15230, '6.541755', 'US', '2025-06-01'],
      ['DEN012500102', 744, '0.31', 'MX', '2025-04-10'],
    ]);
  });

  it('YouTube asset summary without Day and Country: read with no date and no territory', async () => {
    const file = Buffer.from(
      'Adjustment Type,Asset ID,Asset Title,Custom ID,ISRC,UPC,Artist,Owned Views,YouTube Revenue Split,Partner Revenue\n' +
        'None,A104729384756102,Nachtfahrt,NRD-007-01,DEN012500101,,Jörg Åström,19350,6.700709,8.189755\n',
    );
    const { records, rowErrors } = await parseFile('yt.csv', file, YOUTUBE);
    expect(rowErrors).toEqual([]);
    expect(records.map((r) => [r.code, r.units, r.revenue, r.territory, r.date])).toEqual([
      ['DEN012500101', 19350, '8.189755', null, null],
    ]);
  });

  it('PRS for Music: works by ISWC, else work number; pounds; day-first dates; the total row left out', async () => {
    const { records, summary } = await expectLines(
      PRS_FOR_MUSIC,
      'prs-statement.csv',
      [
        ['T-912.345.678-1', 12, '14.37', 'GB', '2024-10-01'],
        ['T-912.345.678-1', 3410, '0.82', 'FR', '2024-07-01'],
        ['T-912.345.679-2', 2, '3.05', 'DE', '2024-01-01'],
        ['T-912.345.678-1', 25877, '2.6113', 'SE', '2024-10-01'],
        ['T-912.345.679-2', 0, '-1.2', 'GB', '2024-04-01'],
        // An un-notified work (asterisked) without an ISWC: its PRS work number.
        ['T9012345680', 1, '6.48', 'GB', '2024-10-01'],
      ],
      { currency: 'GBP', codeKind: 'custom', kind: 'sale', formatKind: 'other' },
    );
    expect(records.map((r) => r.title)).toEqual([
      'NACHTFAHRT',
      'NACHTFAHRT',
      'SEÑAL DÉBIL',
      'NACHTFAHRT',
      'SEÑAL DÉBIL',
      '*POLARNACHT',
    ]);
    expect(records[2]).toMatchObject({
      artist: 'MÜLLER LÍA',
      service: 'German (GEMA) General & Broadcasting',
    });
    expect(summary.totalRows).toEqual([8]);
    expect(summary.revenueTotals).toEqual([{ currency: 'GBP', revenue: '26.1313', records: 6 }]);
  });

  it('PRS for Music statement with only the four identifying columns: titles as keys, no units', async () => {
    const file = Buffer.from(
      'Record Number,CAE Number,Work Title,Amount (performance revenue)\n' +
        '1,1234567890,Song 1,0.016\n2,1234567890,Song 1,0.072\n3,1234567890,Canción 2,0.081\n',
    );
    const { records, rowErrors } = await parseFile('prs.csv', file, PRS_FOR_MUSIC);
    expect(rowErrors).toEqual([]);
    expect(records.map((r) => [r.code, r.codeKind, r.units, r.revenue, r.currency])).toEqual([
      ['Song 1', 'title', 0, '0.016', 'GBP'],
      ['Song 1', 'title', 0, '0.072', 'GBP'],
      ['Canción 2', 'title', 0, '0.081', 'GBP'],
    ]);
  });
});

// Their figures worked out by hand (fixtures/expected/) are checked by layoutTable.test.ts.
describeToldApart(
  'Beatport, YouTube and PRS for Music',
  [BEATPORT, YOUTUBE, PRS_FOR_MUSIC],
  ['beatport.csv', 'youtube-asset-revenue.csv', 'prs-statement.csv'],
);
