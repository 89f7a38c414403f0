import type { HelpEntry } from './helpContent';

/**
 * Text as the search compares it: the user's language's lower case, accents dropped (é, ç, ã and
 * ü match e, c, a and u), full-width forms folded (ＡＢＣ is ABC), and hiragana as katakana, so
 * Japanese finds a word whichever of the two it was written in.
 */
export function foldForSearch(text: string, language: string): string {
  return (
    text
      .normalize('NFKD')
      // Latin accents only: Japanese voicing marks (が) are part of the letter and recompose below.
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFKC')
      .toLocaleLowerCase(language)
      .replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60))
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The words of a query; Chinese and Japanese have no spaces, so a run of their text is one term. */
export function searchTerms(query: string, language: string): string[] {
  return foldForSearch(query, language)
    .split(' ')
    .filter((term) => term.length > 0);
}

/**
 * The entries whose title or paragraphs, as translated, hold every term of the query. An empty
 * query keeps them all, in their order.
 */
export function searchHelp(
  entries: readonly HelpEntry[],
  query: string,
  translate: (key: string) => string,
  language: string,
): HelpEntry[] {
  const terms = searchTerms(query, language);
  if (terms.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = foldForSearch(
      [entry.titleKey, ...entry.paragraphKeys].map(translate).join(' '),
      language,
    );
    return terms.every((term) => text.includes(term));
  });
}
