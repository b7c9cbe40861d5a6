export type Rng = () => number;

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from text, so a piece's look follows from its id alone (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
export const between = (r: Rng, min: number, max: number) => min + r() * (max - min);
export const int = (r: Rng, min: number, max: number) => Math.floor(between(r, min, max + 1));
export const chance = (r: Rng, p: number) => r() < p;
/** Numbers in SVG text with one decimal: shorter markup, nothing visible lost. */
export const f = (n: number) => Number(n.toFixed(1));
