import sharp from 'sharp';
import { initials } from '../../../common/format';

/**
 * Generated pictures for the demo world: tattoo-flash motifs and monogram avatars drawn as
 * SVG and rendered with sharp. Letters are drawn as strokes rather than set in a font, so the
 * pictures look the same on a server without any fonts installed.
 */

export type Rng = () => number;

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const between = (r: Rng, min: number, max: number) => min + r() * (max - min);
const fmt = (n: number) => Number(n.toFixed(1));

const PAPERS = ['#f4ecd8', '#efe4cc', '#f6efe0', '#ece2cb', '#f3e9d2', '#eee6d6'];
const INK = '#1b1a17';
const REDS = ['#b3261e', '#a62b1f', '#c0392b', '#9e2a2b'];
const ACCENTS = ['#d9a323', '#3f6e3a', '#2f6f73', '#c9772b', '#5b7f3a'];

export interface Palette {
  paper: string;
  ink: string;
  red: string;
  accent: string;
  /** Stroke width of outlines in motif units (a motif is drawn in a 200 x 200 box). */
  line: number;
  colour: boolean;
}

// Glyphs of a monoline capital alphabet in a 40 x 60 box, drawn with round caps and joins.
export const GLYPHS: Record<string, string> = {
  A: 'M0 60 L20 0 L40 60 M8 38 H32',
  B: 'M0 30 V0 H20 Q36 0 36 15 Q36 30 20 30 H0 V60 H22 Q40 60 40 45 Q40 30 22 30',
  C: 'M40 9 Q34 0 22 0 Q0 0 0 30 Q0 60 22 60 Q34 60 40 51',
  D: 'M0 0 V60 H14 Q40 60 40 30 Q40 0 14 0 Z',
  E: 'M40 0 H0 V60 H40 M0 30 H30',
  F: 'M40 0 H0 V60 M0 30 H30',
  G: 'M40 9 Q34 0 22 0 Q0 0 0 30 Q0 60 22 60 Q40 60 40 40 V33 H24',
  H: 'M0 0 V60 M40 0 V60 M0 30 H40',
  I: 'M20 0 V60 M8 0 H32 M8 60 H32',
  J: 'M40 0 V42 Q40 60 21 60 Q3 60 0 45',
  K: 'M0 0 V60 M40 0 L0 38 M13 27 L40 60',
  L: 'M0 0 V60 H40',
  M: 'M0 60 V0 L20 36 L40 0 V60',
  N: 'M0 60 V0 L40 60 V0',
  O: 'M20 0 A20 30 0 1 0 20 60 A20 30 0 1 0 20 0 Z',
  P: 'M0 60 V0 H22 Q40 0 40 16 Q40 32 22 32 H0',
  Q: 'M20 0 A20 30 0 1 0 20 60 A20 30 0 1 0 20 0 Z M26 44 L42 62',
  R: 'M0 60 V0 H22 Q40 0 40 16 Q40 32 22 32 H0 M20 32 L40 60',
  S: 'M38 9 Q32 0 20 0 Q2 0 2 15 Q2 28 20 30 Q40 32 40 46 Q40 60 20 60 Q6 60 0 51',
  T: 'M0 0 H40 M20 0 V60',
  U: 'M0 0 V40 Q0 60 20 60 Q40 60 40 40 V0',
  V: 'M0 0 L20 60 L40 0',
  W: 'M0 0 L10 60 L20 22 L30 60 L40 0',
  X: 'M0 0 L40 60 M40 0 L0 60',
  Y: 'M0 0 L20 30 L40 0 M20 30 V60',
  Z: 'M0 0 H40 L0 60 H40',
  '0': 'M20 0 A20 30 0 1 0 20 60 A20 30 0 1 0 20 0 Z',
  '1': 'M8 12 L24 0 V60',
  '2': 'M2 12 Q6 0 20 0 Q38 0 38 16 Q38 30 0 60 H40',
  '3': 'M2 8 Q8 0 20 0 Q38 0 38 15 Q38 29 18 29 Q40 30 40 45 Q40 60 20 60 Q6 60 0 51',
  '4': 'M30 60 V0 L0 42 H40',
  '5': 'M38 0 H6 L3 28 Q10 22 20 22 Q40 22 40 41 Q40 60 20 60 Q6 60 0 51',
  '6': 'M36 6 Q30 0 21 0 Q0 0 0 34 Q0 60 20 60 Q40 60 40 41 Q40 22 20 22 Q6 22 0 34',
  '7': 'M0 0 H40 L14 60',
  '8': 'M20 29 Q3 27 3 14 Q3 0 20 0 Q37 0 37 14 Q37 27 20 29 Q0 31 0 45 Q0 60 20 60 Q40 60 40 45 Q40 31 20 29 Z',
  '9': 'M40 26 Q34 38 20 38 Q0 38 0 19 Q0 0 20 0 Q40 0 40 26 Q40 60 19 60 Q9 60 4 54',
};
export const GLYPH_ADVANCE = 56;

