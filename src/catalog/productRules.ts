// SPEC sections 3 and 5 for the product form: types, code rules and durations, with the server's texts.
import { codeProblem as ruleProblem, normaliseCode } from '../../rules/productRules';
import { gtinCheckDigitValid } from '../../rules/codes';
import { CODE_KINDS, isCodeKind, type CodeKind } from '../../rules/records';

/** SPEC section 3's product types and the duration reading, the same ones the API applies. */
export { PRODUCT_TYPES, readDuration as parseDuration } from '../../rules/productRules';

export { CODE_KINDS, isCodeKind, normaliseCode };

/** i18n keys of SPEC section 5's code texts (the same words the server answers). */
export const CODE_PROBLEM_KEYS = {
  none: 'catalog.codes.at-least-one',
  isrc: 'catalog.codes.isrc-length',
  upc: 'catalog.codes.upc-digits',
  custom: 'catalog.codes.custom-length',
  empty: 'catalog.codes.empty',
  repeated: 'catalog.codes.repeated',
} as const;

/** The i18n key of what is wrong with one code, or null. */
export function codeProblem(code: string, kind: CodeKind): string | null {
  const problem = ruleProblem(normaliseCode(code, kind), kind);
  return problem && CODE_PROBLEM_KEYS[problem];
}

/**
 * A barcode that passes the rules but whose check digit is wrong: saved all the same (the demo's
 * and many distributors' codes are like this), with the i18n key of a word of caution, or null.
 */
export function codeHint(code: string, kind: CodeKind): string | null {
  if (kind !== 'upc' || codeProblem(code, kind)) return null;
  return gtinCheckDigitValid(normaliseCode(code, kind)) ? null : 'catalog.codes.upc-check';
}

/** Problems of a whole code list, by index; `list` is for the list itself (none given). */
export function codeListProblems(codes: readonly { code: string; kind: CodeKind }[]): {
  list: string | null;
  byIndex: (string | null)[];
} {
  const seen = new Set<string>();
  const byIndex = codes.map(({ code, kind }) => {
    const problem = codeProblem(code, kind);
    if (problem) return problem;
    const normalised = normaliseCode(code, kind);
    if (seen.has(normalised)) return CODE_PROBLEM_KEYS.repeated;
    seen.add(normalised);
    return null;
  });
  return { list: codes.length === 0 ? CODE_PROBLEM_KEYS.none : null, byIndex };
}

/** Seconds as H:MM:SS. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Tags typed as a comma-separated list, trimmed, empty and repeated ones dropped. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}
