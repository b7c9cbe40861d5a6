import { drawableText, GLYPH_ADVANCE, GLYPHS, MOTIFS, type Palette } from '../artwork';
import { between, chance, f, int, pick, type Rng } from './random';

/**
 * Tattoo designs as SVG, one generator per look. A design is the stencil only: ink on a
 * transparent ground, white where skin shows through a colour field (white multiplies to
 * nothing on skin). skin.ts then puts it on a body. Every choice comes from the Rng, so a
 * seed always gives the same design.
 */

export type Family =
  | 'botanical'
  | 'minimal'
  | 'traditional'
  | 'newschool'
  | 'mandala'
  | 'blackwork'
  | 'lettering'
  | 'japanese'
  | 'realism'
  | 'geometric'
  | 'watercolour'
  | 'trash';

/** What a picture shows, as the captions name it (motif names exist in five languages in captions.ts). */
export type MotifKey =
  | 'wildflowers'
  | 'fern'
  | 'olive'
  | 'lavender'
  | 'eucalyptus'
  | 'moonPhases'
  | 'constellation'
  | 'mountains'
  | 'paperPlane'
  | 'sun'
  | 'rose'
  | 'daggerRose'
  | 'swallow'
  | 'swallows'
  | 'anchor'
  | 'heartBanner'
  | 'sacredHeart'
  | 'butterfly'
  | 'mandala'
  | 'chandelier'
  | 'ornament'
  | 'moth'
  | 'snake'
  | 'armband'
  | 'leaves'
  | 'lettering'
  | 'koi'
  | 'peony'
  | 'wave'
  | 'eye'
  | 'skull'
  | 'watch'
  | 'statue'
  | 'flowerOfLife'
  | 'geometricMountains'
  | 'polyhedron'
  | 'fox'
  | 'feather';

export interface Design {
  /** Size in design units; the placement scales it. */
  w: number;
  h: number;
  svg: string;
  motif: MotifKey;
  /** Words a lettering piece spells, for its caption. */
  words?: string;
  colour: boolean;
  /** An armband: spans the visible half of the limb and wraps around it. */
  wrap?: boolean;
  /** Small pieces (wrist, ankle, finger) take a smaller share of the frame. */
  small?: boolean;
  /** Grey wash or colour washes, soft anyway: drawn at half resolution, where blurs cost a quarter. */
  soft?: boolean;
}

const INK = '#141619';
const SKIN = '#ffffff';
const GREYS = ['#3b3e42', '#66696c', '#8f9193', '#b4b5b6'];

type Pt = { x: number; y: number };

const stroke = (w: number, c = INK) => `fill="none" stroke="${c}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"`;
const outlined = (fill: string, w: number, c = INK) => `fill="${fill}" stroke="${c}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"`;
const poly = (pts: Pt[], close = true) => `M${pts.map((p) => `${f(p.x)} ${f(p.y)}`).join(' L')}${close ? ' Z' : ''}`;
const rad = (deg: number) => (deg * Math.PI) / 180;

function bez(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  return {
    x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
    y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
  };
}

/** Direction of travel along the curve at t, in degrees (0 = right, 90 = down). */
function bezAngle(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): number {
  const a = bez(p0, p1, p2, p3, Math.max(0, t - 0.01));
  const b = bez(p0, p1, p2, p3, Math.min(1, t + 0.01));
  return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
}

const cubic = (p0: Pt, p1: Pt, p2: Pt, p3: Pt) => `M${f(p0.x)} ${f(p0.y)} C${f(p1.x)} ${f(p1.y)} ${f(p2.x)} ${f(p2.y)} ${f(p3.x)} ${f(p3.y)}`;

/** A leaf `len` long along +x from the origin. */
const leafPath = (len: number, width: number) =>
  `M0 0 C${f(len * 0.3)} ${f(-width)} ${f(len * 0.72)} ${f(-width)} ${f(len)} 0 C${f(len * 0.72)} ${f(width * 0.9)} ${f(len * 0.3)} ${f(width * 0.9)} 0 0 Z`;

/** A closed outline around a centreline, `width(t)` wide at each of its points. */
function ribbon(points: Pt[], width: (t: number) => number): string {
  const left: Pt[] = [];
  const right: Pt[] = [];
  points.forEach((p, i) => {
    const a = points[Math.max(0, i - 1)] as Pt;
    const b = points[Math.min(points.length - 1, i + 1)] as Pt;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const nx = -(b.y - a.y) / len;
    const ny = (b.x - a.x) / len;
    const w = width(i / (points.length - 1)) / 2;
    left.push({ x: p.x + nx * w, y: p.y + ny * w });
    right.push({ x: p.x - nx * w, y: p.y - ny * w });
  });
  return poly([...left, ...right.reverse()]);
}

function sampleBez(p0: Pt, p1: Pt, p2: Pt, p3: Pt, n: number): Pt[] {
  return Array.from({ length: n + 1 }, (_, i) => bez(p0, p1, p2, p3, i / n));
}

/** Dots spread by `density(x, y)` (0..1) inside a box: dotwork shading. */
function stipple(r: Rng, box: { x: number; y: number; w: number; h: number }, count: number, size: number, density: (x: number, y: number) => number, colour = INK): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = box.x + r() * box.w;
    const y = box.y + r() * box.h;
    if (r() < density(x, y)) out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * between(r, 0.7, 1.2))}" fill="${colour}"/>`;
  }
  return out;
}

// ---------------------------------------------------------------- letters

/** A row of stroke capitals: its markup and width. */
function letters(text: string, x: number, y: number, height: number, weight: number, colour = INK, skew = 0): { svg: string; width: number } {
  const chars = [...drawableText(text)];
  const scale = height / 60;
  const width = (chars.length * GLYPH_ADVANCE - (GLYPH_ADVANCE - 40)) * scale;
  const paths = chars.map((ch, i) => (ch === ' ' ? '' : `<path transform="translate(${i * GLYPH_ADVANCE} 0)" d="${GLYPHS[ch]}"/>`)).join('');
  const svg =
    `<g transform="translate(${f(x - width / 2)} ${f(y - height / 2)}) skewX(${skew}) scale(${(scale * 1000) / 1000})" ` +
    `${stroke(weight / scale, colour)}>${paths}</g>`;
  return { svg, width };
}

/** Stroke capitals along an arc around (cx, cy), reading left to right over the top. */
function archedLetters(text: string, cx: number, cy: number, radius: number, height: number, weight: number): string {
  const chars = [...drawableText(text)];
  const scale = height / 60;
  const step = ((GLYPH_ADVANCE * scale) / radius) * (180 / Math.PI);
  const start = -90 - (step * (chars.length - 1)) / 2;
  return chars
    .map((ch, i) => {
      if (ch === ' ') return '';
      const a = start + i * step;
      const x = cx + Math.cos(rad(a)) * radius;
      const y = cy + Math.sin(rad(a)) * radius;
      return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(a + 90)}) scale(${scale}) translate(-20 -30)" ${stroke(weight / scale)}><path d="${GLYPHS[ch]}"/></g>`;
    })
    .join('');
}

// ---------------------------------------------------------------- fine line botanicals

type Botanical = 'wildflowers' | 'fern' | 'olive' | 'lavender' | 'eucalyptus';