/** The letters a stroke-drawn text can show: accents dropped (Ö -> O), anything else skipped. */
export function drawableText(text: string): string {
  return [...text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/ß/g, 'SS')]
    .filter((ch) => ch === ' ' || ch in GLYPHS)
    .join('');
}

/**
 * The initials a monogram avatar draws: the app's rule for avatars (first and last word of the
 * display name, at most two: "Julia Lange" -> "JL", "Mia" -> "M"), in the glyphs drawn here.
 */
export function initialsOf(name: string): string {
  return drawableText(initials(name)).replace(/ /g, '') || 'TG';
}

/** Text centred on (cx, cy), `height` units tall, stroked `weight` units wide. */
function strokeText(text: string, cx: number, cy: number, height: number, colour: string, weight: number): string {
  const chars = [...drawableText(text)];
  const scale = height / 60;
  const width = (chars.length * GLYPH_ADVANCE - (GLYPH_ADVANCE - 40)) * scale;
  const paths = chars
    .map((ch, i) => (ch === ' ' ? '' : `<path transform="translate(${i * GLYPH_ADVANCE} 0)" d="${GLYPHS[ch]}"/>`))
    .join('');
  return (
    `<g transform="translate(${fmt(cx - width / 2)} ${fmt(cy - height / 2)}) scale(${fmt(scale * 1000) / 1000})" ` +
    `fill="none" stroke="${colour}" stroke-width="${fmt(weight / scale)}" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`
  );
}

function star(x: number, y: number, r: number, fill: string): string {
  const i = r * 0.3;
  return `<path d="M${fmt(x)} ${fmt(y - r)} L${fmt(x + i)} ${fmt(y - i)} L${fmt(x + r)} ${fmt(y)} L${fmt(x + i)} ${fmt(y + i)} L${fmt(x)} ${fmt(y + r)} L${fmt(x - i)} ${fmt(y + i)} L${fmt(x - r)} ${fmt(y)} L${fmt(x - i)} ${fmt(y - i)} Z" fill="${fill}"/>`;
}

export type Motif = (p: Palette, r: Rng) => string;

const outline = (p: Palette, width = p.line, colour = p.ink) =>
  `stroke="${colour}" stroke-width="${fmt(width)}" stroke-linejoin="round" stroke-linecap="round"`;

const rose: Motif = (p) => {
  const leaf = p.colour ? p.accent : p.paper;
  const bloom = p.colour ? p.red : p.paper;
  const heart = p.colour ? '#5e1712' : p.ink;
  return [
    `<path d="M70 136 C40 134 22 156 16 184 C44 180 64 164 76 144 Z" fill="${leaf}" ${outline(p)}/>`,
    `<path d="M130 136 C160 134 178 156 184 184 C156 180 136 164 124 144 Z" fill="${leaf}" ${outline(p)}/>`,
    `<path d="M43 160 L31 174 M157 160 L169 174" fill="none" ${outline(p, p.line * 0.5)}/>`,
    `<path d="M100 152 C68 152 44 132 42 104 C40 84 50 66 60 60 C60 46 76 36 90 41 C96 32 110 32 116 41 C130 36 144 48 142 61 C154 70 160 88 158 104 C156 132 132 152 100 152 Z" fill="${bloom}" ${outline(p)}/>`,
    `<path d="M62 72 C68 54 132 54 138 72 C126 88 74 88 62 72 Z" fill="${heart}" ${outline(p, p.line * 0.8)}/>`,
    `<path d="M100 71 c-7 -6 8 -11 11 -3 c3 8 -13 11 -18 2 c-3 -9 10 -15 22 -10" fill="none" ${outline(p, p.line * 0.6, p.colour ? p.red : p.paper)}/>`,
    `<path d="M46 98 C62 124 88 128 100 112 C112 128 138 124 154 98" fill="none" ${outline(p, p.line * 0.8)}/>`,
    `<path d="M58 128 C78 144 122 144 142 128" fill="none" ${outline(p, p.line * 0.8)}/>`,
    `<path d="M56 104 q4 12 16 18 M128 122 q12 -6 16 -18" fill="none" ${outline(p, p.line * 0.6, p.paper)} opacity="0.8"/>`,
  ].join('');
};

