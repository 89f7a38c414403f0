import { existsSync, readFileSync } from 'node:fs';

/**
 * The font a payee statement is written in. pdfkit's own Helvetica has only the WinAnsi letters,
 * so a name in Cyrillic, Chinese or Japanese would print as nothing: Noto Sans CJK (Debian's
 * fonts-noto-cjk, which scripts/system-deps.sh installs) has Latin, Cyrillic, Chinese and Japanese;
 * DejaVu Sans (fonts-dejavu-core) Latin and Cyrillic; Helvetica is the last resort. Noto's CJK
 * outlines take a second or more to subset, so a statement without CJK text uses DejaVu.
 */
export interface StatementFont {
  /** Font file contents and, for a collection, the face's PostScript name; null: Helvetica. */
  file: Buffer | null;
  face: string | undefined;
  /** What the statement can write: all four scripts, Latin and Cyrillic, or Latin alone. */
  covers: 'cjk' | 'latin-cyrillic' | 'latin';
}

const NOTO_CJK = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
];
const DEJAVU = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'];

const cache = new Map<string, StatementFont>();
let warned = false;

/** The face of the collection for the language: Chinese glyph forms for zh, Japanese otherwise. */
const cjkFace = (language: string) =>
  language === 'zh' ? 'NotoSansCJKsc-Regular' : 'NotoSansCJKjp-Regular';

/** Han, kana, hangul, CJK punctuation and full-width forms. */
const CJK_TEXT = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** The font for a statement in `language` whose texts are `texts`. */
export function statementFont(
  language: string,
  texts: readonly string[],
  warn: (message: string) => void = console.warn,
): StatementFont {
  const wantsCjk = language === 'zh' || language === 'ja' || texts.some((t) => CJK_TEXT.test(t));
  const key = wantsCjk ? (language === 'zh' ? 'zh' : 'cjk') : 'latin';
  const known = cache.get(key);
  if (known) return known;
  const cjk = NOTO_CJK.find((path) => existsSync(path));
  const dejavu = DEJAVU.find((path) => existsSync(path));
  const font: StatementFont =
    cjk && (wantsCjk || !dejavu)
      ? { file: readFileSync(cjk), face: cjkFace(language), covers: 'cjk' }
      : dejavu
        ? { file: readFileSync(dejavu), face: undefined, covers: 'latin-cyrillic' }
        : { file: null, face: undefined, covers: 'latin' };
  if (wantsCjk && font.covers !== 'cjk' && !warned) {
    warned = true;
    warn(
      `Payee statement PDFs: Noto Sans CJK is not installed (apt-get install fonts-noto-cjk); ` +
        `Chinese and Japanese text ${font.covers === 'latin' ? 'and Cyrillic ' : ''}will not print.`,
    );
  }
  cache.set(key, font);
  return font;
}
