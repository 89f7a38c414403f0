// Figures the benchmarks print.

/** The value at `share` (0.5 for p50, 0.95 for p95) of times sorted in ascending order. */
export const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
