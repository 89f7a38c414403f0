/** A custom validator answers the error text, or null when the value is fine. */
export type Validator = (value: string) => string | null;

/** SPEC section 5: a red asterisk shows when a required field is empty and has no error. */
export function showsRequiredMark(field: {
  required?: boolean;
  value: string;
  error: string | null | undefined;
}): boolean {
  return !!field.required && field.value.trim() === '' && !field.error;
}

/** The error shown: the validator's, else one the form passes in. */
export function fieldError(
  value: string,
  validator: Validator | undefined,
  external: string | null | undefined,
): string | null {
  return validator?.(value) ?? external ?? null;
}
