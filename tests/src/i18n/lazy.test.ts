import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { createLazyI18n } from '../../../src/i18n/lazy';

// A text every language translates: the sign-in button of the login page.
const KEY = 'login.form.submit';

describe('languages loaded as chosen', () => {
  const all = createI18n('en');
  const textIn = (language: string) => all.getFixedT(language)(KEY);

  it('starts in the browser’s language once its file is in, never showing a key', async () => {
    const { i18n, ready } = createLazyI18n('fr-CA');
    await ready;
    expect(i18n.language).toBe('fr');
    expect(i18n.t(KEY)).toBe(textIn('fr'));
    expect(i18n.t(KEY)).not.toBe(textIn('en'));
  });

  it('switches to another language only with its texts, and English stays the fallback', async () => {
    const { i18n, ready } = createLazyI18n('en');
    await ready;
    expect(i18n.t(KEY)).toBe(textIn('en'));
    await i18n.changeLanguage('ja');
    expect(i18n.language).toBe('ja');
    expect(i18n.t(KEY)).toBe(textIn('ja'));
    expect(i18n.t('no.such.key-anywhere')).toBe('no.such.key-anywhere');
    const unknown = createLazyI18n('xx');
    await unknown.ready;
    expect(unknown.i18n.t(KEY)).toBe(textIn('en'));
  });
});
