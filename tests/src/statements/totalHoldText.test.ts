import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { totalHoldText } from '../../../src/statements/TotalHoldNotice';
import { totalHold } from '../../../rules/totalChecks';

/** Intl's no-break and narrow no-break spaces, as plain spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const read = (revenue: string, currency = 'GBP') => ({
  currency,
  revenue,
  streamRevenue: revenue,
  streamUnits: '4000',
  files: 1,
});

describe('the figure a statement is held on, in the reader’s language and money', () => {
  it('names the expected and the read totals', () => {
    const hold = totalHold(read('5280012390'), {
      expected: '29.63',
      largestMonth: null,
      confirmed: null,
    });
    if (!hold) throw new Error('not held');
    expect(totalHoldText(hold, createI18n('en').t, 'en')).toBe(
      'The files read to £5,280,012,390.00, not the expected total you entered, £29.63. Confirm the total read, or replace or cancel the file.',
    );
    expect(spaced(totalHoldText(hold, createI18n('fr').t, 'fr'))).toBe(
      'Les fichiers totalisent 5 280 012 390,00 £GB, et non le total attendu que vous avez saisi, 29,63 £GB. Confirmez le total lu, ou remplacez ou annulez le fichier.',
    );
  });

  it('names how many times the largest approved month the total is', () => {
    const hold = totalHold(read('5280012390'), {
      expected: null,
      largestMonth: { month: '2026-08', revenue: '29.63' },
      confirmed: null,
    });
    if (!hold) throw new Error('not held');
    expect(totalHoldText(hold, createI18n('en').t, 'en')).toBe(
      'This statement’s total, £5,280,012,390.00, is 178,198,190 times the largest month you approved from this distributor (£29.63 in 2026-08). Confirm it or replace the file.',
    );
    expect(totalHoldText(hold, createI18n('ja').t, 'ja')).toContain('178,198,190 倍');
  });

  it('names what each stream earns and the bound', () => {
    const hold = totalHold(read('5280012390', 'USD'), {
      expected: null,
      largestMonth: null,
      confirmed: null,
    });
    if (!hold) throw new Error('not held');
    expect(spaced(totalHoldText(hold, createI18n('es').t, 'es'))).toBe(
      'Las 4000 reproducciones y visualizaciones de este estado de cuenta generan 1.320.003,09 US$ cada una, más de lo que paga cualquier tienda (1000,00 US$ como máximo). Confírmalo o reemplaza el archivo.',
    );
  });
});
