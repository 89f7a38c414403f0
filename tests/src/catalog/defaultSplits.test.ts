import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ServicesContext } from '../../../src/app/ServicesContext';
import type { Services } from '../../../src/app/services';
import { DefaultSplitsEditor } from '../../../src/catalog/DefaultSplitsPanel';
import { createI18n } from '../../../src/i18n';
import type { DefaultSplits } from '../../../api/defaultSplits';

const saved: DefaultSplits = {
  version: 4,
  splitSets: [
    {
      id: 'default-base',
      scope: 'product',
      kind: 'base',
      startDate: null,
      priority: 0,
      trigger: null,
      shares: [
        {
          payeeId: 'lena',
          fullname: 'Lena Label',
          pct: '70',
          balance: false,
          grouped: false,
          groupId: null,
          members: [],
        },
        {
          payeeId: 'aria',
          fullname: 'Aria Artist',
          pct: null,
          balance: true,
          grouped: false,
          groupId: null,
          members: [],
        },
      ],
    },
  ],
};

/** Server-renders the default splits editor: effects do not run, so no call is made. */
function render(language: string): string {
  const i18n = createI18n(language);
  const services = { i18n, api: {} } as unknown as Services;
  return renderToStaticMarkup(
    createElement(
      ServicesContext.Provider,
      { value: services },
      createElement(
        I18nextProvider,
        { i18n },
        createElement(DefaultSplitsEditor, { saved, onSaved: () => undefined }),
      ),
    ),
  );
}

describe('the default splits editor', () => {
  it('edits the account-wide sets with the split editor, without code scopes or a preview', () => {
    const html = render('en');
    expect(html).toContain(
      'These splits apply across the account, to products and codes without splits of their own.',
    );
    expect(html).toContain('Add base split');
    expect(html).toContain('Add mechanical split');
    expect(html).not.toContain('Whole product');
    expect(html).not.toContain('Payout preview');
  });

  it('is translated', () => {
    expect(render('fr')).toContain(
      'Ces répartitions s&#x27;appliquent à tout le compte, aux produits et codes sans répartition propre.',
    );
    expect(render('ja')).toContain('アカウント全体で適用されます');
  });
});
