// Positions in PostgreSQL's write-ahead log (`X/Y` in hex), as the standby routing compares them
// (server/db/readReplicas.ts): as 64-bit numbers, never as text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLsn } from '../../server/db/readReplicas';

const SEED = 20261129;
const position = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const asText = (value: bigint) =>
  `${(value >> 32n).toString(16).toUpperCase()}/${(value & 0xffffffffn).toString(16).toUpperCase()}`;

describe('log positions', () => {
  it('orders positions by their numbers where their texts would not', () => {
    // As text "0/FFFFFFFF" sorts after "1/0", and "9/0" after "10/0".
    expect(parseLsn('0/FFFFFFFF') < parseLsn('1/0')).toBe(true);
    expect(parseLsn('9/0') < parseLsn('10/0')).toBe(true);
    expect(parseLsn('16/B374D848')).toBe(0x16b374d848n);
  });

  it('reads back every 64-bit position PostgreSQL writes, in either case', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        expect(parseLsn(asText(a))).toBe(a);
        expect(parseLsn(asText(a).toLowerCase())).toBe(a);
        expect(parseLsn(asText(a)) < parseLsn(asText(b))).toBe(a < b);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('refuses what is not a position', () => {
    for (const text of ['', '0', '0/', '/0', '1/2/3', 'G/0', '123456789/0', ' 0/1']) {
      expect(() => parseLsn(text), text).toThrow();
    }
  });
});