const dagger: Motif = (p) =>
  [
    `<path d="M100 12 L115 42 L112 122 L88 122 L85 42 Z" fill="${p.colour ? '#d8d3c6' : p.paper}" ${outline(p)}/>`,
    `<path d="M100 26 V118" fill="none" ${outline(p, p.line * 0.5)}/>`,
    `<rect x="58" y="118" width="84" height="15" rx="7" fill="${p.colour ? p.accent : p.ink}" ${outline(p)}/>`,
    `<rect x="91" y="133" width="18" height="40" fill="${p.ink}" ${outline(p)}/>`,
    `<path d="M91 143 L109 149 M91 153 L109 159 M91 163 L109 169" fill="none" ${outline(p, p.line * 0.4, p.paper)}/>`,
    `<circle cx="100" cy="182" r="11" fill="${p.colour ? p.red : p.ink}" ${outline(p)}/>`,
    p.colour ? `<path d="M100 122 q-4 10 0 14 q4 -4 0 -14 Z M112 104 q-3 8 0 11 q3 -3 0 -11 Z" fill="${p.red}" ${outline(p, p.line * 0.4)}/>` : '',
  ].join('');

const swallow: Motif = (p) =>
  [
    `<path d="M96 96 C84 62 62 40 24 28 C44 56 56 82 68 108 Z" fill="${p.ink}" ${outline(p)}/>`,
    `<path d="M60 110 C70 86 100 76 124 80 C138 70 154 68 166 73 C156 78 151 85 148 93 C140 112 114 126 86 126 L56 152 L62 128 L32 138 Z" fill="${p.colour ? '#23395d' : p.ink}" ${outline(p)}/>`,
    `<path d="M88 124 C110 122 134 110 145 94 C130 102 110 110 92 112 Z" fill="${p.colour ? p.red : p.paper}" ${outline(p, p.line * 0.6)}/>`,
    `<circle cx="150" cy="79" r="3.5" fill="${p.paper}"/>`,
    `<path d="M166 73 L180 76 L166 79 Z" fill="${p.colour ? p.accent : p.ink}" ${outline(p, p.line * 0.5)}/>`,
  ].join('');

const anchor: Motif = (p) =>
  [
    `<circle cx="100" cy="28" r="12" fill="none" ${outline(p, p.line * 1.2)}/>`,
    `<path d="M100 40 V172 M68 60 H132" fill="none" ${outline(p, p.line * 1.6)}/>`,
    `<path d="M38 128 Q48 176 100 176 Q152 176 162 128" fill="none" ${outline(p, p.line * 1.6)}/>`,
    `<path d="M38 128 L26 148 L52 144 Z M162 128 L174 148 L148 144 Z" fill="${p.ink}" ${outline(p, p.line * 0.6)}/>`,
    `<path d="M100 28 C56 48 146 78 90 108 C58 128 132 140 108 166" fill="none" stroke="${p.colour ? p.red : p.ink}" stroke-width="${p.line * 0.8}" stroke-linecap="round" stroke-dasharray="${p.line * 1.4} ${p.line * 0.8}"/>`,
  ].join('');

