import { describe, expect, it } from 'vitest';
import { LANGUAGES, createI18n } from '../../../src/i18n';
import { FAQ, GUIDE, type HelpEntry } from '../../../src/help/helpContent';
import { foldForSearch, searchHelp } from '../../../src/help/helpSearch';

const search = (entries: readonly HelpEntry[], query: string, language: string) => {
  const i18n = createI18n(language);
  return searchHelp(entries, query, (key) => i18n.t(key), language).map((entry) => entry.id);
};

describe('folding text for the help search', () => {
  it('ignores case, accents and full-width forms, and reads hiragana as katakana', () => {
    expect(foldForSearch('Bloqué À Traiter', 'fr')).toBe('bloque a traiter');
    expect(foldForSearch('Repartição ÇÃO', 'pt')).toBe('reparticao cao');
    expect(foldForSearch('ＡＤＡ　Ｈｕｂ', 'en')).toBe('ada hub');
    expect(foldForSearch('りくーぷ', 'ja')).toBe('リクープ');
    // Japanese voicing marks belong to the letter: が stays が (as ガ), not か.
    expect(foldForSearch('が', 'ja')).toBe('ガ');
  });
});

describe('searching the guide and the FAQ', () => {
  it('keeps every section, in order, for an empty query', () => {
    expect(search(GUIDE, '   ', 'en')).toEqual(GUIDE.map((entry) => entry.id));
  });

  it('finds the held-payment question and the payments section in English', () => {
    expect(search(FAQ, 'held', 'en')).toContain('held');
    expect(search(GUIDE, 'verified bank account', 'en')).toEqual(['payments']);
    expect(search(FAQ, 'Needs Attention', 'en')).toEqual(['needs-attention']);
  });

  it('needs every word of the query, anywhere in the section', () => {
    expect(search(GUIDE, 'waterfall priority', 'en')).toEqual(['recoupments']);
    expect(search(GUIDE, 'waterfall zzzz', 'en')).toEqual([]);
  });

  it('matches French and Portuguese with or without accents', () => {
    expect(search(FAQ, 'bloque', 'fr')).toContain('held');
    expect(search(FAQ, 'BLOQUÉ', 'fr')).toContain('held');
    expect(search(FAQ, 'visibilite limitee', 'fr')).toContain('limited');
    expect(search(FAQ, 'centimos', 'es')).toContain('cents');
    expect(search(FAQ, 'retido', 'pt')).toContain('held');
    expect(search(FAQ, 'atencao', 'pt')).toContain('needs-attention');
  });

  it('finds Chinese and Japanese words without spaces, and Japanese in hiragana', () => {
    expect(search(FAQ, '冻结', 'zh')).toContain('held');
    expect(search(GUIDE, '瀑布', 'zh')).toEqual(['recoupments']);
    expect(search(FAQ, '保留', 'ja')).toContain('held');
    expect(search(GUIDE, 'うぉーたーふぉーる', 'ja')).toEqual(['recoupments']);
  });

  it('finds every section and question by its own title in every language', () => {
    for (const language of LANGUAGES) {
      const i18n = createI18n(language);
      for (const entry of [...GUIDE, ...FAQ]) {
        const entries = GUIDE.includes(entry) ? GUIDE : FAQ;
        expect(
          search(entries, i18n.t(entry.titleKey), language),
          `${language} ${entry.id}`,
        ).toContain(entry.id);
      }
    }
  });

  it('searches the reader’s language, not English', () => {
    expect(search(FAQ, 'held', 'fr')).toEqual([]);
    expect(search(FAQ, 'bloqué', 'en')).toEqual([]);
  });
});
