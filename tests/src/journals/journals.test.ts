// The journals' pieces of the label's pages: the three downloads of a closed period, in the
// reader's language, and the Books tab of the Account page, shown to the label's owner only.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../api/session';
import { JournalDownloads } from '../../../src/journals/JournalDownloads';
import { SETTINGS_SECTIONS } from '../../../src/settings/sections';
import { renderWithServices } from '../serverRender';

const books = SETTINGS_SECTIONS.find((section) => section.id === 'books');

const sessionOf = (roles: string[], permissions: string[]) =>
  ({ roles, permissions, emulation: null }) as unknown as Session;

describe('journals for the books, on the label’s pages', () => {
  it('offers the QuickBooks Online and Xero journals and the trial balance of a period', () => {
    const english = renderWithServices(createElement(JournalDownloads, { period: '2026-Q1' }));
    expect(english).toContain('Journal for the books, 2026-Q1');
    expect(english).toContain('QuickBooks Online journal (CSV)');
    expect(english).toContain('Xero manual journal (CSV)');
    expect(english).toContain('Trial balance (CSV)');
    const french = renderWithServices(createElement(JournalDownloads, { period: '2026-03' }), 'fr');
    expect(french).toContain('Journal comptable, 2026-03');
    expect(french).toContain('Balance générale (CSV)');
  });

  it('shows the Books tab to the label’s owner, never to a payee', () => {
    expect(books?.shownTo?.(sessionOf(['owner'], ['account:rw', 'statement:rw']))).toBe(true);
    expect(books?.shownTo?.(sessionOf(['payee'], ['account:rw', 'payment:ro']))).toBe(false);
    expect(books?.shownTo?.(sessionOf(['overseer'], ['account:ro', 'statement:ro']))).toBe(false);
  });
});
