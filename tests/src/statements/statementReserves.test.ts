// An approved statement's reserves on its page, under its payees: what was held back of each,
// the returns taken from their reserve and the days it is paid back, in the reader's language,
// amounts in minor units with the exact value on hover; nothing before approval.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { PayeeReserve } from '../../../api/reserves';
import type { Statement } from '../../../api/statements';
import { ApprovedReserves, StatementReserves } from '../../../src/statements/StatementReserves';
import { renderWithServices } from '../serverRender';

const names = new Map([
  ['p-ada', 'Ada Lovelace'],
  ['p-bo', 'Bo Diddley'],
]);
const reserves: PayeeReserve[] = [
  {
    payeeId: 'p-ada',
    withheld: '12.5',
    charged: '0',
    releases: [
      { period: '2026-12', dueOn: '2026-12-01', amount: '6.25' },
      { period: '2027-01', dueOn: '2027-01-01', amount: '6.25' },
    ],
  },
  { payeeId: 'p-bo', withheld: '0', charged: '3.004', releases: [] },
];

/** The amounts shown, in order: what is read, and the exact value on hover. */
const amounts = (html: string) =>
  [...html.matchAll(/<span class="money" title="([^"]*)">([^<]*)<\/span>/g)].map(
    (match) => `${match[2]} (${match[1]})`,
  );

describe('an approved statement’s reserves against returns', () => {
  it('shows each payee’s reserve held back, returns taken from it and the days it comes back', () => {
    const html = renderWithServices(
      createElement(ApprovedReserves, { reserves, currency: 'USD', names }),
    );
    expect(html).toContain(
      'Approving this statement held back these reserves and took these returns from them',
    );
    expect(html).toContain('<caption>Reserves against returns</caption>');
    for (const heading of ['Payee', 'Held back', 'Returns taken from the reserve', 'Paid back']) {
      expect(html).toContain(`>${heading}</th>`);
    }
    expect(html).toMatch(/Ada Lovelace.*Bo Diddley/s);
    expect(amounts(html)).toEqual([
      '$12.50 ($12.50)',
      '$0.00 ($0.00)',
      '$6.25 ($6.25)',
      '$6.25 ($6.25)',
      '$0.00 ($0.00)',
      '$3.00 ($3.004)',
    ]);
    expect(html).toContain('<time dateTime="2026-12-01">');
    expect(html).toContain('<time dateTime="2027-01-01">');
  });

  it('speaks the reader’s language and writes their amounts', () => {
    const html = renderWithServices(
      createElement(ApprovedReserves, { reserves, currency: 'EUR', names }),
      'fr',
    );
    expect(html).toContain('<caption>Réserves pour retours</caption>');
    expect(html).toContain('chaque bénéficiaire est remboursé aux dates indiquées');
    expect(html).toContain('>Retours imputés sur la réserve</th>');
    expect(amounts(html)[0]).toBe('12,50\u00a0€ (12,50\u00a0€)');
  });

  it('shows nothing when the approval held nothing back, nor before approval', () => {
    expect(
      renderWithServices(createElement(ApprovedReserves, { reserves: [], currency: 'USD', names })),
    ).toBe('');
    const calculated = { id: 's1', state: 'calculated', currency: 'USD' } as Statement;
    expect(
      renderWithServices(createElement(StatementReserves, { statement: calculated, names })),
    ).toBe('');
  });
});
