import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { renderPiece } from '../src/server/seed/demo/tattoos/pieces';
import { HERO_IMAGE } from '../src/web/features/home/hero-image';

/**
 * Renders the home page's hero picture (a tattoo photo from the demo world's generator) into
 * `<outDir>/hero/` as AVIF and WebP in the widths the page's srcset names. Run by the Vite
 * plugin in scripts/hero-image.ts: `tsx scripts/render-hero.ts <outDir>`.
 */
const outDir = process.argv[2];
if (!outDir) throw new Error('usage: tsx scripts/render-hero.ts <outDir>');
const source = await renderPiece({ id: HERO_IMAGE.piece, family: 'japanese', fresh: false, aspect: '4:5', size: { width: HERO_IMAGE.width, height: HERO_IMAGE.height } });
for (const width of HERO_IMAGE.widths) {
  const resized = sharp(source).resize(width);
  const files = [
    [HERO_IMAGE.file(width, 'avif'), await resized.clone().avif({ quality: 48, effort: 4 }).toBuffer()],
    [HERO_IMAGE.file(width, 'webp'), await resized.clone().webp({ quality: 72, effort: 5 }).toBuffer()],
  ] as const;
  for (const [url, bytes] of files) {
    const file = path.join(outDir, url);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
}
