// Largest-remainder allocation: the parts always sum to the amount exactly.

function absolute(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * Splits `amount` in proportion to `weights`: `q_i = floor(|a| * w_i / W)`, the leftover units
 * one each to the largest remainders (ties to the earlier weight), then the sign of `amount`.
 */
export function allocate(amount: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  if (total <= 0n) return weights.map(() => 0n);
  const magnitude = absolute(amount);
  const parts = weights.map((weight) => (magnitude * weight) / total);
  const remainders = weights.map((weight) => (magnitude * weight) % total);
  let leftover = magnitude - parts.reduce((sum, part) => sum + part, 0n);
  const byRemainder = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of byRemainder) {
    if (leftover === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return amount < 0n ? parts.map((part) => -part) : parts;
}
