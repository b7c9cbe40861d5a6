/**
 * A stable pseudo-random integer below `n` for row `i` and attribute `salt`: attributes are not
 * correlated with each other, and every run builds the same world. Each scaled table mixes in
 * its own seed and salt offset, so two tables never draw the same numbers.
 */
export function stablePick(seed: number, saltOffset: number): (i: number, salt: number, n: number) => number {
  return (i, salt, n) => {
    let h = Math.imul(i ^ seed, 0x85ebca6b) ^ Math.imul(salt + saltOffset, 0xc2b2ae35);
    h ^= h >>> 16;
    h = Math.imul(h, 0x7feb352d);
    h ^= h >>> 15;
    return (h >>> 0) % n;
  };
}
