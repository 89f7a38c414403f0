/** A normaliser's answer: the value to store, or the message a user sees for the row. */
export type Normalised<T> = { ok: true; value: T } | { ok: false; message: string };

export const ok = <T>(value: T): Normalised<T> => ({ ok: true, value });
export const fail = <T>(message: string): Normalised<T> => ({ ok: false, message });

/** A cell quoted in a message, shortened so a hostile cell cannot flood the error list. */
export function quote(raw: string): string {
  const text = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return `'${text}'`;
}

/** Spreadsheet programs evaluate cells starting with '=' or '@'; here they are only text. */
export function looksLikeFormula(text: string): boolean {
  const first = text.charCodeAt(0);
  return first === 61 /* = */ || first === 64; /* @ */
}