function botanical(r: Rng, bold = false): Design {
  const kind = pick<Botanical>(r, ['wildflowers', 'fern', 'olive', 'lavender', 'eucalyptus']);
  const W = 320;
  const H = 560;
  const line = bold ? between(r, 3.5, 5) : between(r, 1.9, 2.9);
  const stems = kind === 'fern' ? int(r, 1, 2) : int(r, 1, 3);
  const parts: string[] = [];
  const base: Pt = { x: W / 2 + between(r, -12, 12), y: H - 16 };
  for (let s = 0; s < stems; s++) {
    const spread = stems === 1 ? 0 : (s / (stems - 1) - 0.5) * 2;
    const top: Pt = { x: W / 2 + spread * between(r, 60, 95), y: between(r, 24, 70) + Math.abs(spread) * between(r, 30, 80) };
    const p1: Pt = { x: base.x + between(r, -30, 30), y: base.y - (base.y - top.y) * 0.4 };
    const p2: Pt = { x: top.x + between(r, -55, 55), y: top.y + (base.y - top.y) * 0.35 };
    parts.push(`<path d="${cubic(base, p1, p2, top)}" ${stroke(line * 1.1)}/>`);
    const at = (t: number) => bez(base, p1, p2, top, t);
    const angle = (t: number) => bezAngle(base, p1, p2, top, t);
    const leafFill = bold ? INK : 'none';
    if (kind === 'fern') {
      for (let t = 0.12; t < 0.97; t += 0.045) {
        const p = at(t);
        const len = 62 * (1 - t) + 10;
        for (const side of [-1, 1]) {
          parts.push(
            `<path transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f(angle(t) + side * 62)})" d="${leafPath(len, len * 0.16)}" ${outlined(leafFill, line * 0.8)}/>`,
          );
        }
      }
      continue;
    }
    const from = kind === 'lavender' ? 0.08 : 0.12;
    const to = kind === 'lavender' ? 0.45 : kind === 'eucalyptus' || kind === 'olive' ? 0.96 : 0.78;
    let side = chance(r, 0.5) ? 1 : -1;
    for (let t = from; t < to; t += between(r, 0.07, 0.11)) {
      const p = at(t);
      side = -side;
      const len = kind === 'eucalyptus' ? between(r, 20, 28) : kind === 'olive' ? between(r, 34, 46) : between(r, 30, 52);
      const width = kind === 'eucalyptus' ? len * 0.55 : kind === 'olive' ? len * 0.18 : len * 0.26;
      const a = angle(t) + side * between(r, 35, 60);
      parts.push(`<path transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f(a)})" d="${leafPath(len, width)}" ${outlined(leafFill, line * 0.8)}/>`);
      if (!bold && kind !== 'eucalyptus') {
        parts.push(`<path transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f(a)})" d="M${f(len * 0.12)} 0 L${f(len * 0.7)} 0" ${stroke(line * 0.5)}/>`);
      }
      if (kind === 'olive' && chance(r, 0.35)) {
        const o = { x: p.x + Math.cos(rad(a - side * 30)) * 16, y: p.y + Math.sin(rad(a - side * 30)) * 16 };
        parts.push(`<ellipse cx="${f(o.x)}" cy="${f(o.y)}" rx="6" ry="9" transform="rotate(${f(a)} ${f(o.x)} ${f(o.y)})" ${outlined(chance(r, 0.5) ? INK : 'none', line * 0.8)}/>`);
      }
      if (kind === 'eucalyptus') {
        const o = { x: p.x - Math.cos(rad(a)) * 2, y: p.y };
        parts.push(`<path transform="translate(${f(o.x)} ${f(o.y)}) rotate(${f(a + side * 180 - side * 70)})" d="${leafPath(len * 0.9, width * 0.9)}" ${outlined(leafFill, line * 0.8)}/>`);
      }
    }
    if (kind === 'lavender') {
      for (let t = 0.55; t < 1; t += 0.035) {
        const p = at(t);
        const size = 7 * (1.2 - t * 0.5);
        for (const sd of [-1, 1]) {
          parts.push(
            `<ellipse cx="${f(p.x + sd * size * 0.9)}" cy="${f(p.y)}" rx="${f(size * 0.55)}" ry="${f(size)}" transform="rotate(${f(angle(t) + 90 + sd * 25)} ${f(p.x + sd * size * 0.9)} ${f(p.y)})" ${outlined(bold ? INK : 'none', line * 0.7)}/>`,
          );
        }
      }
    }
    if (kind === 'wildflowers') {
      const p = at(1);
      const petals = int(r, 5, 9);
      const len = between(r, 22, 34);
      const tilt = between(r, 0.45, 1);
      const g: string[] = [];
      for (let i = 0; i < petals; i++) {
        g.push(`<path transform="rotate(${f((360 / petals) * i)})" d="${leafPath(len, len * between(r, 0.25, 0.42))}" ${outlined(bold ? INK : SKIN, line * 0.8)}/>`);
      }
      g.push(`<circle r="${f(len * 0.22)}" ${outlined(INK, line * 0.6)}/>`);
      parts.push(`<g transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f(angle(1) + 90)}) scale(1 ${f(tilt)})">${g.join('')}</g>`);
      for (let i = 0; i < int(r, 0, 2); i++) {
        const t = between(r, 0.6, 0.85);
        const q = at(t);
        const a = angle(t) + pick(r, [-40, 40]);
        const e = { x: q.x + Math.cos(rad(a)) * 30, y: q.y + Math.sin(rad(a)) * 30 };
        parts.push(`<path d="M${f(q.x)} ${f(q.y)} Q${f((q.x + e.x) / 2 + 6)} ${f((q.y + e.y) / 2)} ${f(e.x)} ${f(e.y)}" ${stroke(line * 0.8)}/>`);
        parts.push(
          `<path transform="translate(${f(e.x)} ${f(e.y)}) rotate(${f(a + 90)})" d="M0 0 C-9 -6 -8 -18 0 -24 C8 -18 9 -6 0 0 Z" ${outlined(bold ? INK : SKIN, line * 0.8)}/>`,
        );
      }
    }
  }
  if (stems > 1 && chance(r, 0.5)) {
    const y = base.y - 70;
    parts.push(
      `<path d="M${f(base.x - 14)} ${y} q-26 -18 -30 2 q6 14 30 -2 q26 -18 30 2 q-6 14 -30 -2 M${f(base.x - 2)} ${y + 2} l-16 28 M${f(base.x + 2)} ${y + 2} l18 24" ${stroke(line * 0.9)}/>`,
    );
  }
  const motif: MotifKey = bold ? 'leaves' : kind;
  return { w: W, h: H, svg: parts.join(''), motif, colour: false };
}

// ---------------------------------------------------------------- small fine line pieces

function minimal(r: Rng): Design {
  const kind = pick(r, ['moonPhases', 'constellation', 'mountains', 'paperPlane', 'sun'] as const);
  const line = between(r, 2.4, 3.4);
  const parts: string[] = [];
  if (kind === 'moonPhases') {
    const n = pick(r, [5, 7]);
    for (let i = 0; i < n; i++) {
      const x = 30 + i * 48;
      const phase = (i / (n - 1)) * 2 - 1;
      parts.push(`<circle cx="${x}" cy="40" r="16" ${stroke(line)}/>`);
      if (Math.abs(phase) < 0.99) {
        const k = f(16 * Math.abs(phase));
        const sweep = phase < 0 ? 1 : 0;
        parts.push(`<path d="M${x} 24 A16 16 0 0 ${sweep} ${x} 56 A${k} 16 0 0 ${phase < 0 ? 0 : 1} ${x} 24 Z" fill="${INK}"/>`);
      } else if (phase > 0) parts.push(`<circle cx="${x}" cy="40" r="16" fill="${INK}"/>`);
    }
    return { w: 60 + (n - 1) * 48, h: 80, svg: parts.join(''), motif: kind, colour: false, small: true };
  }
  if (kind === 'constellation') {
    const pts: Pt[] = Array.from({ length: int(r, 5, 8) }, () => ({ x: between(r, 20, 280), y: between(r, 20, 200) }));
    pts.sort((a, b) => a.x - b.x);
    parts.push(`<path d="${poly(pts, false)}" ${stroke(line * 0.6)} stroke-dasharray="${f(line * 3)} ${f(line * 2.5)}"/>`);
    for (const p of pts) {
      const s = between(r, 5, 11);
      parts.push(`<path d="M${f(p.x)} ${f(p.y - s)} L${f(p.x)} ${f(p.y + s)} M${f(p.x - s)} ${f(p.y)} L${f(p.x + s)} ${f(p.y)}" ${stroke(line * 0.8)}/>`);
      parts.push(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(line * 1.3)}" fill="${INK}"/>`);
    }
    return { w: 300, h: 220, svg: parts.join(''), motif: kind, colour: false, small: true };
  }
  if (kind === 'mountains') {
    parts.push(`<circle cx="110" cy="110" r="100" ${stroke(line)}/>`);
    const peaks = [
      { x: 10, y: 150 },
      { x: between(r, 50, 70), y: between(r, 70, 95) },
      { x: between(r, 85, 100), y: between(r, 105, 120) },
      { x: between(r, 120, 140), y: between(r, 45, 70) },
      { x: 210, y: 150 },
    ];
    parts.push(`<path d="${poly(peaks, false)}" ${stroke(line)}/>`);
    parts.push(`<path d="M20 168 C70 160 150 176 200 166 M38 184 C90 178 130 190 182 182" ${stroke(line * 0.8)}/>`);
    parts.push(`<circle cx="${f(between(r, 140, 165))}" cy="58" r="14" ${stroke(line)}/>`);
    return { w: 220, h: 220, svg: parts.join(''), motif: kind, colour: false, small: true };
  }
  if (kind === 'paperPlane') {
    parts.push(`<path d="M220 30 L120 70 L150 84 Z M150 84 L170 120 L220 30 M150 84 L160 100" ${outlined(SKIN, line)}/>`);
    parts.push(`<path d="M118 82 C70 110 110 150 60 160 C30 166 20 150 10 170" ${stroke(line * 0.8)} stroke-dasharray="${f(line * 4)} ${f(line * 3)}"/>`);
    return { w: 230, h: 190, svg: parts.join(''), motif: kind, colour: false, small: true };
  }
  const rays = int(r, 10, 18);
  parts.push(`<circle cx="100" cy="100" r="34" ${stroke(line)}/>`);
  if (chance(r, 0.5)) parts.push(`<circle cx="100" cy="100" r="24" ${stroke(line * 0.6)}/>`);
  for (let i = 0; i < rays; i++) {
    const a = (360 / rays) * i;
    const len = i % 2 ? 56 : 82;
    parts.push(`<path transform="rotate(${f(a)} 100 100)" d="M100 58 L100 ${100 - len}" ${stroke(line)}/>`);
  }
  return { w: 200, h: 200, svg: parts.join(''), motif: 'sun', colour: false, small: true };
}

// ---------------------------------------------------------------- traditional and new school

const TRAD_REDS = ['#b3261e', '#a62b1f', '#c0392b', '#9e2a2b'];
const TRAD_ACCENTS = ['#d9a323', '#3f6e3a', '#2f6f73', '#c9772b', '#5b7f3a', '#2f5f8a'];
const NEW_REDS = ['#e0457b', '#d6336c', '#f06543', '#9b5de5'];
const NEW_ACCENTS = ['#00b4d8', '#80b918', '#ffb703', '#7b2cbf', '#06d6a0'];

function flash(motif: string, p: Palette, r: Rng, x: number, y: number, size: number, angle = 0, mirror = false): string {
  const body = (MOTIFS[motif] as (p: Palette, r: Rng) => string)(p, r);
  const s = size / 200;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${mirror ? -s : s} ${s}) translate(-100 -100)">${body}</g>`;
}

function sacredHeart(p: Palette): string {
  const flames = [-28, -12, 0, 12, 28]
    .map((dx, i) => `<path d="M${100 + dx} 62 C${92 + dx} 44 ${104 + dx} 34 ${100 + dx} ${16 + (i % 2) * 10} C${116 + dx} 36 ${112 + dx} 50 ${104 + dx} 62 Z" ${outlined(p.colour ? p.accent : INK, p.line * 0.6)}/>`)
    .join('');
  return [
    flames,
    `<path d="M100 184 C46 150 26 112 44 80 C60 52 92 56 100 80 C108 56 140 52 156 80 C174 112 154 150 100 184 Z" ${outlined(p.colour ? p.red : INK, p.line)}/>`,
    `<path d="M60 96 q8 -18 26 -18" ${stroke(p.line * 0.8, SKIN)}/>`,
    `<path d="M30 112 C70 96 130 128 170 108 M34 124 C74 108 128 140 168 120" ${stroke(p.line * 0.9)}/>`,
    `<path d="M32 106 L50 118 L36 132 Z M168 102 L150 114 L164 126 Z" fill="${INK}"/>`,
    `<path d="M100 94 V150 M88 110 H112" ${stroke(p.line * 0.9, p.colour ? INK : SKIN)}/>`,
  ].join('');
}

