// A layout proposed from a sample that shows a gross amount and a fee, or a sale/refund column:
// the proposal reads revenue as gross less fee and takes the sign from the column, and the layout
// it proposes reads the sample exactly.
import { describe, expect, it } from 'vitest';
import { proposeLayout } from '../../../server/import/proposeLayout';
import { templateProblems } from '../../../server/import/templates';
import { parseFile } from './helpers';

const propose = (text: string) =>
  proposeLayout({ name: 'statement.csv', bytes: Buffer.from(text) });

describe('a proposal from a sample with amounts over several columns', () => {
  it('reads gross less the fee when no column holds the net, and the sign from a Type column', async () => {
    const text = [
      'Period,Store,ISRC,Type,Quantity,Gross Revenue,Distribution Fee,Currency',
      '2026-03,Beatport,QZDM12600001,Sale,2,3.98,0.597,EUR',
      '2026-03,Beatport,QZDM12600002,Refund,1,1.99,0.2985,EUR',
      '2026-03,Beatport,QZDM12600003,Sale,1,0.1,,EUR',
      '',
    ].join('\n');
    const proposal = await propose(text);
    expect(proposal.layout.fields.revenue).toEqual({
      add: ['Gross Revenue'],
      subtract: ['Distribution Fee'],
    });
    expect(proposal.layout.fields.sign).toEqual({ columns: ['Type'], negativeWhen: ['Refund'] });
    expect(proposal.layout.fields.format).toBeUndefined();
    expect(proposal.missing).toEqual([]);
    // Not also asked to pick the gross column alone, which would undo the fee.
    expect(proposal.choices.map((choice) => choice.field)).not.toContain('revenue');
    expect(proposal.columns.filter((c) => ['revenue', 'sign'].includes(c.field ?? ''))).toEqual([
      { column: 'Type', field: 'sign' },
      { column: 'Gross Revenue', field: 'revenue' },
      { column: 'Distribution Fee', field: 'revenue', subtract: true },
    ]);

    const template = { name: 'Proposed', versions: [proposal.layout] };
    expect(templateProblems(template)).toEqual([]);
    const { records, rowErrors, summary } = await parseFile(
      'statement.csv',
      Buffer.from(text),
      template,
    );
    expect(rowErrors).toEqual([]);
    expect(records.map((r) => [r.code, r.units, r.revenue])).toEqual([
      ['QZDM12600001', 2, '3.383'],
      ['QZDM12600002', -1, '-1.6915'],
      ['QZDM12600003', 1, '0.1'],
    ]);
    expect(summary.revenueTotals).toEqual([{ currency: 'EUR', revenue: '1.7915', records: 3 }]);
  });

  it('keeps the net column when the sample has one, and subtracts nothing', async () => {
    const proposal = await propose(
      [
        'ISRC,Quantity,Gross Revenue,Distribution Fee,Net Revenue',
        'QZDM12600001,2,3.98,0.597,3.383',
        '',
      ].join('\n'),
    );
    expect(proposal.layout.fields.revenue).toEqual({ columns: ['Net Revenue'] });
    expect(proposal.columns.some((c) => c.subtract)).toBe(false);
  });

  it('does not subtract a fee column that holds rates, not amounts', async () => {
    const proposal = await propose(
      ['ISRC,Quantity,Gross,Fee,Currency', 'QZDM12600001,2,3.98,15%,USD', ''].join('\n'),
    );
    expect(proposal.layout.fields.revenue).toEqual({ columns: [] });
    // Gross alone is no amount the label is owed: the label is asked which column holds it.
    expect(proposal.choices.map((choice) => choice.field)).toContain('revenue');
  });

  it('names the negative value a "Sale or Void" column promises though the sample has only sales', async () => {
    const proposal = await propose(
      ['ISRC,Sale or Void,Units,Net Revenue', 'QZDM12600001,Sale,1,0.99', ''].join('\n'),
    );
    expect(proposal.layout.fields.sign).toEqual({
      columns: ['Sale or Void'],
      negativeWhen: ['Void'],
    });
  });

  it('leaves a Type column of formats as the format', async () => {
    const proposal = await propose(
      [
        'ISRC,Type,Units,Net Revenue',
        'QZDM12600001,Stream,10,0.04',
        'QZDM12600001,Download,1,0.7',
        '',
      ].join('\n'),
    );
    expect(proposal.layout.fields.sign).toBeUndefined();
    expect(proposal.layout.fields.format).toEqual({ columns: ['Type'] });
  });
});
