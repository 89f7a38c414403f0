import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { emptyTrigger } from '../../../src/catalog/splitDraft';
import { TriggerFields, type RecoupmentChoice } from '../../../src/catalog/TriggerFields';

const ADVANCE: RecoupmentChoice = {
  id: 'rc-1',
  title: 'Album advance',
  remaining: '330.125',
  currency: 'USD',
};

const render = (recoupmentId: string, language = 'en') =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(language) },
      createElement(TriggerFields, {
        trigger: { ...emptyTrigger(), type: 'recoupment', recoupmentId },
        recoupments: [ADVANCE],
        onChange: () => undefined,
      }),
    ),
  );

describe('the recoupment-repaid trigger', () => {
  it('offers the account’s recoupments by title and what is left, never an id to type', () => {
    const html = render('');
    expect(html).toContain('<option value="" selected="">Choose a recoupment</option>');
    expect(html).toContain('<option value="rc-1">Album advance ($330.13 left)</option>');
    expect(html).not.toContain('type="text"');
  });

  it('shows a saved recoupment that is no longer listed as such, keeping its choice', () => {
    const html = render('rc-gone');
    expect(html).toContain(
      '<option value="rc-gone" selected="">A recoupment no longer listed</option>',
    );
  });

  it('speaks the reader’s language', () => {
    expect(render('', 'fr')).toContain('Album advance (reste 330,13');
  });
});