const BANNER_WORDS = ['LOVE', 'MOM', 'TRUE', 'HOPE', 'FATE', 'LUCK', 'HOME', 'WILD'];
const heart: Motif = (p, r) =>
  [
    `<path d="M100 172 C40 132 22 96 44 64 C64 38 96 48 100 76 C104 48 136 38 156 64 C178 96 160 132 100 172 Z" fill="${p.colour ? p.red : p.ink}" ${outline(p)}/>`,
    `<path d="M58 78 q8 -16 24 -14" fill="none" stroke="${p.paper}" stroke-width="${p.line * 0.8}" stroke-linecap="round"/>`,
    `<path d="M16 104 L54 96 L146 96 L184 104 L172 118 L184 132 L146 126 L54 126 L16 132 L28 118 Z" fill="${p.paper}" ${outline(p)}/>`,
    strokeText(pick(r, BANNER_WORDS), 100, 111, 17, p.ink, 3.2),
  ].join('');

const mandala: Motif = (p, r) => {
  const n = pick(r, [8, 10, 12, 16]);
  const petal = 'M100 58 C113 44 113 28 100 12 C87 28 87 44 100 58 Z';
  const inner = 'M100 80 C108 73 108 66 100 58 C92 66 92 73 100 80 Z';
  const parts = [
    `<circle cx="100" cy="100" r="88" fill="none" ${outline(p, p.line * 0.4)}/>`,
    `<circle cx="100" cy="100" r="42" fill="none" ${outline(p, p.line * 0.6)}/>`,
    `<circle cx="100" cy="100" r="20" fill="${p.colour ? p.red : p.ink}" ${outline(p, p.line * 0.6)}/>`,
    `<circle cx="100" cy="100" r="7" fill="${p.paper}"/>`,
  ];
  for (let i = 0; i < n; i++) {
    const angle = fmt((360 / n) * i);
    parts.push(`<path d="${petal}" transform="rotate(${angle} 100 100)" fill="${i % 2 && p.colour ? p.accent : 'none'}" ${outline(p, p.line * 0.6)}/>`);
    parts.push(`<path d="${inner}" transform="rotate(${angle} 100 100)" fill="${p.ink}"/>`);
    parts.push(`<circle cx="100" cy="6" r="2.6" transform="rotate(${fmt(angle + 180 / n)} 100 100)" fill="${p.ink}"/>`);
  }
  return parts.join('');
};

const moon: Motif = (p, r) => {
  const parts = [
    `<path d="M122 24 A78 78 0 1 0 122 176 A62 62 0 1 1 122 24 Z" fill="${p.colour ? p.accent : p.paper}" ${outline(p)}/>`,
    `<path d="M70 86 q6 4 12 0 M64 122 q8 6 16 2" fill="none" ${outline(p, p.line * 0.6)}/>`,
  ];
  for (let i = 0; i < 4; i++) parts.push(star(between(r, 120, 185), between(r, 40, 165), between(r, 6, 12), p.colour && i % 2 ? p.red : p.ink));
  return parts.join('');
};

const eye: Motif = (p) =>
  [
    `<path d="M100 18 L182 166 L18 166 Z" fill="none" ${outline(p)}/>`,
    `<path d="M52 118 Q100 70 148 118 Q100 166 52 118 Z" fill="${p.paper}" ${outline(p)}/>`,
    `<circle cx="100" cy="118" r="19" fill="${p.colour ? p.red : p.ink}" ${outline(p, p.line * 0.6)}/>`,
    `<circle cx="100" cy="118" r="7" fill="${p.colour ? p.ink : p.paper}"/>`,
    `<path d="M100 10 V0 M60 40 L50 30 M140 40 L150 30 M30 100 L16 96 M170 100 L184 96" fill="none" ${outline(p, p.line * 0.5)}/>`,
  ].join('');