function butterfly(p: Palette, r: Rng): string {
  const wing = (m: number) =>
    `<g transform="translate(100 0) scale(${m} 1)">` +
    `<path d="M4 96 C10 40 50 10 92 24 C100 60 70 96 4 100 Z" ${outlined(p.colour ? p.accent : INK, p.line)}/>` +
    `<path d="M4 104 C50 104 88 124 80 166 C56 178 18 150 4 110 Z" ${outlined(p.colour ? p.red : INK, p.line)}/>` +
    `<circle cx="56" cy="50" r="${f(between(r, 9, 14))}" ${outlined(SKIN, p.line * 0.7)}/>` +
    `<circle cx="46" cy="136" r="9" ${outlined(p.colour ? '#f2c14e' : SKIN, p.line * 0.7)}/>` +
    `<path d="M10 96 C30 70 50 56 76 40 M10 106 C30 120 44 132 60 150" ${stroke(p.line * 0.5, SKIN)}/></g>`;
  return [
    wing(1),
    wing(-1),
    `<ellipse cx="100" cy="104" rx="7" ry="44" ${outlined(INK, p.line * 0.6)}/>`,
    `<path d="M98 62 C90 40 80 30 70 26 M102 62 C110 40 120 30 130 26" ${stroke(p.line * 0.6)}/>`,
  ].join('');
}

function traditional(r: Rng, newSchool = false): Design {
  const p: Palette = {
    paper: SKIN,
    ink: INK,
    red: pick(r, newSchool ? NEW_REDS : TRAD_REDS),
    accent: pick(r, newSchool ? NEW_ACCENTS : TRAD_ACCENTS),
    line: newSchool ? between(r, 6, 8) : between(r, 5, 7),
    colour: newSchool || chance(r, 0.85),
  };
  const kind = pick(r, ['rose', 'daggerRose', 'swallow', 'swallows', 'anchor', 'heartBanner', 'sacredHeart', 'butterfly'] as const);
  const angle = between(r, -8, 8);
  switch (kind) {
    case 'rose':
      return { w: 220, h: 220, svg: flash('rose', p, r, 110, 110, 210, angle), motif: 'rose', colour: p.colour };
    case 'daggerRose':
      return {
        w: 220,
        h: 300,
        svg: flash('dagger', p, r, 110, 150, 290, angle * 0.5) + flash('rose', p, r, 110, 150, 160, angle),
        motif: 'daggerRose',
        colour: p.colour,
      };
    case 'swallow':
      return { w: 220, h: 200, svg: flash('swallow', p, r, 110, 100, 210, angle), motif: 'swallow', colour: p.colour };
    case 'swallows':
      return {
        w: 420,
        h: 220,
        svg: flash('swallow', p, r, 110, 110, 200, -6) + flash('swallow', p, r, 310, 110, 200, 6, true),
        motif: 'swallows',
        colour: p.colour,
      };
    case 'anchor':
      return {
        w: 240,
        h: 240,
        svg: flash('anchor', p, r, 120, 120, 220, angle) + (chance(r, 0.5) ? flash('rose', p, r, 120, 170, 90, angle) : ''),
        motif: 'anchor',
        colour: p.colour,
      };
    case 'heartBanner':
      return { w: 220, h: 200, svg: flash('heart', p, r, 110, 100, 210, angle), motif: 'heartBanner', colour: p.colour };
    case 'sacredHeart':
      return { w: 200, h: 200, svg: `<g transform="rotate(${f(angle)} 100 100)">${sacredHeart(p)}</g>`, motif: 'sacredHeart', colour: p.colour };
    default:
      return { w: 200, h: 200, svg: `<g transform="rotate(${f(angle)} 100 100)">${butterfly(p, r)}</g>`, motif: 'butterfly', colour: p.colour };
  }
}

// ---------------------------------------------------------------- mandalas and dotwork

function petalPath(c: number, r1: number, r2: number, width: number, round: boolean): string {
  const h = r2 - r1;
  return round
    ? `M${f(c - width / 2)} ${f(c - r1)} C${f(c - width * 0.7)} ${f(c - r1 - h * 0.9)} ${f(c + width * 0.7)} ${f(c - r1 - h * 0.9)} ${f(c + width / 2)} ${f(c - r1)} Z`
    : `M${f(c - width / 2)} ${f(c - r1)} C${f(c - width * 0.55)} ${f(c - r1 - h * 0.55)} ${f(c - width * 0.05)} ${f(c - r2 + h * 0.12)} ${c} ${f(c - r2)} C${f(c + width * 0.05)} ${f(c - r2 + h * 0.12)} ${f(c + width * 0.55)} ${f(c - r1 - h * 0.55)} ${f(c + width / 2)} ${f(c - r1)} Z`;
}

function mandalaRings(r: Rng, c: number, R: number, dots: boolean, line: number): string {
  const parts: string[] = [`<circle cx="${c}" cy="${c}" r="${f(R * 0.09)}" fill="${INK}"/>`, `<circle cx="${c}" cy="${c}" r="${f(R * 0.04)}" fill="${SKIN}"/>`];
  let inner = R * 0.12;
  const rings = int(r, 4, 6);
  const base = pick(r, [8, 10, 12, 16]);
  for (let k = 0; k < rings && inner < R * 0.97; k++) {
    const outer = Math.min(R, inner + R * between(r, 0.12, 0.24));
    const n = base * (k > 2 ? 2 : 1);
    const type = pick(r, dots ? ['petal', 'stipple', 'dots', 'round', 'band'] : ['petal', 'round', 'band', 'spikes', 'petal']);
    const offset = k % 2 ? 180 / n : 0;
    const width = ((2 * Math.PI * inner) / n) * 1.05;
    const g: string[] = [];
    if (type === 'band') {
      g.push(`<circle cx="${c}" cy="${c}" r="${f((inner + outer) / 2)}" ${stroke(outer - inner, INK)}/>`);
      for (let i = 0; i < n * 2; i++) {
        g.push(`<circle cx="${c}" cy="${f(c - (inner + outer) / 2)}" r="${f((outer - inner) * 0.18)}" fill="${SKIN}" transform="rotate(${f((180 / n) * i)} ${c} ${c})"/>`);
      }
    } else if (type === 'dots') {
      for (const [fr, size] of [
        [0.3, 0.16],
        [0.75, 0.1],
      ] as const) {
        const rr = inner + (outer - inner) * fr;
        const count = Math.round((2 * Math.PI * rr) / ((outer - inner) * 0.5));
        for (let i = 0; i < count; i++) g.push(`<circle cx="${c}" cy="${f(c - rr)}" r="${f((outer - inner) * size)}" fill="${INK}" transform="rotate(${f((360 / count) * i)} ${c} ${c})"/>`);
      }
    } else if (type === 'spikes') {
      for (let i = 0; i < n * 2; i++) {
        g.push(`<path d="M${f(c - width / 4)} ${f(c - inner)} L${c} ${f(c - outer)} L${f(c + width / 4)} ${f(c - inner)} Z" fill="${INK}" transform="rotate(${f((180 / n) * i + offset)} ${c} ${c})"/>`);
      }
    } else {
      const round = type === 'round';
      const fill = type === 'petal' && chance(r, 0.4) ? INK : 'none';
      for (let i = 0; i < n; i++) {
        const rot = `transform="rotate(${f((360 / n) * i + offset)} ${c} ${c})"`;
        g.push(`<path d="${petalPath(c, inner, outer, width, round)}" ${outlined(fill, line)} ${rot}/>`);
        if (fill === 'none') {
          g.push(`<path d="${petalPath(c, inner, inner + (outer - inner) * 0.55, width * 0.45, round)}" ${outlined(type === 'stipple' ? 'none' : INK, line * 0.7)} ${rot}/>`);
        }
        if (type === 'stipple' || (dots && fill === 'none')) {
          const h = outer - inner;
          g.push(`<g ${rot}>${stipple(r, { x: c - width / 2, y: c - outer, w: width, h }, 70, line * 0.55, (x, y) => {
            const t = (c - inner - y) / h;
            const across = Math.abs(x - c) / (width / 2);
            return t > 0 && across < (1 - t) * 0.9 ? 0.9 - t * 0.8 : 0;
          })}</g>`);
        }
      }
    }
    parts.push(...g);
    if (chance(r, 0.6)) parts.push(`<circle cx="${c}" cy="${c}" r="${f(outer + line * 2)}" ${stroke(line * 0.6)}/>`);
    inner = outer + line * 3;
  }
  return parts.join('');
}

function mandala(r: Rng, dots: boolean): Design {
  const line = between(r, 1.8, 3);
  return { w: 400, h: 400, svg: mandalaRings(r, 200, 190, dots, line), motif: 'mandala', colour: false };
}

function chandelier(r: Rng): Design {
  const line = between(r, 1.8, 2.6);
  const parts = [`<g transform="translate(30 0)">${mandalaRings(r, 110, 104, true, line)}</g>`];
  let y = 230;
  const c = 140;
  for (let i = 0; i < int(r, 3, 5); i++) {
    const h = between(r, 34, 60);
    const w = h * between(r, 0.5, 0.8);
    const shape = pick(r, ['diamond', 'drop', 'dot']);
    if (shape === 'diamond') {
      parts.push(`<path d="M${c} ${f(y)} L${f(c + w / 2)} ${f(y + h / 2)} L${c} ${f(y + h)} L${f(c - w / 2)} ${f(y + h / 2)} Z" ${outlined(chance(r, 0.5) ? INK : 'none', line)}/>`);
      parts.push(`<path d="M${c} ${f(y + h * 0.25)} L${f(c + w / 4)} ${f(y + h / 2)} L${c} ${f(y + h * 0.75)} L${f(c - w / 4)} ${f(y + h / 2)} Z" ${outlined(INK, line * 0.6)}/>`);
    } else if (shape === 'drop') {
      parts.push(`<path d="M${c} ${f(y)} C${f(c + w * 0.8)} ${f(y + h * 0.6)} ${f(c + w * 0.5)} ${f(y + h)} ${c} ${f(y + h)} C${f(c - w * 0.5)} ${f(y + h)} ${f(c - w * 0.8)} ${f(y + h * 0.6)} ${c} ${f(y)} Z" ${outlined('none', line)}/>`);
      parts.push(stipple(r, { x: c - w / 2, y, w, h }, 120, line * 0.55, (x, yy) => (Math.abs(x - c) < ((yy - y) / h) * w * 0.4 ? 0.3 + ((yy - y) / h) * 0.6 : 0)));
    } else {
      parts.push(`<circle cx="${c}" cy="${f(y + h / 2)}" r="${f(h * 0.3)}" fill="${INK}"/>`);
    }
    for (let d = 0; d < 3; d++) parts.push(`<circle cx="${c}" cy="${f(y + h + 6 + d * 8)}" r="${f(line * (1.6 - d * 0.3))}" fill="${INK}"/>`);
    y += h + 30;
  }
  for (const side of [-1, 1]) {
    const x = c + side * between(r, 55, 85);
    const n = int(r, 4, 8);
    for (let d = 0; d < n; d++) parts.push(`<circle cx="${f(x)}" cy="${f(222 + d * 13)}" r="${f(line * (1.9 - d * 0.15))}" fill="${INK}"/>`);
    parts.push(`<path d="M${f(x)} ${f(222 + n * 13)} l-6 10 l6 10 l6 -10 Z" fill="${INK}"/>`);
  }
  return { w: 280, h: Math.max(420, y + 10), svg: parts.join(''), motif: 'chandelier', colour: false };
}

