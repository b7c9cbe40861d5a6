import sharp from 'sharp';
import type { Design } from './designs';
import { between, chance, pick, type Rng } from './random';

/**
 * Puts a design on a body, as a phone photo of a tattoo would show it: a limb (a slightly
 * tapered cylinder, the ink wrapped around it) or a back or side (a gentle curve), lit from one
 * side with a soft highlight, skin with mottling and grain, and the ink either fresh (crisp,
 * deep black, the skin around it red) or healed (settled a little into the skin: softer, a shade
 * lighter). The pixel work is one pass over raw buffers; sharp renders the SVG, blurs and encodes.
 */

export type Aspect = '4:5' | '2:3' | '1:1' | '3:2' | '3:1';
export type Placement = 'forearm' | 'upperArm' | 'calf' | 'thigh' | 'wrist' | 'back' | 'shoulder' | 'ribs';

export const LIMBS: ReadonlySet<Placement> = new Set(['forearm', 'upperArm', 'calf', 'thigh', 'wrist']);

/**
 * Source sizes: the largest variant is the source itself (nothing is enlarged); under half a
 * megapixel keeps a cold seed of some 270 pictures short on two cores (the phone gallery shows
 * 400 px tiles, the enlarged view fits a laptop screen's height).
 */
export const FRAME: Record<Aspect, { width: number; height: number }> = {
  '4:5': { width: 640, height: 800 },
  '2:3': { width: 560, height: 840 },
  '1:1': { width: 720, height: 720 },
  '3:2': { width: 840, height: 560 },
  '3:1': { width: 1200, height: 400 },
};

/** Skin tones from very light to deep, in sRGB. */
export const SKIN_TONES: readonly (readonly [number, number, number])[] = [
  [243, 212, 192],
  [234, 192, 164],
  [219, 171, 138],
  [196, 144, 110],
  [168, 116, 84],
  [128, 86, 61],
  [94, 62, 45],
];

const BACKDROPS: readonly (readonly [number, number, number])[] = [
  [38, 35, 34],
  [24, 24, 26],
  [168, 164, 158],
  [226, 223, 218],
  [116, 84, 60],
  [62, 72, 90],
  [88, 96, 84],
];

export interface Shot {
  aspect: Aspect;
  /** Pixels, when not the aspect's usual frame (the home page's hero is larger). */
  size?: { width: number; height: number };
  placement: Placement;
  tone: number;
  fresh: boolean;
}

/**
 * Four maps of smooth random values over the frame (bytes, see `signed`), one per channel: skin
 * mottling, pores, large forms and the backdrop's light. Each starts as a grid of random numbers
 * at its own scale, sampled onto one small image that sharp scales up (cubic, native and fast,
 * where per-pixel noise in JavaScript would cost more than the rest of the picture).
 */
