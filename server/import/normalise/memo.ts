/**
 * Remembers a pure function's answers for repeated inputs: a statement repeats the same few
 * countries, months and currencies on every row. Bounded, so hostile data cannot grow it.
 */
export function memoize<T>(fn: (raw: string) => T, maxEntries = 10_000): (raw: string) => T {
  const cache = new Map<string, T>();
  return (raw) => {
    let answer = cache.get(raw);
    if (answer === undefined) {
      answer = fn(raw);
      if (cache.size >= maxEntries) cache.clear();
      cache.set(raw, answer);
    }
    return answer;
  };
}