function ornament(r: Rng): Design {
  const line = between(r, 2.5, 4.5);
  const half: string[] = [];
  const curls = int(r, 3, 5);
  for (let i = 0; i < curls; i++) {
    const y = 60 + i * between(r, 30, 45);
    const x2 = 200 + between(r, 80, 170);
    const w = line * between(r, 0.8, 2.2);
    half.push(`<path d="M206 ${f(y)} C${f(230 + i * 10)} ${f(y - 40)} ${f(x2 - 30)} ${f(y + 50)} ${f(x2)} ${f(y + 10)} C${f(x2 + 14)} ${f(y - 6)} ${f(x2 - 6)} ${f(y - 22)} ${f(x2 - 16)} ${f(y - 8)}" ${stroke(w)}/>`);
    if (chance(r, 0.6)) half.push(`<circle cx="${f(x2 - 10)}" cy="${f(y - 26)}" r="${f(line * 1.2)}" fill="${INK}"/>`);
  }
  for (let i = 0; i < int(r, 3, 7); i++) half.push(`<circle cx="${f(212 + i * 16)}" cy="${f(40 - i * 2)}" r="${f(line * (1.3 - i * 0.12))}" fill="${INK}"/>`);
  const mirrored = half.join('');
  const parts = [mirrored, `<g transform="translate(400 0) scale(-1 1)">${mirrored}</g>`];
  const gemH = between(r, 70, 110);
  parts.push(`<path d="M200 20 L228 ${f(20 + gemH * 0.4)} L200 ${f(20 + gemH)} L172 ${f(20 + gemH * 0.4)} Z" ${outlined(INK, line)}/>`);
  parts.push(`<path d="M200 ${f(20 + gemH * 0.2)} L214 ${f(20 + gemH * 0.4)} L200 ${f(20 + gemH * 0.7)} Z" fill="${SKIN}"/>`);
  let y = 30 + gemH;
  for (let i = 0; i < int(r, 3, 6); i++) {
    parts.push(`<circle cx="200" cy="${f(y)}" r="${f(line * (1.8 - i * 0.2))}" fill="${INK}"/>`);
    y += 14;
  }
  parts.push(`<path d="M200 ${f(y)} l-9 16 l9 16 l9 -16 Z" fill="${INK}"/>`);
  return { w: 400, h: Math.max(260, y + 40), svg: parts.join(''), motif: 'ornament', colour: false };
}

// ---------------------------------------------------------------- blackwork

function moth(r: Rng): Design {
  const line = between(r, 2.5, 4);
  const upper = `M200 120 C240 70 320 30 386 44 C380 96 350 150 300 168 C260 178 226 170 204 160 Z`;
  const lower = `M204 168 C246 176 300 192 318 236 C322 282 286 312 250 300 C226 290 210 250 204 200 Z`;
  const wing = [
    `<path d="${upper}" ${outlined(INK, line)}/>`,
    `<path d="${lower}" ${outlined(INK, line)}/>`,
    `<path d="M230 128 C270 96 320 70 360 64 M236 150 C280 140 320 120 350 100" ${stroke(line * 0.6, SKIN)}/>`,
    `<circle cx="${f(between(r, 290, 320))}" cy="110" r="${f(between(r, 12, 20))}" ${outlined(SKIN, line * 0.6)}/>`,
    `<circle cx="270" cy="250" r="${f(between(r, 10, 16))}" ${outlined(SKIN, line * 0.6)}/>`,
    `<circle cx="270" cy="250" r="5" fill="${INK}"/>`,
    stipple(r, { x: 210, y: 40, w: 180, h: 140 }, 220, line * 0.45, (x, y) => (y < 60 + (x - 200) * 0.1 || x > 350 ? 0 : 0.12), SKIN),
  ].join('');
  const parts = [wing, `<g transform="translate(400 0) scale(-1 1)">${wing}</g>`];
  parts.push(`<ellipse cx="200" cy="132" rx="16" ry="22" ${outlined(INK, line)}/>`);
  parts.push(`<ellipse cx="200" cy="200" rx="13" ry="52" ${outlined(INK, line)}/>`);
  for (let i = 0; i < 5; i++) parts.push(`<path d="M188 ${180 + i * 14} Q200 ${186 + i * 14} 212 ${180 + i * 14}" ${stroke(line * 0.5, SKIN)}/>`);
  parts.push(`<ellipse cx="200" cy="130" rx="8" ry="10" fill="${SKIN}"/><circle cx="197" cy="128" r="2.4" fill="${INK}"/><circle cx="203" cy="128" r="2.4" fill="${INK}"/>`);
  parts.push(`<path d="M196 112 C180 80 160 66 140 62 M204 112 C220 80 240 66 260 62" ${stroke(line * 0.8)}/>`);
  if (chance(r, 0.6)) {
    parts.push(`<circle cx="200" cy="330" r="${f(between(r, 16, 26))}" ${stroke(line)}/>`);
    parts.push(`<path d="M200 254 V300" ${stroke(line * 0.6)} stroke-dasharray="2 6"/>`);
  }
  return { w: 400, h: 370, svg: parts.join(''), motif: 'moth', colour: false };
}

function snake(r: Rng): Design {
  const line = between(r, 3, 5);
  const p0 = { x: between(r, 100, 200), y: 40 };
  const p1 = { x: between(r, 300, 380), y: 160 };
  const p2 = { x: between(r, -60, 20), y: 360 };
  const p3 = { x: between(r, 160, 220), y: 560 };
  const pts = sampleBez(p0, p1, p2, p3, 80);
  const body = ribbon(pts, (t) => 44 * (t < 0.06 ? 0.7 + t * 5 : Math.max(0.08, 1 - ((t - 0.06) / 0.94) ** 1.6)));
  const parts = [`<path d="${body}" ${outlined(INK, line)}/>`];
  const belly = sampleBez(p0, p1, p2, p3, 40);
  for (let i = 2; i < belly.length - 4; i++) {
    const p = belly[i] as Pt;
    const a = bezAngle(p0, p1, p2, p3, i / 40);
    const w = 44 * Math.max(0.08, 1 - ((i / 40 - 0.06) / 0.94) ** 1.6) * 0.32;
    parts.push(`<path transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f(a)})" d="M-${f(w * 0.6)} 0 L0 -${f(w)} L${f(w * 0.6)} 0 L0 ${f(w)} Z" fill="${SKIN}"/>`);
  }
  const head = pts[0] as Pt;
  const a = bezAngle(p0, p1, p2, p3, 0) + 180;
  parts.push(
    `<g transform="translate(${f(head.x)} ${f(head.y)}) rotate(${f(a)})"><path d="M-6 -20 C30 -26 52 -12 56 0 C52 12 30 26 -6 20 Z" ${outlined(INK, line)}/>` +
      `<circle cx="30" cy="-9" r="4.5" fill="${SKIN}"/><circle cx="30" cy="9" r="4.5" fill="${SKIN}"/>` +
      `<path d="M56 0 H78 L88 -8 M78 0 L88 8" ${stroke(line * 0.7, chance(r, 0.4) ? '#a62b1f' : INK)}/></g>`,
  );
  return { w: 380, h: 600, svg: parts.join(''), motif: 'snake', colour: false };
}

function armband(r: Rng): Design {
  const W = 1000;
  const line = between(r, 3, 5);
  const h = between(r, 70, 130);
  const parts: string[] = [];
  const pattern = pick(r, ['teeth', 'solid', 'diamonds']);
  parts.push(`<rect x="0" y="0" width="${W}" height="${f(line * 1.6)}" fill="${INK}"/>`, `<rect x="0" y="${f(h - line * 1.6)}" width="${W}" height="${f(line * 1.6)}" fill="${INK}"/>`);
  const n = int(r, 14, 22);
  const step = W / n;
  for (let i = 0; i < n; i++) {
    const x = i * step;
    if (pattern === 'teeth') {
      parts.push(`<path d="M${f(x)} ${f(h)} L${f(x + step / 2)} ${f(h * 0.22)} L${f(x + step)} ${f(h)} Z" fill="${INK}"/>`);
      parts.push(`<circle cx="${f(x + step)}" cy="${f(h * 0.3)}" r="${f(line * 0.9)}" fill="${INK}"/>`);
    } else if (pattern === 'solid') {
      parts.push(`<rect x="${f(x)}" y="${f(h * 0.2)}" width="${f(step + 0.5)}" height="${f(h * 0.6)}" fill="${INK}"/>`);
      parts.push(`<circle cx="${f(x + step / 2)}" cy="${f(h / 2)}" r="${f(h * 0.12)}" fill="${SKIN}"/>`);
    } else {
      parts.push(`<path d="M${f(x)} ${f(h / 2)} L${f(x + step / 2)} ${f(h * 0.14)} L${f(x + step)} ${f(h / 2)} L${f(x + step / 2)} ${f(h * 0.86)} Z" ${outlined(i % 2 ? INK : 'none', line * 0.8)}/>`);
    }
  }
  return { w: W, h: f(h), svg: parts.join(''), motif: 'armband', colour: false, wrap: true };
}

// ---------------------------------------------------------------- lettering

const WORDS = [
  'FAMILIA',
  'SAUDADE',
  'LIBERTE',
  'AMOR FATI',
  'CARPE DIEM',
  'STAY WILD',
  'FERNWEH',
  'HEIMAT',
  'MAMA',
  'LOYALTY',
  'HOPE',
  'TRUE LOVE',
  'MEMENTO MORI',
  'VIVRE',
  'FREIHEIT',
  'SEMPRE',
  'NO REGRETS',
  'DUM SPIRO SPERO',
  'LUCKY',
  'ZUHAUSE',
  'FORTUNA',
  'ALMA',
  'COURAGE',
];

