// The bank-files page as a label's owner reads it: each file's format in words, its total as
// money, who downloaded and submitted it; "Mark as submitted" only once the file was downloaded;
// what an uploaded return file held. The page is in the navigation of a label's owner only, and
// only when the portal pays by bank files.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AppliedBankReturn, BankFile } from '../../../api/bankFiles';
import type { Session } from '../../../api/session';
import { permissionsOf } from '../../../server/auth/permissions';
import { createI18n } from '../../../src/i18n';
import { BankFilesTable, ReturnResults } from '../../../src/payments/BankFilesPage';
import { visibleNavigation } from '../../../src/routes/access';

const render = (node: ReactNode, language = 'en') =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(language) }, node));

// 2026-11-27 15:00 UTC and the next day.
const CREATED = 1_796_223_600;
const file = (overrides: Partial<BankFile>): BankFile => ({
  id: 'f1',
  format: 'nacha',
  currency: 'USD',
  fileName: 'royalties-2026-11-27-A.ach',
  createdAt: CREATED,
  payments: 3,
  entries: 3,
  total: '1234.5',
  status: 'open',
  downloadedAt: null,
  downloadedBy: null,
  submittedAt: null,
  submittedBy: null,
  ...overrides,
});

/** The text of each row's cells, and which of its buttons can be pressed. */
function rows(html: string) {
  const body = html.slice(html.indexOf('<tbody>'));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(([, row]) => ({
    cells: [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell]) =>
      cell!.replace(/<button[^]*$/, '').replace(/<[^>]+>/g, ''),
    ),
    buttons: [...row!.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
      ([, attributes, label]) => `${label}${attributes!.includes('disabled') ? ' (disabled)' : ''}`,
    ),
  }));
}

describe('the bank files list', () => {
  const noop = () => {};
  const files = [
    file({}),
    file({
      id: 'f2',
      format: 'sepa',
      currency: 'EUR',
      fileName: 'royalties-2026-11-27-B.xml',
      total: '80',
      payments: 1,
      downloadedAt: CREATED + 60,
      downloadedBy: 'Lena Label',
    }),
    file({
      id: 'f3',
      fileName: 'royalties-2026-11-26-A.ach',
      status: 'submitted',
      downloadedAt: CREATED - 86_400,
      downloadedBy: 'Lena Label',
      submittedAt: CREATED - 86_000,
      submittedBy: 'Lena Label',
    }),
  ];

  it('names the format in words, shows the total as money and who did what', () => {
    const [nacha, sepa, submitted] = rows(
      render(
        createElement(BankFilesTable, { files, busy: null, onDownload: noop, onSubmit: noop }),
      ),
    );
    expect(nacha!.cells.slice(1, 8)).toEqual([
      'ACH (NACHA)',
      'USD',
      '3',
      '$1,234.50',
      'Not yet submitted',
      'Not yet',
      'Not yet',
    ]);
    expect(sepa!.cells.slice(1, 5)).toEqual(['SEPA credit transfer', 'EUR', '1', '€80.00']);
    expect(sepa!.cells[6]).toMatch(/^Lena Label, /);
    expect(submitted!.cells[5]).toBe('Submitted to the bank');
    expect(submitted!.cells[7]).toMatch(/^Lena Label, /);
  });

  it('lets a file be marked as submitted only once downloaded, and a submitted one no more', () => {
    const [nacha, sepa, submitted] = rows(
      render(
        createElement(BankFilesTable, { files, busy: null, onDownload: noop, onSubmit: noop }),
      ),
    );
    expect(nacha!.buttons).toEqual(['Download', 'Mark as submitted to the bank (disabled)']);
    expect(sepa!.buttons).toEqual(['Download', 'Mark as submitted to the bank']);
    expect(submitted!.buttons).toEqual(['Download']);
    // While its submission is on its way, the file's buttons wait.
    const [, busy] = rows(
      render(
        createElement(BankFilesTable, { files, busy: 'f2', onDownload: noop, onSubmit: noop }),
      ),
    );
    expect(busy!.buttons).toEqual([
      'Download (disabled)',
      'Mark as submitted to the bank (disabled)',
    ]);
  });

  it('reads in the reader’s language', () => {
    const [nacha, sepa] = rows(
      render(
        createElement(BankFilesTable, { files, busy: null, onDownload: noop, onSubmit: noop }),
        'fr',
      ),
    );
    expect(nacha!.cells[5]).toBe('Pas encore remis');
    expect(sepa!.cells[1]).toBe('Virement SEPA');
    expect(nacha!.buttons[1]).toBe('Marquer comme remis à la banque (disabled)');
  });
});

describe('what an uploaded return file held', () => {
  const returned = (overrides: Partial<AppliedBankReturn>): AppliedBankReturn => ({
    reference: '021000020000001',
    code: 'AC04',
    outcome: 'returned',
    paymentId: 'p1',
    payeeName: 'Aria Artist',
    amount: '12.34',
    currency: 'USD',
    ...overrides,
  });

  it('shows per return the payee, the amount, the code and what happened', () => {
    const html = render(
      createElement(ReturnResults, {
        returns: [
          returned({}),
          returned({ outcome: 'already-returned', payeeName: 'Paco Payee', amount: '5' }),
          returned({
            outcome: 'not-this-label',
            paymentId: null,
            payeeName: null,
            amount: null,
            currency: null,
          }),
        ],
      }),
    );
    expect(rows(html).map((row) => row.cells)).toEqual([
      ['Aria Artist', '$12.34', 'Account closed (AC04)', 'Payment returned'],
      ['Paco Payee', '$5.00', 'Account closed (AC04)', 'Returned before: nothing changed'],
      ['Unknown', '—', 'Account closed (AC04)', 'Not a payment of this label: nothing changed'],
    ]);
    // In the reader's language; a code the portal has no text for says the bank returned it.
    const french = render(
      createElement(ReturnResults, { returns: [returned({ code: 'XT99', outcome: 'not-found' })] }),
      'fr',
    );
    const [unknown] = rows(french);
    expect(unknown!.cells[2]).toMatch(/ \(XT99\)$/);
    expect(unknown!.cells[2]).not.toMatch(/bank|^XT99/);
    expect(unknown!.cells[3]).toBe('Aucun paiement de vos fichiers ne correspond');
  });
});

describe('the bank files page in the navigation', () => {
  const session = (roles: string[], paymentRail?: Session['paymentRail']) => ({
    roles: roles as Session['roles'],
    permissions: permissionsOf(roles as Session['roles']),
    emulation: null,
    ...(paymentRail ? { paymentRail } : {}),
  });
  const shown = (who: ReturnType<typeof session>) =>
    visibleNavigation(who).map((entry) => entry.routeId);

  it('is there for a label’s owner when the portal pays by bank files, for nobody else', () => {
    expect(shown(session(['owner'], 'bankfile'))).toContain('bank-files');
    expect(shown(session(['owner'], 'sandbox'))).not.toContain('bank-files');
    expect(shown(session(['owner']))).not.toContain('bank-files');
    expect(shown(session(['payee'], 'bankfile'))).not.toContain('bank-files');
    expect(shown(session(['admin'], 'bankfile'))).not.toContain('bank-files');
  });
});
