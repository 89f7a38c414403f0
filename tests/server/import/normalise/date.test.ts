import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../../server/import/normalise/date';

describe('parseDate', () => {
  it.each([
    ['2023-06', '2023-06-01'],
    ['2023-06-15', '2023-06-15'],
    ['2023/06/15', '2023/06/15'.replace(/\//g, '-')],
    ['2023-06-15T23:59:59Z', '2023-06-15'],
    ['2023-06-15 00:00:00', '2023-06-15'],
    ['20230615', '2023-06-15'],
    ['202306', '2023-06-01'],
    ['2017M10', '2017-10-01'],
    ['JUN-25', '2025-06-01'],
    ['Jun 2025', '2025-06-01'],
    ['June 2025', '2025-06-01'],
    ["Sep '23", '2023-09-01'],
    ['2025-Jun', '2025-06-01'],
    ['15-Jun-2025', '2025-06-15'],
    ['Jun 15, 2025', '2025-06-15'],
    ['10/15/2023 12:00:00 AM', '2023-10-15'],
    ['10/15/2023', '2023-10-15'],
    ['1/15/23 3:45pm', '2023-01-15'],
    ['15.10.2023', '2023-10-15'],
    ['2024-02-29', '2024-02-29'],
  ])('reads %s as %s', (raw, expected) => {
    expect(parseDate(raw)).toEqual({ ok: true, value: expected });
  });

  it('reads day-first slashes when the layout says so', () => {
    expect(parseDate('05/06/2023', { dateOrder: 'dmy' })).toEqual({
      ok: true,
      value: '2023-06-05',
    });
    expect(parseDate('05/06/2023')).toEqual({ ok: true, value: '2023-05-06' });
  });

  it('reads Excel serial numbers only from spreadsheets', () => {
    expect(parseDate('45199', { excelSerial: true })).toEqual({ ok: true, value: '2023-09-30' });
    expect(parseDate('45199.75', { excelSerial: true })).toEqual({ ok: true, value: '2023-09-30' });
    expect(parseDate('1', { excelSerial: true })).toEqual({ ok: true, value: '1900-01-01' });
    expect(parseDate('61', { excelSerial: true })).toEqual({ ok: true, value: '1900-03-01' });
    expect(parseDate('45199').ok).toBe(false);
  });

  it('is null when blank', () => {
    expect(parseDate('  ')).toEqual({ ok: true, value: null });
  });

  it.each(['2023-02-30', '2023-13', '13/15/2023', 'yesterday', 'Foo 2023', '60', '1850-01-01'])(
    'refuses %s',
    (raw) => {
      expect(parseDate(raw, { excelSerial: raw === '60' }).ok).toBe(false);
    },
  );
});