function lettering(r: Rng): Design {
  const word = pick(r, WORDS);
  const style = pick(r, ['block', 'arch', 'script', 'banner', 'shadow', 'date']);
  const parts: string[] = [];
  if (style === 'date') {
    const date = `${int(r, 1, 28)} ${int(r, 1, 12)} ${int(r, 1961, 2022)}`;
    const row = letters(date.replace(/ /g, ' '), 200, 60, 46, 3.2, INK, -8);
    parts.push(row.svg, `<path d="M${f(200 - row.width / 2)} 104 H${f(200 + row.width / 2)}" ${stroke(2)}/>`);
    return { w: 400, h: 130, svg: parts.join(''), motif: 'lettering', words: date.replace(/ /g, '.'), colour: false, small: true };
  }
  const lines = word.length > 10 && word.includes(' ') ? word.split(' ') : [word];
  if (style === 'arch') {
    parts.push(archedLetters(word, 260, 320, 230, 52, 9));
    if (chance(r, 0.6)) parts.push(flash(pick(r, ['rose', 'heart', 'dagger']), { paper: SKIN, ink: INK, red: pick(r, TRAD_REDS), accent: pick(r, TRAD_ACCENTS), line: 6, colour: chance(r, 0.5) }, r, 260, 270, 150));
    return { w: 520, h: 360, svg: parts.join(''), motif: 'lettering', words: word, colour: false };
  }
  if (style === 'banner') {
    const row = letters(word, 260, 100, 34, 5);
    const w = row.width + 80;
    parts.push(
      `<path d="M${f(260 - w / 2)} 74 L${f(260 + w / 2)} 74 L${f(260 + w / 2 + 30)} 100 L${f(260 + w / 2)} 126 L${f(260 - w / 2)} 126 L${f(260 - w / 2 - 30)} 100 Z" ${outlined(SKIN, 6)}/>`,
      row.svg,
    );
    return { w: w + 100, h: 200, svg: `<g transform="translate(${f(w / 2 + 50 - 260)} 0)">${parts.join('')}</g>`, motif: 'lettering', words: word, colour: false };
  }
  const script = style === 'script';
  let y = 70;
  let width = 0;
  for (const text of lines) {
    const height = script ? 44 : 58;
    const weight = script ? 3 : 11;
    if (style === 'shadow') parts.push(letters(text, 266, y + 6, height, weight, GREYS[2] as string).svg);
    const row = letters(text, 260, y, height, weight, INK, script ? -14 : 0);
    parts.push(row.svg);
    width = Math.max(width, row.width);
    y += height + 30;
  }
  if (script) parts.push(`<path d="M${f(260 - width / 2)} ${f(y - 12)} C${f(260 - width / 4)} ${f(y + 4)} ${f(260 + width / 4)} ${f(y - 28)} ${f(260 + width / 2 + 20)} ${f(y - 14)}" ${stroke(2.4)}/>`);
  // The box hugs the letters, so a short word is placed as large as a long one.
  return { w: width + 60, h: y + 20, svg: `<g transform="translate(${f(width / 2 + 30 - 260)} 0)">${parts.join('')}</g>`, motif: 'lettering', words: word, colour: false };
}

// ---------------------------------------------------------------- japanese

function blossom(x: number, y: number, size: number, colour: string, angle: number): string {
  const petal = `M0 0 C${f(-size * 0.6)} ${f(-size * 0.4)} ${f(-size * 0.5)} ${f(-size)} ${f(-size * 0.12)} ${f(-size * 1.05)} L0 ${f(-size * 0.85)} L${f(size * 0.12)} ${f(-size * 1.05)} C${f(size * 0.5)} ${f(-size)} ${f(size * 0.6)} ${f(-size * 0.4)} 0 0 Z`;
  const petals = [0, 72, 144, 216, 288].map((a) => `<path transform="rotate(${a + angle})" d="${petal}" ${outlined(colour, 2.4)}/>`).join('');
  return `<g transform="translate(${f(x)} ${f(y)})">${petals}<circle r="${f(size * 0.18)}" fill="${INK}"/></g>`;
}

function waves(r: Rng, x0: number, y0: number, w: number, h: number, blue: string): string {
  const parts: string[] = [];
  const rows = int(r, 3, 4);
  for (let i = 0; i < rows; i++) {
    const top = y0 + (h / rows) * i;
    const amp = between(r, 24, 38);
    const period = between(r, 110, 160);
    const k = (2 * Math.PI) / period;
    const phase = between(r, 0, 2 * Math.PI);
    const crest = (x: number, off = 0, s = 1) => top + amp - amp * s * (0.5 + 0.5 * Math.sin(k * x + phase)) ** 3 + off;
    const edge = (off: number, s: number) => {
      const pts: Pt[] = [];
      for (let x = x0; x <= x0 + w; x += 6) pts.push({ x, y: crest(x, off, s) });
      return pts;
    };
    // The lower edge follows the crest line, so the last row ends in a wave, not a cut.
    const depth = h / rows + amp * 0.6;
    parts.push(`<path d="${poly([...edge(0, 1), ...edge(depth, 0.8).reverse()])}" fill="${blue}"/>`, `<path d="${poly(edge(0, 1), false)}" ${stroke(3.5)}/>`);
    for (let j = 1; j <= 3; j++) parts.push(`<path d="${poly(edge(j * 9, 1 - j * 0.22), false)}" ${stroke(2, SKIN)}/>`);
    for (let x = (Math.PI / 2 - phase) / k; x < x0 + w; x += period) {
      if (x < x0 + 10) continue;
      const y = crest(x);
      parts.push(`<path d="M${f(x)} ${f(y)} c10 -10 24 -4 20 8 c-3 8 -12 8 -14 2" ${outlined(SKIN, 2.4)}/>`);
      for (let d = 0; d < 3; d++) parts.push(`<circle cx="${f(x - 14 - d * 10)}" cy="${f(y - 6 - d * 5)}" r="${f(4 - d)}" ${outlined(SKIN, 2)}/>`);
    }
  }
  return parts.join('');
}

function koiFish(r: Rng, x: number, y: number, length: number, angle: number, colours: { body: string; patch: string }, id: string): string {
  const p0 = { x: 0, y: 0 };
  const bend = between(r, -0.5, 0.5) * length;
  const pts = sampleBez(p0, { x: bend * 0.3, y: length * 0.3 }, { x: -bend, y: length * 0.6 }, { x: bend * 0.4, y: length * 0.82 }, 40);
  const maxW = length * 0.24;
  const body = ribbon(pts, (t) => maxW * Math.max(0.12, Math.sin(Math.PI * Math.min(1, 0.16 + t * 0.88)) ** 0.7));
  const tail = pts[pts.length - 1] as Pt;
  const prev = pts[pts.length - 4] as Pt;
  const ta = (Math.atan2(tail.y - prev.y, tail.x - prev.x) * 180) / Math.PI;
  const parts: string[] = [];
  parts.push(
    `<g transform="translate(${f(tail.x)} ${f(tail.y)}) rotate(${f(ta - 90)})"><path d="M0 -6 C${f(-maxW * 1.4)} ${f(maxW * 0.6)} ${f(-maxW * 1.2)} ${f(maxW * 1.8)} ${f(-maxW * 0.5)} ${f(maxW * 1.6)} C${f(-maxW * 0.3)} ${f(maxW)} 0 ${f(maxW * 0.8)} 0 ${f(maxW * 0.5)} C0 ${f(maxW * 0.8)} ${f(maxW * 0.3)} ${f(maxW)} ${f(maxW * 0.5)} ${f(maxW * 1.6)} C${f(maxW * 1.2)} ${f(maxW * 1.8)} ${f(maxW * 1.4)} ${f(maxW * 0.6)} 0 -6 Z" ${outlined(colours.body, 3)}/>` +
      `<path d="M0 0 L${f(-maxW * 0.8)} ${f(maxW * 1.4)} M0 0 L${f(maxW * 0.8)} ${f(maxW * 1.4)} M0 0 L${f(-maxW * 0.3)} ${f(maxW * 1.2)} M0 0 L${f(maxW * 0.3)} ${f(maxW * 1.2)}" ${stroke(1.6)}/></g>`,
  );
  const fin = pts[9] as Pt;
  for (const side of [-1, 1]) {
    parts.push(`<path transform="translate(${f(fin.x)} ${f(fin.y)}) scale(${side} 1)" d="M${f(maxW * 0.35)} 0 C${f(maxW * 1.2)} ${f(maxW * 0.1)} ${f(maxW * 1.4)} ${f(maxW * 0.8)} ${f(maxW * 1.1)} ${f(maxW * 1.1)} C${f(maxW * 0.8)} ${f(maxW * 0.8)} ${f(maxW * 0.5)} ${f(maxW * 0.5)} ${f(maxW * 0.3)} ${f(maxW * 0.4)} Z" ${outlined(colours.body, 3)}/>`);
  }
  parts.push(`<clipPath id="${id}"><path d="${body}"/></clipPath>`);
  parts.push(`<path d="${body}" fill="${colours.body}"/>`);
  const patches: string[] = [];
  for (let i = 0; i < int(r, 2, 4); i++) {
    const p = pts[int(r, 6, 30)] as Pt;
    patches.push(`<ellipse cx="${f(p.x + between(r, -maxW, maxW) * 0.4)}" cy="${f(p.y)}" rx="${f(maxW * between(r, 0.4, 0.8))}" ry="${f(maxW * between(r, 0.5, 1))}" fill="${colours.patch}"/>`);
  }
  const scales: string[] = [];
  for (let i = 8; i < 32; i += 2) {
    const p = pts[i] as Pt;
    const q = pts[i + 1] as Pt;
    const a = (Math.atan2(q.y - p.y, q.x - p.x) * 180) / Math.PI;
    const w = maxW * Math.sin(Math.PI * Math.min(1, 0.16 + (i / 40) * 0.88)) ** 0.7;
    for (let s = -2; s <= 2; s++) {
      const off = (s + (i % 4 ? 0.5 : 0)) * w * 0.2;
      if (Math.abs(off) > w * 0.45) continue;
      scales.push(`<path transform="translate(${f(p.x)} ${f(p.y)}) rotate(${f(a - 90)}) translate(${f(off)} 0)" d="M-${f(w * 0.1)} 0 A${f(w * 0.1)} ${f(w * 0.1)} 0 0 0 ${f(w * 0.1)} 0" ${stroke(1.5)}/>`);
    }
  }
  parts.push(`<g clip-path="url(#${id})">${patches.join('')}${scales.join('')}</g>`);
  parts.push(`<path d="${body}" ${stroke(3.2)}/>`);
  const head = pts[2] as Pt;
  parts.push(`<circle cx="${f(head.x - maxW * 0.22)}" cy="${f(head.y + 4)}" r="3.2" fill="${INK}"/><circle cx="${f(head.x + maxW * 0.22)}" cy="${f(head.y + 4)}" r="3.2" fill="${INK}"/>`);
  parts.push(`<path d="M${f(head.x - 6)} ${f(head.y - 8)} C${f(head.x - 30)} ${f(head.y - 26)} ${f(head.x - 40)} ${f(head.y - 10)} ${f(head.x - 50)} ${f(head.y - 30)} M${f(head.x + 6)} ${f(head.y - 8)} C${f(head.x + 30)} ${f(head.y - 26)} ${f(head.x + 40)} ${f(head.y - 10)} ${f(head.x + 50)} ${f(head.y - 30)}" ${stroke(1.6)}/>`);
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">${parts.join('')}</g>`;
}

