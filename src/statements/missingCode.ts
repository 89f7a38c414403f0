import { normaliseCode } from '../../rules/codes';
import type { CodeKind } from '../../rules/records';

interface Code {
  code: string;
  kind: CodeKind;
}

/**
 * A product's codes with a statement's missing code added, or null when the product already holds
 * that code in another spelling (`0859700000023` for `859700000023`): nothing to add twice.
 */
export function codesWithMissing(codes: readonly Code[], missing: Code): Code[] | null {
  const wanted = normaliseCode(missing.code, missing.kind);
  if (codes.some((code) => normaliseCode(code.code, code.kind) === wanted)) return null;
  return [...codes.map(({ code, kind }) => ({ code, kind })), missing];
}
