import { fail, ok, quote, type Normalised } from './result';

const known = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code; blank is null (the statement does not say). */
export function parseCurrency(raw: string): Normalised<string | null> {
  const code = raw.trim().toUpperCase();
  if (code === '') return ok(null);
  return known.has(code) ? ok(code) : fail(`Currency ${quote(raw)} is not an ISO 4217 code`);
}
