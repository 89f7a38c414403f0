import type { NumberFormat } from './number';

/**
 * What one amount says about the file's decimal separator. `13,389` alone could be thirteen
 * thousand or thirteen; `0,016`, `12,5` or `1.234,56` can each be read one way only.
 */
export type SeparatorEvidence = 'point' | 'comma' | 'ambiguous' | 'none';

const NOT_NUMERIC = /[^\d.,]/g;

/** The evidence one amount's text gives, whatever currency sign, sign or spacing it has. */
export function separatorEvidence(raw: string): SeparatorEvidence {
  // An exponent ('1.5E-05') says nothing of grouping: its mantissa is read alone.
  const text = raw.replace(/[eE][-+]?\d+\s*$/, '').replace(NOT_NUMERIC, '');
  const lastPoint = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastPoint === -1 && lastComma === -1) return 'none';
  // Both marks: the last one separates the decimals ('1,234.56', '1.234,56').
  if (lastPoint !== -1 && lastComma !== -1) return lastPoint > lastComma ? 'point' : 'comma';
  const mark = lastPoint !== -1 ? '.' : ',';
  const markIs = mark === '.' ? 'point' : 'comma';
  const otherIs = mark === '.' ? 'comma' : 'point';
  // The mark twice groups thousands ('1.234.567'): the other one is the decimal separator.
  if (text.indexOf(mark) !== text.lastIndexOf(mark)) return otherIs;
  const [integer = '', fraction = ''] = text.split(mark);
  // A thousands group has exactly three digits after it...
  if (fraction.length !== 3) return markIs;
  // ...and one to three digits before it, the first not a zero: '0,016' is never sixteen.
  if (integer === '' || integer.length > 3 || integer.startsWith('0')) return markIs;
  return 'ambiguous';
}

/** The separator a file's whole amount column agrees on, decided once, never per value. */
export class DecimalSeparatorVote {
  private point: string | null = null;
  private comma: string | null = null;
  private ambiguous: string | null = null;

  /** Notes one amount; the example of each kind is the first one seen. */
  observe(raw: string): void {
    switch (separatorEvidence(raw)) {
      case 'point':
        this.point ??= raw.trim();
        break;
      case 'comma':
        this.comma ??= raw.trim();
        break;
      case 'ambiguous':
        this.ambiguous ??= raw.trim();
        break;
      case 'none':
        break;
    }
  }

  /** Two amounts that can only be read with different separators. */
  get conflict(): { point: string; comma: string } | null {
    return this.point !== null && this.comma !== null
      ? { point: this.point, comma: this.comma }
      : null;
  }

  /** The first amount that could be read either way. */
  get ambiguousExample(): string | null {
    return this.ambiguous;
  }

  /** The format every amount seen so far can be read in, or null while nothing tells. */
  get decided(): NumberFormat | null {
    if (this.conflict) return null;
    if (this.comma !== null) return { decimalComma: true };
    if (this.point !== null) return { decimalComma: false };
    return null;
  }
}
