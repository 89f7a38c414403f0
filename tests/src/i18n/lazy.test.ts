import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { FIRST_ENGLISH, FIRST_PARTS, createLazyI18n, loadAllEnglish } from '../../../src/i18n/lazy';
import { knownServerText } from '../../../src/i18n/serverText';

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

describe('the server’s answers in the first texts', () => {
  it('shows a known answer whose translation is not in yet as the server wrote it, never as a key', async () => {
    const { i18n, ready } = createLazyI18n('en');
    await ready;
    const t = (key: string) => i18n.t(key);
    // The login page's answers come with the first texts.
    expect(knownServerText(t, 'Too many requests. Please try again later.')).toBe(
      'Too many requests. Please try again later.',
    );
    // A payment's, only with the page that shows it.
    const answer = 'Only a failed payment can be cleared and tried again.';
    expect(i18n.exists('server.payment.not-failed')).toBe(false);
    expect(knownServerText(t, answer)).toBe(answer);
    await loadAllEnglish();
    expect(knownServerText(t, answer)).toBe(createI18n('en').t('server.payment.not-failed'));
    await i18n.changeLanguage('fr');
    expect(knownServerText(t, answer)).toBe(createI18n('fr').t('server.payment.not-failed'));
    expect(knownServerText(t, answer)).not.toBe(answer);
  });
});

describe('the first texts every instance starts from', () => {
  it('stay the first texts after an instance loaded all the others', async () => {
    const first = createLazyI18n('en');
    await first.ready;
    await loadAllEnglish();
    expect(first.i18n.exists('server.payment.not-failed')).toBe(true);
    // i18next merges the parts loaded later into the bundle it holds: never into the module's.
    expect(Object.keys(FIRST_ENGLISH as Record<string, unknown>).sort()).toEqual(
      [...new Set(FIRST_PARTS.map((part) => part.split('.')[0]))].sort(),
    );
  });
});
