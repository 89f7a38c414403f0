/** The text key of each kind of code a statement's missing codes may have. */
const KIND_KEYS: Record<string, string> = {
  isrc: 'catalog.codes.kind-isrc',
  upc: 'catalog.codes.kind-upc',
  custom: 'catalog.codes.kind-custom',
  title: 'catalog.codes.kind-title',
};

/** A code's kind in the reader's language (`title`: a row named its product by title only). */
export function codeKindLabel(kind: string, t: (key: string) => string): string {
  const key = KIND_KEYS[kind];
  return key ? t(key) : kind;
}
