// A username is an e-mail address people read: two that look alike are the same person to a
// reader. Kept in one form (NFKC, lower case), and a new one is refused when it only looks like
// one already taken (Unicode TR 39's skeleton, for the letters that pass for Latin ones).

/** How a username is kept and compared: fullwidth and styled letters as plain ones, lower case. */
export function normalUsername(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase();
}

/**
 * Letters of other scripts drawn like Latin ones, from Unicode's confusables.txt: Cyrillic,
 * Greek, Armenian and Latin look-alikes of a to z. Fullwidth and mathematical letters need no
 * entry: compatibility decomposition makes them plain. A capital is listed when it passes for a
 * Latin letter its small form does not (В, Н); other capitals are read by their small form.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  А: 'a',
  В: 'b',
  с: 'c',
  С: 'c',
  ԁ: 'd',
  Ԁ: 'd',
  е: 'e',
  Е: 'e',
  һ: 'h',
  Һ: 'h',
  Н: 'h',
  і: 'i',
  І: 'i',
  ӏ: 'l',
  Ӏ: 'l',
  ј: 'j',
  Ј: 'j',
  К: 'k',
  М: 'm',
  о: 'o',
  О: 'o',
  р: 'p',
  Р: 'p',
  ԛ: 'q',
  Ԛ: 'q',
  ѕ: 's',
  Ѕ: 's',
  Т: 't',
  ѵ: 'v',
  Ѵ: 'v',
  ԝ: 'w',
  Ԝ: 'w',
  х: 'x',
  Х: 'x',
  у: 'y',
  У: 'y',
  ү: 'y',
  Ү: 'y',
  // Greek
  α: 'a',
  Α: 'a',
  Β: 'b',
  ϲ: 'c',
  Ϲ: 'c',
  Ε: 'e',
  Η: 'h',
  ι: 'i',
  Ι: 'i',
  ϳ: 'j',
  κ: 'k',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  ο: 'o',
  Ο: 'o',
  ρ: 'p',
  Ρ: 'p',
  Τ: 't',
  υ: 'u',
  ν: 'v',
  χ: 'x',
  Χ: 'x',
  γ: 'y',
  Υ: 'y',
  Ζ: 'z',
  // Armenian
  հ: 'h',
  օ: 'o',
  ս: 'u',
  // Latin letters that pass for others
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ɩ: 'i',
  ȷ: 'j',
  ʏ: 'y',
};

/** Marks drawn over or under a letter, and characters drawn as nothing (zero-width and the like). */
const UNSEEN = /[\p{M}\p{Default_Ignorable_Code_Point}]/gu;

/** The Latin letter a character passes for, or the character. */
const latinOf = (text: string) =>
  [...text]
    .map((character) => LOOK_ALIKES[character] ?? LOOK_ALIKES[character.toLowerCase()] ?? character)
    .join('');

/**
 * What a username looks like: without invisible characters and marks, each look-alike as the
 * Latin letter it passes for, in lower case. Two usernames with one skeleton read the same. An
 * address of printable ASCII is its own skeleton in lower case. Look-alikes are read before and
 * after decomposition: some decompose into another letter (ϲ into ς).
 */
export function usernameSkeleton(text: string): string {
  const seen = latinOf(text).normalize('NFKD').replace(UNSEEN, '');
  return latinOf(seen).toLowerCase().normalize('NFKC').trim();
}