function peony(r: Rng, x: number, y: number, size: number, colour: string, dark: string): string {
  const parts: string[] = [];
  for (const [n, radius, scale, fill] of [
    [7, 1, 1, colour],
    [6, 0.72, 0.8, colour],
    [5, 0.45, 0.6, dark],
  ] as const) {
    const off = between(r, 0, 60);
    for (let i = 0; i < n; i++) {
      const a = off + (360 / n) * i;
      const len = size * radius;
      const w = size * 0.34 * scale;
      parts.push(
        `<path transform="rotate(${f(a)})" d="M${f(-w * 0.5)} 0 C${f(-w * 1.1)} ${f(-len * 0.5)} ${f(-w * 0.8)} ${f(-len)} ${f(-w * 0.3)} ${f(-len * 0.94)} Q0 ${f(-len * 1.06)} ${f(w * 0.3)} ${f(-len * 0.94)} C${f(w * 0.8)} ${f(-len)} ${f(w * 1.1)} ${f(-len * 0.5)} ${f(w * 0.5)} 0 Z" ${outlined(fill, 3)}/>`,
      );
      parts.push(`<path transform="rotate(${f(a)})" d="M0 ${f(-len * 0.3)} L0 ${f(-len * 0.7)}" ${stroke(1.6)}/>`);
    }
  }
  parts.push(`<circle r="${f(size * 0.14)}" ${outlined('#e9b44c', 3)}/>`);
  return `<g transform="translate(${f(x)} ${f(y)}) scale(1 0.86)">${parts.join('')}</g>`;
}

function japanese(r: Rng): Design {
  const kind = pick(r, ['koi', 'koi', 'peony', 'wave']);
  const blue = pick(r, ['#2f5f8a', '#28506f', '#3b6e8f', '#4a5a6a']);
  const parts: string[] = [];
  const id = `k${Math.floor(r() * 1e9)}`;
  if (kind === 'wave') {
    parts.push(waves(r, 0, 40, 420, 360, blue));
    parts.push(`<path d="M30 150 C60 40 220 0 330 70 C270 50 220 80 240 120 C260 100 300 104 306 130 C250 134 200 150 170 170 Z" ${outlined(blue, 4)}/>`);
    for (let i = 0; i < 9; i++) parts.push(`<circle cx="${f(250 + Math.cos(rad(-150 + i * 22)) * 56)}" cy="${f(110 + Math.sin(rad(-150 + i * 22)) * 40)}" r="${f(5 + (i % 3) * 2)}" ${outlined(SKIN, 2.2)}/>`);
    parts.push(`<path d="M60 140 C100 70 200 40 290 72 M80 150 C120 96 200 70 270 86" ${stroke(2, SKIN)}/>`);
    for (let i = 0; i < int(r, 2, 4); i++) parts.push(blossom(between(r, 40, 380), between(r, 20, 80), between(r, 14, 22), '#f0a6b8', between(r, 0, 72)));
    return { w: 420, h: 420, svg: parts.join(''), motif: 'wave', colour: true };
  }
  if (kind === 'peony') {
    parts.push(waves(r, 0, 260, 360, 220, blue));
    for (const side of [-1, 1]) parts.push(`<path transform="translate(180 200) scale(${side} 1)" d="M20 40 C90 40 150 90 150 150 C110 140 70 110 60 90 C50 120 30 130 10 130 C20 100 20 70 20 40 Z" ${outlined(pick(r, ['#3f6e3a', '#5b7f3a', INK]), 3)}/>`);
    parts.push(peony(r, 180, 190, 130, pick(r, ['#d9546a', '#c23b4e', '#e07a8a', '#b3261e']), pick(r, ['#8e1f2f', '#9e2a2b'])));
    for (let i = 0; i < int(r, 1, 3); i++) parts.push(blossom(between(r, 30, 330), between(r, 20, 70), 16, '#f0a6b8', between(r, 0, 72)));
    return { w: 360, h: 480, svg: parts.join(''), motif: 'peony', colour: true };
  }
  parts.push(waves(r, 0, 300, 360, 260, blue));
  const colours = pick(r, [
    { body: '#e0642a', patch: '#b3261e' },
    { body: SKIN, patch: '#c23b22' },
    { body: '#e9a23b', patch: INK },
    { body: '#c23b22', patch: INK },
  ]);
  parts.push(koiFish(r, 180, 40, 430, between(r, -14, 14), colours, id));
  for (let i = 0; i < int(r, 2, 4); i++) parts.push(blossom(between(r, 30, 330), between(r, 40, 500), between(r, 13, 20), '#f0a6b8', between(r, 0, 72)));
  return { w: 360, h: 560, svg: parts.join(''), motif: 'koi', colour: true };
}

// ---------------------------------------------------------------- realism in grey wash

const SOFT = (id: string, s: number) => `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${s}"/></filter>`;

function realismEye(r: Rng, id: string): string {
  const iris = between(r, 38, 46);
  const cx = 200 + between(r, -20, 20);
  const almond = 'M30 150 C90 60 300 50 370 150 C300 230 100 240 30 150 Z';
  const soft = [
    `<ellipse cx="200" cy="150" rx="180" ry="110" fill="#c9cacb"/>`,
    `<path d="M60 20 C140 -10 260 -8 360 30" fill="none" stroke="#3b3e42" stroke-width="24" opacity="0.8"/>`,
  ];
  const mid = [`<path d="${almond}" fill="${SKIN}"/>`, `<path d="${almond}" fill="none" stroke="#5a5c5e" stroke-width="14"/>`, `<path d="M20 130 C90 40 310 30 380 140" fill="none" stroke="#2a2c2e" stroke-width="10"/>`];
  const crisp = [`<circle cx="${f(cx)}" cy="146" r="${f(iris)}" fill="url(#${id}g)"/>`];
  for (let i = 0; i < 36; i++) {
    const a = i * 10 + between(r, -3, 3);
    crisp.push(`<path transform="rotate(${f(a)} ${f(cx)} 146)" d="M${f(cx)} ${f(146 - iris * 0.4)} L${f(cx)} ${f(146 - iris * 0.95)}" stroke="#3a3c3e" stroke-width="1.6" opacity="0.7"/>`);
  }
  crisp.push(`<circle cx="${f(cx)}" cy="146" r="${f(iris * 0.38)}" fill="${INK}"/>`, `<ellipse cx="${f(cx - 12)}" cy="132" rx="9" ry="7" fill="${SKIN}"/>`);
  for (let i = 0; i < 26; i++) {
    const t = i / 25;
    const p = bez({ x: 40, y: 140 }, { x: 100, y: 70 }, { x: 300, y: 62 }, { x: 364, y: 140 }, t);
    crisp.push(`<path d="M${f(p.x)} ${f(p.y)} q${f(-8 + t * 16)} -14 ${f(-10 + t * 26)} -22" ${stroke(2)}/>`);
  }
  for (let i = 0; i < 50; i++) {
    const x = 70 + i * 5.8;
    crisp.push(`<path d="M${f(x)} ${f(26 - Math.sin((i / 50) * Math.PI) * 26)} l${f(between(r, 8, 16))} ${f(between(r, -6, -14))}" ${stroke(1.6)}/>`);
  }
  return layered(id, soft, mid, crisp, `<radialGradient id="${id}g"><stop offset="0.3" stop-color="#2a2c2e"/><stop offset="0.75" stop-color="#8a8c8e"/><stop offset="1" stop-color="#25272a"/></radialGradient>`);
}

/** Grey wash in three depths: one blurred group each, so the renderer filters twice, not per shape. */
function layered(id: string, soft: string[], mid: string[], crisp: string[], defs = ''): string {
  return (
    `<defs>${SOFT(`${id}a`, 9)}${SOFT(`${id}b`, 2.5)}${defs}</defs>` +
    `<g filter="url(#${id}a)">${soft.join('')}</g><g filter="url(#${id}b)">${mid.join('')}</g>${crisp.join('')}`
  );
}

function skullShape(r: Rng, id: string): string {
  const cranium = 'M200 20 C300 20 350 90 346 170 C344 210 320 230 310 260 L300 300 L100 300 L90 260 C80 230 56 210 54 170 C50 90 100 20 200 20 Z';
  const soft = [
    `<path d="M80 120 C110 90 150 84 180 96" fill="none" stroke="#5a5c5e" stroke-width="12"/>`,
    `<path d="M70 230 C90 250 100 270 110 300 M330 230 C310 250 300 270 290 300" fill="none" stroke="#2a2c2e" stroke-width="14"/>`,
  ];
  const mid = [
    `<path d="${cranium}" fill="url(#${id}g)"/>`,
    `<path d="${cranium}" fill="none" stroke="#2a2c2e" stroke-width="6"/>`,
    `<ellipse cx="140" cy="178" rx="${f(between(r, 40, 48))}" ry="38" fill="${INK}"/>`,
    `<ellipse cx="260" cy="178" rx="${f(between(r, 40, 48))}" ry="38" fill="${INK}"/>`,
    `<path d="M200 210 L184 250 L216 250 Z" fill="${INK}"/>`,
    `<path d="M110 300 L110 340 C150 370 250 370 290 340 L290 300 Z" fill="#9a9b9c"/>`,
  ];
  const crisp = [Array.from({ length: 8 }, (_, i) => `<rect x="${116 + i * 22}" y="290" width="18" height="${i % 2 ? 34 : 38}" rx="6" fill="${SKIN}" stroke="#3a3c3e" stroke-width="3"/>`).join('')];
  return layered(id, soft, mid, crisp, `<radialGradient id="${id}g" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#b8b9ba"/><stop offset="1" stop-color="#4a4c4e"/></radialGradient>`);
}