async function noiseMaps(r: Rng, width: number, height: number): Promise<Buffer> {
  const cols = Math.round(width / 4);
  const rows = Math.round(height / 4);
  const scales = [
    [10, 13],
    [cols, rows],
    [3, 4],
    [4, 5],
  ] as const;
  const grids = scales.map(([c, rr]) => ({ c, r: rr, v: Float32Array.from({ length: (c + 1) * (rr + 1) }, () => r()) }));
  const small = Buffer.alloc(cols * rows * 4);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      grids.forEach((g, ch) => {
        const gx = (x / cols) * g.c;
        const gy = (y / rows) * g.r;
        const ix = Math.floor(gx);
        const iy = Math.floor(gy);
        const tx = gx - ix;
        const ty = gy - iy;
        const i = iy * (g.c + 1) + ix;
        const a = g.v[i] as number;
        const b = (g.v[i + 1] ?? a) as number;
        const c = (g.v[i + g.c + 1] ?? a) as number;
        const d = (g.v[i + g.c + 2] ?? a) as number;
        const v = a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
        small[(y * cols + x) * 4 + ch] = Math.round(v * 255);
      });
    }
  }
  return sharp(small, { raw: { width: cols, height: rows, channels: 4 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/** A noise map's byte as -1..1. */
const signed = (v: number) => v / 127.5 - 1;

interface Geometry {
  /** Work frame: the limb runs top to bottom; landscape limbs are turned at the end. */
  width: number;
  height: number;
  turn: 0 | 90 | 270;
  limb: boolean;
  /** Centre line and radius of the body part at row y. */
  centre: (y: number) => number;
  radius: (y: number) => number;
}

function geometry(shot: Shot, r: Rng): Geometry {
  const frame = shot.size ?? FRAME[shot.aspect];
  const limb = LIMBS.has(shot.placement);
  const landscape = frame.width > frame.height;
  const turn = limb && landscape ? pick(r, [90, 270] as const) : 0;
  const width = turn ? frame.height : frame.width;
  const height = turn ? frame.width : frame.height;
  const share: Record<Placement, number> = { wrist: 0.4, forearm: 0.45, calf: 0.47, upperArm: 0.52, thigh: 0.62, back: 2.4, shoulder: 1.4, ribs: 1.8 };
  const base = width * share[shot.placement] * between(r, 0.92, 1.08);
  const taper = limb ? between(r, -0.14, 0.14) : 0;
  const tilt = limb ? between(r, -0.08, 0.08) : 0;
  const cx = width * (0.5 + between(r, -0.05, 0.05));
  return {
    width,
    height,
    turn,
    limb,
    centre: (y) => cx + tilt * (y - height / 2),
    radius: (y) => base * (1 + taper * (y / height - 0.5)),
  };
}

interface InkLayer {
  /** RGBA of the design unrolled flat: x is the distance around the body from the centre line. */
  data: Buffer;
  width: number;
  /** Blurred coverage: where a fresh tattoo reddens the skin. */
  halo: Buffer | null;
}

async function inkLayer(design: Design, shot: Shot, g: Geometry, r: Rng): Promise<InkLayer> {
  const R = g.radius(g.height / 2);
  const width = Math.ceil(Math.PI * R) + 4;
  const height = g.height;
  const wide = design.w > design.h * 1.25 && (design.motif === 'lettering' || design.motif === 'swallows');
  // Wide designs run along a limb, as lettering and swallows are placed on a forearm.
  const turned = g.limb && wide;
  const dw = turned ? design.h : design.w;
  const dh = turned ? design.w : design.h;
  let scale: number;
  if (design.wrap) scale = (Math.PI * R) / design.w;
  else {
    const share = design.small ? between(r, 0.62, 0.78) : between(r, 0.84, 0.97);
    const maxW = g.limb ? R * 1.6 : g.width * 0.84;
    const maxH = height * (g.limb ? 0.82 : 0.78);
    scale = Math.min(maxW / dw, maxH / dh) * share;
  }
  const x = width / 2 + (design.wrap ? 0 : between(r, -0.08, 0.08) * R);
  const y = height / 2 + between(r, -0.06, 0.06) * height;
  // Turned lettering reads upright once a landscape photo is turned back, or bottom to top along an upright arm.
  const along = g.turn === 90 ? -90 : g.turn === 270 ? 90 : -90;
  const angle = (turned ? along : 0) + (design.wrap ? 0 : between(r, -7, 7));
  const k = design.soft ? 0.5 : 1;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width * k)}" height="${Math.ceil(height * k)}">` +
    `<g transform="scale(${k}) translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)}) scale(${scale.toFixed(4)}) translate(${-design.w / 2} ${-design.h / 2})">${design.svg}</g></svg>`;
  let image = sharp(Buffer.from(svg)).ensureAlpha();
  if (design.soft) image = sharp(await image.raw().toBuffer(), { raw: { width: Math.ceil(width * k), height: Math.ceil(height * k), channels: 4 } }).resize(width, height, { fit: 'fill' });
  // Healed ink has spread a hair into the skin; fresh ink sits crisp.
  if (!shot.fresh) image = image.blur(between(r, 0.9, 1.4));
  const data = await image.raw().toBuffer();
  // The redness is soft: worked out at a quarter of the size, which costs a sixteenth.
  const halo = shot.fresh
    ? await sharp(
        await sharp(data, { raw: { width, height, channels: 4 } })
          .extractChannel(3)
          .resize(Math.ceil(width / 4), Math.ceil(height / 4))
          .blur(between(r, 1.8, 3))
          .raw()
          .toBuffer(),
        { raw: { width: Math.ceil(width / 4), height: Math.ceil(height / 4), channels: 1 } },
      )
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer()
    : null;
  return { data, width, halo };
}

/** Values of a function of n in -1..1 at LUT_SIZE steps: the per-pixel maths becomes a lookup. */
const LUT_SIZE = 2048;
function lut(fn: (n: number) => number): Float32Array {
  return Float32Array.from({ length: LUT_SIZE + 1 }, (_, i) => fn((i / LUT_SIZE) * 2 - 1));
}

/**
 * The photo of `design` on skin as JPEG bytes (the source the image pipeline then sizes), in the
 * shot's aspect ratio.
 */
export async function renderTattooPhoto(design: Design, shot: Shot, r: Rng): Promise<Buffer> {
  const g = geometry(shot, r);
  const ink = await inkLayer(design, shot, g, r);
  const { width, height } = g;
  const out = Buffer.alloc(width * height * 3);

  const tone = SKIN_TONES[shot.tone] as readonly [number, number, number];
  const backdrop = pick(r, BACKDROPS);
  const lx = between(r, -0.7, 0.7);
  const lz = Math.sqrt(1 - lx * lx);
  const lightY = between(r, -0.4, 0.4);
  const shine = (shot.fresh ? between(r, 0.1, 0.18) : between(r, 0.04, 0.1)) * (shot.tone > 3 ? 1.4 : 1);
  const shineAt = lx * 0.55;
  const noise = await noiseMaps(r, width, height);
  const spine = shot.placement === 'back' ? between(r, 0.4, 0.6) * width : -1;
  const spineShade = Float32Array.from({ length: width }, (_, x) => (spine < 0 ? 1 : 1 - 0.16 * Math.exp(-(((x - spine) / (width * 0.05)) ** 2))));
  const healedLift = shot.fresh ? 0 : between(r, 0.1, 0.2);
  const inkFade = shot.fresh ? 1 : between(r, 0.82, 0.92);
  const clampN = (n: number) => Math.min(0.999, Math.max(-0.999, n));
  const zOf = lut((n) => Math.sqrt(1 - clampN(n) ** 2));
  const asinOf = lut((n) => Math.asin(clampN(n)));
  const diffuseOf = lut((n) => Math.max(0, lx * n + lz * Math.sqrt(1 - clampN(n) ** 2)));
  const specOf = lut((n) => shine * Math.exp(-(((n - shineAt) / 0.16) ** 2)));
  let seed = Math.floor(r() * 0xffffffff) >>> 0;

  for (let y = 0; y < height; y++) {
    const cx = g.centre(y);
    const R = g.radius(y);
    const fy = y / height;
    const dy = fy - 0.5;
    const rowLight = -0.1 * dy * lightY;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const o = i * 3;
      const n = (x - cx) / R;
      const an = n < 0 ? -n : n;
      const dx = x / width - 0.5;
      const vignette = 1 - 0.38 * (dx * dx + dy * dy);
      // A cheap per-pixel hash: sensor grain.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const grain = ((seed >>> 0) / 4294967296 - 0.5) * 0.05;

      let br = backdrop[0];
      let bg = backdrop[1];
      let bb = backdrop[2];
      if (g.limb) {
        const lit = (0.8 + 0.25 * signed(noise[i * 4 + 3] as number) + 2.5 * rowLight) * (an > 1 ? 1 - 0.45 * Math.exp(-(an - 1) * 5) : 1);
        br *= lit;
        bg *= lit;
        bb *= lit;
      }
      const edge = g.limb ? Math.min(1, Math.max(0, (1 - an) / 0.012)) : 1;
      if (edge <= 0) {
        out[o] = clamp(br * (1 + grain) * vignette);
        out[o + 1] = clamp(bg * (1 + grain) * vignette);
        out[o + 2] = clamp(bb * (1 + grain) * vignette);
        continue;
      }
      const k = Math.round(((n < -1 ? -1 : n > 1 ? 1 : n) + 1) * 0.5 * LUT_SIZE);
      const z = zOf[k] as number;
      const form = signed(noise[i * 4 + 2] as number);
      const pore = signed(noise[i * 4 + 1] as number);
      const shade = (0.42 + 0.62 * (diffuseOf[k] as number) + 0.08 * form + rowLight) * (spineShade[x] as number);
      const spec = (specOf[k] as number) * (0.75 + 0.25 * form);
      const mot = signed(noise[i * 4] as number);
      const skinNoise = shade * (1 + 0.06 * mot + 0.035 * pore + grain * 0.6);
      // Thin skin at the edges of a limb looks warmer and darker.
      const rim = 1 - z;
      let sr = tone[0] * skinNoise * (1 - 0.1 * rim + 0.015 * mot);
      let sg = tone[1] * skinNoise * (1 - 0.22 * rim);
      let sb = tone[2] * skinNoise * (1 - 0.26 * rim);

      // Ink, unrolled: the point of the flat layer that lands here on the curved skin.
      const fxFlat = (asinOf[k] as number) * R + ink.width / 2;
      const ix = Math.floor(fxFlat);
      if (ix >= 0 && ix < ink.width - 1) {
        const t = fxFlat - ix;
        const p = (y * ink.width + ix) * 4;
        if (ink.halo) {
          const h = ((ink.halo[y * ink.width + ix] as number) / 255) * 0.9;
          sr *= 1 + 0.05 * h;
          sg *= 1 - 0.24 * h;
          sb *= 1 - 0.2 * h;
        }
        const a0 = ink.data[p + 3] as number;
        const a1 = ink.data[p + 7] as number;
        if (a0 + a1 > 0) {
          // Ink packs unevenly into skin: its density follows the pores a little.
          const a = ((a0 * (1 - t) + a1 * t) / 255) * inkFade * (0.93 + 0.07 * pore);
          let cr = ((ink.data[p] as number) * (1 - t) + (ink.data[p + 4] as number) * t) / 255;
          let cg = ((ink.data[p + 1] as number) * (1 - t) + (ink.data[p + 5] as number) * t) / 255;
          let cb = ((ink.data[p + 2] as number) * (1 - t) + (ink.data[p + 6] as number) * t) / 255;
          // Colour sits under the skin's surface: a little less saturated than on paper.
          const l = (cr + cg + cb) / 3;
          const mute = healedLift ? 0.25 : 0.1;
          cr += (l - cr) * mute;
          cg += (l - cg) * mute;
          cb += (l - cb) * mute;
          if (healedLift) {
            // Healed black turns a little blue-grey.
            cr += healedLift * 0.8;
            cg += healedLift * 0.9;
            cb += healedLift;
          }
          sr *= 1 - a + a * Math.min(1, cr + 0.04);
          sg *= 1 - a + a * Math.min(1, cg + 0.05);
          sb *= 1 - a + a * Math.min(1, cb + 0.06);
        }
      }
      const lift = 255 * spec;
      out[o] = clamp(((sr + lift) * edge + br * (1 - edge)) * vignette);
      out[o + 1] = clamp(((sg + lift * 0.97) * edge + bg * (1 - edge)) * vignette);
      out[o + 2] = clamp(((sb + lift * 0.94) * edge + bb * (1 - edge)) * vignette);
    }
  }

  let photo = sharp(out, { raw: { width, height, channels: 3 } });
  if (g.turn) photo = photo.rotate(g.turn);
  return photo.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** A shot for a design: where on the body and in which frame, by what fits the design's shape. */
export function shotFor(design: Design, r: Rng, fresh: boolean, aspect?: Aspect): Shot {
  const tall = design.h > design.w * 1.2;
  const wide = design.w > design.h * 1.25;
  const chosen: Aspect = aspect ?? (tall ? pick(r, ['2:3', '4:5', '4:5', '3:2']) : wide ? pick(r, ['3:2', '1:1', '4:5']) : pick(r, ['4:5', '1:1', '3:2', '2:3']));
  let placement: Placement;
  if (design.wrap) placement = pick(r, ['upperArm', 'forearm', 'calf']);
  else if (design.small) placement = pick(r, ['wrist', 'forearm', 'wrist']);
  else if (chosen === '3:1') placement = pick(r, ['forearm', 'back', 'ribs']);
  else if (tall) placement = pick(r, ['forearm', 'calf', 'upperArm', 'back', 'forearm']);
  else placement = pick(r, ['forearm', 'upperArm', 'calf', 'thigh', 'back', 'shoulder', 'ribs']);
  const tone = chance(r, 0.55) ? pick(r, [0, 1, 2]) : pick(r, [1, 2, 3, 4, 5, 6]);
  return { aspect: chosen, placement, tone, fresh };
}
