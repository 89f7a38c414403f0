import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../server/format/csv';

describe('CSV answers', () => {
  it('keeps a text cell a spreadsheet would run as a formula as text', () => {
    const csv = toCsv(
      ['payee', 'amount'],
      [
        [{ text: '=HYPERLINK("http://example.test","x")' }, { decimal: '-1.5' }],
        [{ text: '+1' }, { decimal: '0.000000000001' }],
        [{ text: '-2' }, { decimal: '10' }],
        [{ text: '@SUM(A1)' }, { decimal: '0' }],
        [{ text: 'Plain, with a comma' }, { decimal: '3' }],
        [{ text: null }, { integer: null }],
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'payee,amount',
      `"'=HYPERLINK(""http://example.test"",""x"")",-1.5`,
      "'+1,0.000000000001",
      "'-2,10",
      "'@SUM(A1),0",
      '"Plain, with a comma",3',
      ',',
      '',
    ]);
  });
});