function greyRose(r: Rng, id: string): string {
  const soft: string[] = [];
  const mid: string[] = [];
  for (const [n, radius, shade] of [
    [6, 150, '#8f9193'],
    [5, 110, '#6b6e70'],
    [4, 72, '#4b4e51'],
    [3, 40, '#2c2e31'],
  ] as const) {
    const off = between(r, 0, 60);
    for (let i = 0; i < n; i++) {
      const a = off + (360 / n) * i;
      soft.push(`<path transform="translate(200 200) rotate(${f(a)})" d="M-${f(radius * 0.55)} 0 C-${f(radius * 0.8)} -${f(radius * 0.8)} ${f(radius * 0.8)} -${f(radius * 0.8)} ${f(radius * 0.55)} 0 Z" fill="${shade}"/>`);
      mid.push(`<path transform="translate(200 200) rotate(${f(a)})" d="M-${f(radius * 0.45)} -${f(radius * 0.3)} C-${f(radius * 0.5)} -${f(radius * 0.66)} ${f(radius * 0.5)} -${f(radius * 0.66)} ${f(radius * 0.45)} -${f(radius * 0.3)}" fill="none" stroke="${SKIN}" stroke-width="5"/>`);
    }
  }
  mid.push(`<path d="M110 330 C140 300 170 300 190 320 C160 340 130 344 110 330 Z M300 320 C270 300 240 300 220 316 C250 336 280 338 300 320 Z" fill="#3b3e42"/>`);
  return layered(id, soft, mid, []);
}