const botanical: Motif = (p, r) => {
  const parts = [`<path d="M100 194 C92 144 112 92 100 16" fill="none" ${outline(p, p.line * 0.6)}/>`];
  for (let y = 160; y > 30; y -= 26) {
    const side = (y / 26) % 2 < 1 ? 1 : -1;
    const len = between(r, 28, 40);
    parts.push(
      `<path d="M100 ${y} C${100 + side * len * 0.5} ${y - 14} ${100 + side * len} ${y - 20} ${100 + side * len} ${y - 34} C${100 + side * len * 0.4} ${y - 30} ${100 + side * 4} ${y - 18} 100 ${y} Z" fill="${p.colour && side > 0 ? p.accent : 'none'}" ${outline(p, p.line * 0.5)}/>`,
    );
  }
  parts.push(`<circle cx="100" cy="14" r="6" fill="${p.colour ? p.red : p.ink}"/>`);
  return parts.join('');
};

const wave: Motif = (p) => {
  const parts: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 5 - (row % 2); col++) {
      const x = 24 + col * 38 + (row % 2) * 19;
      const y = 190 - row * 22;
      for (const rad of [22, 15, 8]) {
        parts.push(`<path d="M${x - rad} ${y} A${rad} ${rad} 0 0 1 ${x + rad} ${y}" fill="${rad === 22 ? p.paper : 'none'}" ${outline(p, p.line * 0.4)}/>`);
      }
    }
  }
  parts.push(
    `<path d="M14 112 C30 40 110 14 166 52 C132 42 104 60 112 86 C122 74 146 74 150 92 C118 96 96 108 88 112 Z" fill="${p.colour ? '#2f5f8a' : p.ink}" ${outline(p)}/>`,
    `<path d="M166 52 c6 -10 18 -10 22 0 c-8 -4 -14 -2 -22 0 Z" fill="${p.paper}" ${outline(p, p.line * 0.5)}/>`,
  );
  return parts.join('');
};

export const MOTIFS: Record<string, Motif> = { rose, dagger, swallow, anchor, heart, mandala, moon, eye, botanical, wave };

/** Which motifs a style favours and whether it is worked in colour. */
function styleTraits(style: string): { motifs: string[]; colour: boolean | null; fine: boolean; dots: boolean } {
  const s = style.toLowerCase();
  const has = (...words: string[]) => words.some((w) => s.includes(w));
  if (has('japan', 'irezumi')) return { motifs: ['wave', 'rose', 'dagger'], colour: true, fine: false, dots: false };
  if (has('geometr', 'mandala', 'ornament', 'dot')) return { motifs: ['mandala', 'eye', 'moon'], colour: false, fine: has('fine'), dots: has('dot') };
  if (has('fine', 'minimal', 'line', 'floral', 'botan', 'sketch', 'handpoke')) {
    return { motifs: ['botanical', 'moon', 'rose', 'eye'], colour: false, fine: true, dots: has('handpoke') };
  }
  if (has('black', 'tribal', 'trash', 'grey', 'gray', 'realis', 'portrait', 'chicano', 'lettering')) {
    return { motifs: ['dagger', 'rose', 'eye', 'moon', 'anchor'], colour: false, fine: false, dots: false };
  }
  if (has('tradition', 'old', 'neo', 'new', 'water', 'colour', 'color', 'illustr')) {
    return { motifs: ['rose', 'dagger', 'swallow', 'anchor', 'heart'], colour: true, fine: false, dots: false };
  }
  return { motifs: Object.keys(MOTIFS), colour: null, fine: false, dots: false };
}

export interface ArtworkOptions {
  width?: number;
  height?: number;
}

/**
 * A tattoo-flash-like picture (roses, daggers, swallows, mandalas, ...) in black and red on a
 * paper tone, varied by `seed` and chosen to suit `style` (a style slug or name). Wide
 * formats become a flash sheet of three motifs, others one large motif with small fillers.
 * Answers PNG bytes.
 */
