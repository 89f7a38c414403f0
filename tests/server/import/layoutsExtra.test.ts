import { describe, expect, it } from 'vitest';
import {
  AUDIUS,
  THE_MLC,
  TRAXSOURCE,
  type DistributorTemplate,
} from '../../../server/import/templates';
import { expectLines, fixture, formats, parseFile } from './helpers';
import { describeToldApart } from './toldApart';

const read = (template: DistributorTemplate, file: string) =>
  parseFile(file, fixture(file), template);

describe('Traxsource, Audius and The MLC read their samples exactly', () => {
  it('Traxsource: Amount Due per track, release or bundle; a void subtracts; the summary block is left out', async () => {
    const { records, rowErrors, summary } = await read(TRAXSOURCE, 'traxsource.csv');
    expect(
      records.map((r) => [r.code, r.codeKind, r.units, r.revenue, r.territory, r.date]),
    ).toEqual([
      // Net of Traxsource's 4.5% and the 10% mechanicals withheld outside the US.
      ['DEN012500101', 'isrc', 1, '0.94127', 'DE', '2025-06-01'],
      ['DEN012500101', 'isrc', 3, '3.42081', 'US', '2025-06-01'],
      ['DEN012500102', 'isrc', 1, '1.29602', 'GB', '2025-06-01'],
      // A whole-release purchase: no ISRC, the release's UPC.
      ['4260123450014', 'upc', 1, '4.72527', 'JP', '2025-06-01'],
      ['DEN012500102', 'isrc', 2, '1.88254', 'CA', '2025-06-01'],
      // No ISRC, no UPC: the label's catalogue number.
      ['NRD001', 'custom', 1, '0.94127', 'PL', '2025-06-01'],
      ['DEN012500101', 'isrc', -1, '-0.94127', 'FR', '2025-06-01'],
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        currency: 'USD',
        service: 'Traxsource',
        kind: 'sale',
        formatKind: 'download',
      });
    }
    expect(records.map((r) => r.title)).toEqual([
      'Nachtfahrt',
      'Nachtfahrt',
      'Señal Débil',
      'Whole Release',
      'Señal Débil',
      'Erste Welle',
      'Nachtfahrt',
    ]);
    expect(records[5]?.artist).toBe('Łucja Żak');
    expect(formats(records).slice(2, 4)).toEqual(['WAV → download', 'MP3 → download']);
    // A 12-digit number in the ISRC column (as Traxsource wrote one) is no ISRC: refused, named.
    expect(rowErrors).toEqual([
      { row: 7, field: 'code', message: "ISRC '426012345003' is not a valid ISRC" },
    ]);
    // Every line of the summary, the Period line split by its own commas included.
    expect(summary.totalRows).toEqual([11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]);
    expect(summary.revenueTotals).toEqual([{ currency: 'USD', revenue: '12.26591', records: 7 }]);
  });

  it('Audius: Total royalty per purchase, an album purchase by its UPC, dated by the report’s start', async () => {
    const { records } = await expectLines(
      AUDIUS,
      'audius-sales.csv',
      [
        ['DEN012500101', 1, '0.9', 'US', '2025-06-01'],
        ['DEN012500102', 1, '1.8', 'DE', '2025-06-01'],
        ['4260123450014', 1, '4.5', 'GB', '2025-06-01'],
        // No country known for the buyer.
        ['DEN012500101', 1, '0.9', null, '2025-06-01'],
        ['DEN012500103', 1, '0.9', 'JP', '2025-06-01'],
        ['DEN012500104', 1, '1.35', 'BR', '2025-06-01'],
      ],
      { currency: 'USD', service: 'Audius', kind: 'sale', formatKind: 'download' },
    );
    expect(records.map((r) => r.codeKind)).toEqual(['isrc', 'isrc', 'upc', 'isrc', 'isrc', 'isrc']);
    expect(records.map((r) => r.title)).toEqual([
      'Nachtfahrt',
      'Señal Débil',
      'Polarnacht',
      'Nachtfahrt',
      'Åsa’s Lullaby (北風)',
      'Señal Débil (Łódź Dub)',
    ]);
    expect(records[5]?.artist).toBe('Lía Müller, Jörg Åström');
  });

  it('The MLC: Distributed Amount as mechanical income, works by member identifier, ISWC, song code or title', async () => {
    const { records } = await expectLines(
      THE_MLC,
      'mlc-work-summary.tsv',
      [
        ['NRD-W001', 48210, '10.84725', 'US', '2025-03-01'],
        ['NRD-W001', 9120, '3.192', 'US', '2025-03-01'],
        // No member identifier: the ISWC.
        ['T-912.345.679-2', 1204, '1.5652', 'US', '2025-03-01'],
        // Neither: the MLC song code.
        ['P7734Q', 3310, '1.73775', 'US', '2025-03-01'],
        // No code at all: the work's title, matched to the catalog by title.
        ['Łódź Nocą', 215, '0.07525', 'US', '2025-03-01'],
        // An adjustment of January's usage: a deduction, no usages.
        ['NRD-W001', 0, '-0.4125', 'US', '2025-01-01'],
        ['NRD-W001', 12, '0.546', 'US', '2025-03-01'],
      ],
      { currency: 'USD', kind: 'mechanical' },
    );
    expect(records.map((r) => r.codeKind)).toEqual([
      'custom',
      'custom',
      'custom',
      'custom',
      'title',
      'custom',
      'custom',
    ]);
    expect(records.map((r) => r.service)).toEqual([
      'Spotify',
      'Apple Music',
      'Amazon Music Unlimited',
      'Pandora',
      'YouTube Music',
      'Spotify',
      'Apple iTunes',
    ]);
    expect(formats(records).slice(1, 3)).toEqual([
      'Interactive Streaming → stream',
      'Limited Download → download',
    ]);
    expect(records[3]?.artist).toBe('ŻAK ŁUCJA|ÅSTRÖM JÖRG');
  });

  it('The MLC’s Royalty Detail statement reads the recording’s ISRC and artist when it names them', async () => {
    const file = Buffer.from(
      'Work Primary Title\tWork Writer List\tISWC\tISRC\tRecording Display Artist Name\tDSP Name\t' +
        'Territory\tUsage Period Start Date\tNumber of Usages\tDistributed Amount\n' +
        'Nachtfahrt\tÅSTRÖM JÖRG\tT-912.345.678-1\tDEN012500101\tJörg Åström\tSpotify\tUS\t2025-03-01\t310\t0.0698\n' +
        'Señal Débil\tMÜLLER LÍA\tT-912.345.679-2\t\tLía Müller\tDeezer\tUS\t2025-03-01\t12\t0.0027\n',
    );
    const { records, rowErrors } = await parseFile('mlc-detail.tsv', file, THE_MLC);
    expect(rowErrors).toEqual([]);
    expect(records.map((r) => [r.code, r.codeKind, r.artist, r.units, r.revenue])).toEqual([
      ['DEN012500101', 'isrc', 'Jörg Åström', 310, '0.0698'],
      ['T-912.345.679-2', 'custom', 'Lía Müller', 12, '0.0027'],
    ]);
  });
});

// Their figures worked out by hand (fixtures/expected/) are checked by layoutTable.test.ts.
describeToldApart(
  'Traxsource, Audius and The MLC',
  [TRAXSOURCE, AUDIUS, THE_MLC],
  ['traxsource.csv', 'audius-sales.csv', 'mlc-work-summary.tsv'],
);