function pocketWatch(r: Rng, id: string): string {
  const soft = [`<path d="M40 100 C80 60 120 40 170 38" fill="none" stroke="#2a2c2e" stroke-width="14" opacity="0.7"/>`];
  const mid = [
    `<circle cx="200" cy="220" r="170" fill="#3b3e42"/>`,
    `<circle cx="200" cy="220" r="148" fill="url(#${id}g)"/>`,
    `<circle cx="200" cy="220" r="148" fill="none" stroke="#8f9193" stroke-width="8"/>`,
    `<rect x="180" y="18" width="40" height="36" rx="10" fill="#4b4e51"/>`,
  ];
  const crisp = [`<circle cx="200" cy="16" r="18" fill="none" stroke="#4b4e51" stroke-width="9"/>`];
  const numerals = ['XII', 'I', 'II', 'III', 'IIII', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'];
  numerals.forEach((n, i) => {
    const a = -90 + i * 30;
    const x = 200 + Math.cos(rad(a)) * 118;
    const y = 220 + Math.sin(rad(a)) * 118;
    crisp.push(`<g transform="rotate(${a + 90} ${f(x)} ${f(y)})">${letters(n, x, y, 22, 3.2).svg}</g>`);
  });
  const h = between(r, 0, 360);
  const m = between(r, 0, 360);
  crisp.push(`<path transform="rotate(${f(h)} 200 220)" d="M200 220 L200 150" ${stroke(7)}/>`, `<path transform="rotate(${f(m)} 200 220)" d="M200 220 L200 118" ${stroke(4)}/>`, `<circle cx="200" cy="220" r="8" fill="${INK}"/>`);
  crisp.push(Array.from({ length: 9 }, (_, i) => `<ellipse cx="${f(210 + i * 18)}" cy="${f(8 - i * 6 + i * i * 1.6)}" rx="10" ry="6" fill="none" stroke="#3b3e42" stroke-width="3.5"/>`).join(''));
  return layered(id, soft, mid, crisp, `<radialGradient id="${id}g" cx="0.35" cy="0.3"><stop offset="0" stop-color="#ffffff"/><stop offset="0.8" stop-color="#c2c3c4"/><stop offset="1" stop-color="#6b6e70"/></radialGradient>`);
}

function statue(r: Rng, id: string): string {
  const tilt = f(between(r, -8, 8));
  const face = 'M110 150 C110 70 290 70 292 150 C296 240 270 330 200 352 C130 330 104 240 110 150 Z';
  const soft = [
    `<path d="M90 170 C80 60 150 14 210 16 C290 18 330 90 316 180 C330 150 350 200 330 240 C330 120 300 70 210 60 C130 60 100 120 96 220 C80 210 80 190 90 170 Z" fill="#2f3134"/>`,
    `<path d="M292 150 C296 240 270 330 200 352" fill="none" stroke="#4b4e51" stroke-width="26"/>`,
    `<path d="M150 340 C160 380 150 420 130 440 M250 340 C240 380 250 420 270 440" fill="none" stroke="#4b4e51" stroke-width="20"/>`,
  ];
  const mid = [
    `<ellipse cx="158" cy="184" rx="30" ry="14" fill="#6b6e70"/>`,
    `<ellipse cx="246" cy="184" rx="30" ry="14" fill="#6b6e70"/>`,
    `<path d="M132 170 C148 158 170 158 188 170 M216 170 C234 158 256 158 272 170" fill="none" stroke="#2a2c2e" stroke-width="5"/>`,
    `<path d="M128 150 C150 136 176 138 190 146 M214 146 C230 138 256 136 276 150" fill="none" stroke="#3b3e42" stroke-width="8"/>`,
    `<path d="M204 180 C200 220 196 250 186 262 C196 272 212 272 222 264" fill="none" stroke="#55585b" stroke-width="9"/>`,
    `<path d="M168 296 C190 286 214 286 236 296 C214 312 190 312 168 296 Z" fill="#6b6e70"/>`,
    `<path d="M168 296 C190 300 214 300 236 296" fill="none" stroke="#2a2c2e" stroke-width="4"/>`,
  ];
  return `<g transform="rotate(${tilt} 200 240)">${layered(id, soft, [`<path d="${face}" fill="url(#${id}g)"/>`, ...mid], [], `<radialGradient id="${id}g" cx="0.45" cy="0.4" r="0.65"><stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#c7c8c9"/><stop offset="1" stop-color="#5d6063"/></radialGradient>`)}</g>`;
}

function realism(r: Rng): Design {
  const kind = pick(r, ['eye', 'skull', 'watch', 'statue', 'eye', 'rose'] as const);
  const id = `r${Math.floor(r() * 1e9)}`;
  switch (kind) {
    case 'eye':
      return { w: 400, h: 260, svg: realismEye(r, id), motif: 'eye', colour: false, soft: true };
    case 'skull':
      return { w: 400, h: 380, svg: skullShape(r, id), motif: 'skull', colour: false, soft: true };
    case 'rose':
      return { w: 400, h: 380, svg: greyRose(r, id), motif: 'rose', colour: false, soft: true };
    case 'watch':
      return { w: 400, h: 400, svg: pocketWatch(r, id), motif: 'watch', colour: false, soft: true };
    default:
      return { w: 400, h: 460, svg: statue(r, id), motif: 'statue', colour: false, soft: true };
  }
}

// ---------------------------------------------------------------- geometric

function geometric(r: Rng): Design {
  const kind = pick(r, ['flowerOfLife', 'geometricMountains', 'polyhedron', 'fox'] as const);
  const line = between(r, 2, 3.4);
  const parts: string[] = [];
  if (kind === 'flowerOfLife') {
    const R = 52;
    const centres: Pt[] = [{ x: 200, y: 200 }];
    for (let ring = 1; ring <= (chance(r, 0.5) ? 1 : 2); ring++) {
      for (let i = 0; i < 6 * ring; i++) {
        const a = rad((360 / (6 * ring)) * i);
        centres.push({ x: 200 + Math.cos(a) * R * ring, y: 200 + Math.sin(a) * R * ring });
      }
    }
    for (const c of centres) parts.push(`<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${R}" ${stroke(line)}/>`);
    const outer = R * (centres.length > 7 ? 3 : 2);
    parts.push(`<circle cx="200" cy="200" r="${outer + 8}" ${stroke(line * 1.4)}/>`);
    if (chance(r, 0.6)) parts.push(`<path d="${poly([0, 1, 2].map((i) => ({ x: 200 + Math.cos(rad(-90 + i * 120)) * (outer + 8), y: 200 + Math.sin(rad(-90 + i * 120)) * (outer + 8) })))}" ${stroke(line)}/>`);
    parts.push(`<circle cx="200" cy="200" r="9" fill="${INK}"/>`);
    return { w: 400, h: 400, svg: parts.join(''), motif: kind, colour: false };
  }
  if (kind === 'geometricMountains') {
    const shape = pick(r, ['triangle', 'circle', 'diamond']);
    const frame =
      shape === 'circle'
        ? `<circle cx="200" cy="220" r="160" ${stroke(line)}/>`
        : shape === 'triangle'
          ? `<path d="M200 30 L370 350 L30 350 Z" ${stroke(line)}/>`
          : `<path d="M200 40 L370 220 L200 400 L30 220 Z" ${stroke(line)}/>`;
    parts.push(frame);
    const ys = [between(r, 150, 190), between(r, 190, 230), between(r, 120, 160)];
    const xs = [120, 200, 270];
    xs.forEach((x, i) => {
      const y = ys[i] as number;
      parts.push(`<path d="M${x - 90} 320 L${x} ${f(y)} L${x + 90} 320" ${stroke(line)}/>`);
      for (let k = 1; k < 6; k++) parts.push(`<path d="M${x} ${f(y)} L${f(x + k * 12)} ${f(y + 34 + k * 14)}" ${stroke(line * 0.5)}/>`);
    });
    parts.push(`<circle cx="${f(between(r, 150, 250))}" cy="${f(between(r, 90, 120))}" r="20" fill="${INK}"/>`);
    parts.push(`<path d="M80 340 H320 M110 356 H290" ${stroke(line * 0.7)}/>`);
    return { w: 400, h: 420, svg: parts.join(''), motif: kind, colour: false };
  }
  if (kind === 'polyhedron') {
    const n = pick(r, [5, 6, 8]);
    const outer = Array.from({ length: n }, (_, i) => ({ x: 200 + Math.cos(rad((360 / n) * i - 90)) * 170, y: 200 + Math.sin(rad((360 / n) * i - 90)) * 170 }));
    const inner = Array.from({ length: n }, (_, i) => ({ x: 200 + Math.cos(rad((360 / n) * i - 90 + 180 / n)) * 90, y: 200 + Math.sin(rad((360 / n) * i - 90 + 180 / n)) * 90 }));
    parts.push(`<path d="${poly(outer)}" ${stroke(line * 1.3)}/>`, `<path d="${poly(inner)}" ${stroke(line)}/>`);
    for (let i = 0; i < n; i++) {
      const o = outer[i] as Pt;
      parts.push(`<path d="M${f(o.x)} ${f(o.y)} L${f((inner[i] as Pt).x)} ${f((inner[i] as Pt).y)} M${f(o.x)} ${f(o.y)} L${f((inner[(i + n - 1) % n] as Pt).x)} ${f((inner[(i + n - 1) % n] as Pt).y)} M${f(o.x)} ${f(o.y)} L200 200" ${stroke(line * 0.7)}/>`);
      if (i % 2 === 0) parts.push(`<path d="M${f(o.x)} ${f(o.y)} L${f((inner[i] as Pt).x)} ${f((inner[i] as Pt).y)} L200 200 Z" fill="${INK}" opacity="0.85"/>`);
      parts.push(`<circle cx="${f(o.x)}" cy="${f(o.y)}" r="${f(line * 2.2)}" fill="${INK}"/>`);
    }
    return { w: 400, h: 400, svg: parts.join(''), motif: kind, colour: false };
  }
  const half = [
    { x: 200, y: 330 },
    { x: 232, y: 300 },
    { x: 290, y: 200 },
    { x: 330, y: 40 },
    { x: 250, y: 120 },
    { x: 200, y: 130 },
  ];
  const inner = [
    [0, 1, 5],
    [1, 2, 5],
    [2, 4, 5],
    [2, 3, 4],
  ];
  for (const m of [1, -1]) {
    const pts = half.map((p) => ({ x: 200 + (p.x - 200) * m, y: p.y }));
    parts.push(`<path d="${poly(pts)}" ${stroke(line * 1.2)}/>`);
    inner.forEach(([a, b, c], i) => {
      const tri = [pts[a as number], pts[b as number], pts[c as number]] as Pt[];
      parts.push(`<path d="${poly(tri)}" ${outlined(i === 3 ? INK : i % 2 ? '#55585b' : 'none', line * 0.8)}/>`);
    });
    parts.push(`<circle cx="${200 + 44 * m}" cy="196" r="7" fill="${INK}"/>`);
  }
  parts.push(`<path d="M188 318 L212 318 L200 336 Z" fill="${INK}"/>`);
  return { w: 400, h: 360, svg: parts.join(''), motif: 'fox', colour: false };
}

// ---------------------------------------------------------------- watercolour

const WASHES = [
  ['#e76f51', '#f4a261', '#e9c46a'],
  ['#6a4c93', '#1982c4', '#8ac926'],
  ['#ff595e', '#ff924c', '#ffca3a'],
  ['#2a9d8f', '#48cae4', '#90be6d'],
  ['#d62d7a', '#9d4edd', '#4ea8de'],
  ['#ef476f', '#ffd166', '#06d6a0'],
];

function feather(line: number): string {
  const parts = [`<path d="M200 420 C196 300 210 160 240 40" ${stroke(line * 1.2)}/>`];
  for (let i = 0; i < 22; i++) {
    const t = 0.15 + i * 0.038;
    const p = bez({ x: 200, y: 420 }, { x: 196, y: 300 }, { x: 210, y: 160 }, { x: 240, y: 40 }, t);
    const len = 70 * Math.sin(Math.PI * Math.min(1, t * 1.05));
    parts.push(`<path d="M${f(p.x)} ${f(p.y)} q${f(-len * 0.6)} ${f(-len * 0.1)} ${f(-len)} ${f(-len * 0.7)}" ${stroke(line * 0.7)}/>`);
    parts.push(`<path d="M${f(p.x)} ${f(p.y)} q${f(len * 0.6)} ${f(-len * 0.3)} ${f(len * 0.9)} ${f(-len * 0.9)}" ${stroke(line * 0.7)}/>`);
  }
  return parts.join('');
}

function watercolour(r: Rng): Design {
  const id = `w${Math.floor(r() * 1e9)}`;
  const wash = pick(r, WASHES);
  const blobs: string[] = [];
  for (let i = 0; i < int(r, 12, 18); i++) {
    blobs.push(
      `<ellipse cx="${f(between(r, 90, 310))}" cy="${f(between(r, 80, 360))}" rx="${f(between(r, 30, 90))}" ry="${f(between(r, 25, 70))}" fill="${pick(r, wash)}" opacity="${f(between(r, 0.55, 0.9))}"/>`,
    );
  }
  const drops: string[] = [];
  for (let i = 0; i < int(r, 8, 18); i++) drops.push(`<circle cx="${f(between(r, 40, 360))}" cy="${f(between(r, 30, 420))}" r="${f(between(r, 2, 7))}" fill="${pick(r, wash)}" opacity="0.8"/>`);
  for (let i = 0; i < int(r, 1, 3); i++) {
    const x = between(r, 120, 280);
    const y = between(r, 280, 340);
    drops.push(`<path d="M${f(x)} ${f(y)} l0 ${f(between(r, 30, 80))}" stroke="${pick(r, wash)}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`);
  }
  const parts = [layered(id, blobs, drops, [])];
  const line = between(r, 1.6, 2.4);
  const kind = pick(r, ['feather', 'flower', 'fox'] as const);
  if (kind === 'feather') parts.push(feather(line));
  else if (kind === 'fox') parts.push(`<g transform="translate(0 40)">${geometricFox(line)}</g>`);
  else parts.push(`<g transform="translate(40 -40)">${botanicalFlower(r, line)}</g>`);
  return { w: 400, h: 460, svg: parts.join(''), motif: kind === 'flower' ? 'wildflowers' : kind, colour: true, soft: true };
}

function geometricFox(line: number): string {
  const half = [
    { x: 200, y: 330 },
    { x: 232, y: 300 },
    { x: 290, y: 200 },
    { x: 330, y: 40 },
    { x: 250, y: 120 },
    { x: 200, y: 130 },
  ];
  return [1, -1]
    .map((m) => {
      const pts = half.map((p) => ({ x: 200 + (p.x - 200) * m, y: p.y }));
      return `<path d="${poly(pts)}" ${stroke(line * 1.2)}/><path d="M${f(200 + 90 * m)} 200 L200 130 L${f(200 + 32 * m)} 300" ${stroke(line)}/><circle cx="${200 + 44 * m}" cy="196" r="6" fill="${INK}"/>`;
    })
    .join('');
}

function botanicalFlower(r: Rng, line: number): string {
  const petals = int(r, 5, 8);
  const g: string[] = [];
  for (let i = 0; i < petals; i++) g.push(`<path transform="rotate(${f((360 / petals) * i)})" d="${leafPath(80, 30)}" ${stroke(line)}/>`);
  g.push(`<circle r="16" ${stroke(line)}/>`);
  return `<path d="M160 460 C150 380 170 320 160 250" ${stroke(line)}/><path transform="translate(160 380) rotate(-140)" d="${leafPath(60, 16)}" ${stroke(line)}/><g transform="translate(160 180) scale(1 0.8)">${g.join('')}</g>`;
}

// ---------------------------------------------------------------- trash polka

function trash(r: Rng): Design {
  const base = realism(r);
  const red = pick(r, ['#c1121f', '#b3261e', '#d00000']);
  const parts = [base.svg];
  for (let i = 0; i < int(r, 2, 4); i++) {
    const x = between(r, 0, 300);
    const y = between(r, 20, base.h - 60);
    parts.push(`<path d="M${f(x)} ${f(y)} C${f(x + 60)} ${f(y - 40)} ${f(x + 140)} ${f(y + 30)} ${f(x + 220)} ${f(y - 10)}" stroke="${red}" stroke-width="${f(between(r, 18, 40))}" stroke-linecap="round" fill="none" opacity="0.88"/>`);
  }
  for (let i = 0; i < int(r, 10, 24); i++) parts.push(`<circle cx="${f(between(r, 0, 400))}" cy="${f(between(r, 0, base.h))}" r="${f(between(r, 2, 9))}" fill="${chance(r, 0.5) ? red : INK}"/>`);
  parts.push(`<path d="M${f(between(r, 0, 60))} ${f(between(r, 40, base.h))} L${f(between(r, 340, 400))} ${f(between(r, 0, base.h - 40))}" ${stroke(between(r, 3, 6))}/>`);
  if (chance(r, 0.5)) parts.push(letters(pick(r, ['CHAOS', 'NOISE', 'FATE', 'NO', 'VOID']), between(r, 120, 280), base.h - 30, 40, 8).svg);
  return { ...base, svg: parts.join(''), colour: true };
}

// ---------------------------------------------------------------- entry

/** A new design of a family from its seed's Rng. */
export function designFor(family: Family, r: Rng): Design {
  switch (family) {
    case 'botanical':
      return chance(r, 0.25) ? minimal(r) : botanical(r);
    case 'minimal':
      return chance(r, 0.3) ? botanical(r) : minimal(r);
    case 'traditional':
      return traditional(r);
    case 'newschool':
      return traditional(r, true);
    case 'mandala':
      return pick(r, [() => mandala(r, true), () => mandala(r, true), () => chandelier(r), () => ornament(r)])();
    case 'blackwork':
      return pick(r, [() => moth(r), () => snake(r), () => armband(r), () => botanical(r, true), () => mandala(r, false), () => ornament(r)])();
    case 'lettering':
      return lettering(r);
    case 'japanese':
      return japanese(r);
    case 'realism':
      return realism(r);
    case 'geometric':
      return chance(r, 0.2) ? mandala(r, false) : geometric(r);
    case 'watercolour':
      return watercolour(r);
    default:
      return trash(r);
  }
}
