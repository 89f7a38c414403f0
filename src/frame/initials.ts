/** SPEC section 6: the avatar shows up to 2 initials. */
export function initials(fullname: string | null | undefined): string {
  const words = (fullname ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .map((word) => (word ? (Array.from(word)[0]?.toUpperCase() ?? '') : ''))
    .join('');
}