export async function generateArtwork(seed: number, style: string, options: ArtworkOptions = {}): Promise<Buffer> {
  const width = options.width ?? 1000;
  const height = options.height ?? 1000;
  const r = rng(seed * 7919 + 17);
  const traits = styleTraits(style);
  const palette: Palette = {
    paper: pick(r, PAPERS),
    ink: INK,
    red: pick(r, REDS),
    accent: pick(r, ACCENTS),
    line: traits.fine ? 2.5 : 6,
    colour: traits.colour ?? r() < 0.5,
  };

  const parts: string[] = [`<rect width="${width}" height="${height}" fill="${palette.paper}"/>`];
  // Paper grain and a few ink specks, so the sheet does not look flat.
  for (let i = 0; i < 90; i++) {
    parts.push(`<circle cx="${fmt(r() * width)}" cy="${fmt(r() * height)}" r="${fmt(between(r, 0.6, 2.4))}" fill="${INK}" opacity="${fmt(between(r, 0.04, 0.14) * 100) / 100}"/>`);
  }
  const margin = Math.min(width, height) * 0.04;
  parts.push(
    `<rect x="${fmt(margin)}" y="${fmt(margin)}" width="${fmt(width - 2 * margin)}" height="${fmt(height - 2 * margin)}" fill="none" stroke="${INK}" stroke-width="${fmt(Math.min(width, height) / 250)}" opacity="0.5"/>`,
  );

  const place = (motif: string, cx: number, cy: number, size: number) => {
    const scale = size / 200;
    const angle = fmt(between(r, -9, 9));
    const body = (MOTIFS[motif] ?? rose)(palette, r);
    return `<g transform="translate(${fmt(cx - size / 2)} ${fmt(cy - size / 2)}) scale(${fmt(scale * 1000) / 1000}) rotate(${angle} 100 100)">${body}</g>`;
  };

  const start = Math.floor(r() * traits.motifs.length);
  const motifAt = (i: number) => traits.motifs[(start + i) % traits.motifs.length] as string;
  if (width / height >= 2) {
    const count = 3;
    const cell = width / count;
    const size = Math.min(cell * 0.78, height * 0.78);
    for (let i = 0; i < count; i++) parts.push(place(motifAt(i), cell * (i + 0.5), height / 2, size));
    for (let i = 1; i < count; i++) parts.push(star(cell * i, height * between(r, 0.25, 0.75), size * 0.05, palette.colour ? palette.red : INK));
  } else {
    const size = Math.min(width, height) * 0.72;
    parts.push(place(motifAt(0), width / 2, height / 2, size));
    const corners: Array<[number, number]> = [
      [0.14, 0.14],
      [0.86, 0.14],
      [0.14, 0.86],
      [0.86, 0.86],
    ];
    for (const [fx, fy] of corners) {
      if (r() < 0.7) parts.push(star(width * fx, height * fy, Math.min(width, height) * between(r, 0.025, 0.045), palette.colour && r() < 0.5 ? palette.red : INK));
    }
  }
  if (traits.dots) {
    for (let i = 0; i < 260; i++) {
      const a = r() * Math.PI * 2;
      const d = Math.sqrt(r()) * Math.min(width, height) * 0.48;
      parts.push(`<circle cx="${fmt(width / 2 + Math.cos(a) * d)}" cy="${fmt(height / 2 + Math.sin(a) * d)}" r="${fmt(between(r, 0.8, 2))}" fill="${INK}" opacity="0.55"/>`);
    }
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
}

const AVATAR_COLOURS = ['#8c2f39', '#2f4858', '#33658a', '#55828b', '#3d405b', '#6b4e71', '#7a5c3e', '#2d6a4f', '#9c6644', '#1d3557', '#5e548e', '#264653'];

/** A monogram avatar: initials of `name` in paper tone on a deep colour with a fine ring. */
export async function generateAvatar(seed: number, name: string, size = 512): Promise<Buffer> {
  const r = rng(seed * 104729 + 3);
  const bg = pick(r, AVATAR_COLOURS);
  const fg = pick(r, PAPERS);
  const initials = initialsOf(name);
  const c = size / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${bg}"/>` +
    `<circle cx="${c}" cy="${c}" r="${fmt(size * 0.4)}" fill="none" stroke="${fg}" stroke-width="${fmt(size / 128)}" opacity="0.55"/>` +
    `<circle cx="${c}" cy="${c}" r="${fmt(size * 0.43)}" fill="none" stroke="${fg}" stroke-width="${fmt(size / 256)}" opacity="0.35" stroke-dasharray="${fmt(size / 64)} ${fmt(size / 96)}"/>` +
    strokeText(initials, c, c, size * (initials.length > 1 ? 0.26 : 0.32), fg, size * 0.034) +
    `</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
}
