import { codeProblem, normaliseCode } from '../../rules/productRules';
import { BadRequestError } from '../errors';
import type { CodeEntry, CodeKind } from '../events/types';

/** SPEC section 5's code rules, one text each. */
export const CODE_MESSAGES = {
  none: 'At least one code must be provided.',
  isrc: 'ISRC must be 12 characters.',
  upc: 'UPC/EAN must be 12 or 13 digits.',
  custom: 'A custom code is limited to 32 characters.',
  empty: 'A code cannot be empty.',
} as const;

export const codeTakenMessage = (code: string) =>
  `Code ${code} already belongs to another product.`;
export const codeRepeatedMessage = (code: string) => `Code ${code} is listed twice.`;

/** Checks a product's whole code list: at least one, each valid, none twice. */
export function readCodes(input: readonly { code: string; kind: CodeKind }[]): CodeEntry[] {
  if (input.length === 0) throw new BadRequestError(CODE_MESSAGES.none);
  const seen = new Set<string>();
  return input.map(({ code, kind }) => {
    const normalised = normaliseCode(code, kind);
    const problem = codeProblem(normalised, kind);
    if (problem) throw new BadRequestError(CODE_MESSAGES[problem]);
    if (seen.has(normalised)) throw new BadRequestError(codeRepeatedMessage(normalised));
    seen.add(normalised);
    return { code: normalised, kind };
  });
}
