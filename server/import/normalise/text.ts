import { fail, ok, type Normalised } from './result';

export const MAX_TEXT_CHARS = 1000;

/** Titles, artists, services and formats: trimmed and kept verbatim, formulas included. */
export function parseText(raw: string, what: string): Normalised<string> {
  const text = raw.trim();
  if (text.length > MAX_TEXT_CHARS) {
    return fail(`${what} is longer than ${MAX_TEXT_CHARS} characters`);
  }
  return ok(text);
}
