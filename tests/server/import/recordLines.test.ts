import { describe, expect, it } from 'vitest';
import { RECORD_COLUMNS, recordLineWriter } from '../../../server/import/recordLines';
import type { StatementRecord } from '../../../server/import/types';

const record: StatementRecord = {
  code: 'QZDM12600001',
  codeKind: 'isrc',
  title: 'Tab\there, line\nbreak, carriage\rreturn',
  artist: 'AC\\DC',
  service: 'Spotify',
  format: '\\N',
  formatKind: 'other',
  territory: null,
  units: -3,
  revenue: '-0.000000000001',
  date: null,
  kind: 'mechanical',
  currency: null,
  row: 12,
};

describe('records as lines of COPY text', () => {
  it('writes every column in order, escaped, with \\N for null', () => {
    const line = recordLineWriter('statement\t1', 'file\\1')(record);
    expect(line.split('\t')).toHaveLength(RECORD_COLUMNS.length);
    expect(line).toBe(
      'statement\\t1\tfile\\\\1\t12\tQZDM12600001\tisrc\tTab\\there, line\\nbreak, carriage\\rreturn\t' +
        'AC\\\\DC\tSpotify\tother\t\\\\N\t\\N\t-3\t-0.000000000001\t\\N\tmechanical\t\\N',
    );
  });

  it('writes a full record as it is', () => {
    const line = recordLineWriter(
      's',
      'f',
    )({
      ...record,
      title: 'Ünïcödé ✓',
      artist: 'Aria Vale',
      format: 'Song',
      formatKind: 'stream',
      territory: 'US',
      units: 1200,
      revenue: '12.5',
      date: '2026-09-01',
      kind: 'sale',
      currency: 'USD',
    });
    expect(line).toBe(
      's\tf\t12\tQZDM12600001\tisrc\tÜnïcödé ✓\tAria Vale\tSpotify\tstream\tSong\tUS\t1200\t12.5\t2026-09-01\tsale\tUSD',
    );
  });
});
