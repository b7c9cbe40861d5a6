/**
 * The home page's hero picture: its files are rendered when the web app is built
 * (scripts/hero-image.ts) in these widths, AVIF with a WebP fallback. The version in the name
 * changes with the picture, since the files are served without a content hash.
 */
export const HERO_IMAGE = {
  /** The demo generator's piece id the picture is drawn from. */
  piece: 'hero-0',
  width: 960,
  height: 1200,
  widths: [400, 640, 960] as const,
  dir: '/hero',
  file: (width: number, format: 'avif' | 'webp') => `/hero/koi-v1-${width}.${format}`,
};

export const heroSrcSet = (format: 'avif' | 'webp') => HERO_IMAGE.widths.map((w) => `${HERO_IMAGE.file(w, format)} ${w}w`).join(', ');
