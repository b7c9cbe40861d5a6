import type { Insertable, Selectable } from 'kysely';
import { interpolate } from '../../../common/i18n';
import type { Language } from '../../../common/languages';
import { processImage, storeImage, type ProcessedImage } from '../../lib/images/index';
import type { Storage } from '../../lib/storage/index';
import type { Db } from '../../db/index';
import { insertPortfolios } from '../../modules/gallery/index';
import type { GalleryImagesTable, StylesTable } from '../../db/schema';
import { generateArtwork } from './artwork';

/**
 * Portfolios for the demo world: every demo artist and studio gets 3 to 6 generated flash
 * pictures with styles from their own and captions in the language of their bio.
 *
 * Rendering and encoding a picture costs about a quarter of a second, so a small pool of
 * artworks is processed once and each portfolio image stores the pool's variants under keys
 * of its own: deleting one image never takes another's files.
 */

type Family = 'japanese' | 'geometric' | 'fine' | 'black' | 'colour';

/** Which look a style gets; a style not listed is drawn in colour. */
const FAMILY_OF: Record<string, Family> = {
  japanese: 'japanese', 'neo-japanese': 'japanese',
  geometric: 'geometric', mandala: 'geometric', dotwork: 'geometric', ornamental: 'geometric', celtic: 'geometric', polynesian: 'geometric',
  'fine-line': 'fine', 'single-needle': 'fine', minimalist: 'fine', linework: 'fine', sketch: 'fine', handpoke: 'fine', script: 'fine', 'white-ink': 'fine',
  blackwork: 'black', blackout: 'black', 'black-and-grey': 'black', realism: 'black', portrait: 'black', 'trash-polka': 'black',
  chicano: 'black', lettering: 'black', tribal: 'black', 'dark-art': 'black', biomechanical: 'black', surrealism: 'black',
  'cover-up': 'black', 'micro-realism': 'black', ignorant: 'black',
};

/** Per family, the style each pool artwork is drawn for: three different pictures per look. */
const POOL: Record<Family, string[]> = {
  japanese: ['japanese', 'neo-japanese', 'japanese'],
  geometric: ['mandala', 'dotwork', 'geometric'],
  fine: ['fine-line', 'minimalist', 'handpoke'],
  black: ['blackwork', 'realism', 'trash-polka'],
  colour: ['traditional', 'neo-traditional', 'watercolor'],
};

/** Portrait, landscape and square, so the masonry has something to do. */
const SIZES = [
  { width: 800, height: 1000 },
  { width: 1000, height: 800 },
  { width: 900, height: 900 },
];

const CAPTIONS: Record<Language, string[]> = {
  en: [
    '{{style}}, fresh from today’s session',
    'Healed {{style}} piece, six weeks later',
    '{{style}} flash – still available',
    'Custom {{style}} design for a regular client',
    'Second session of a {{style}} project',
    'Made on a guest spot: {{style}}',
  ],
  de: [
    '{{style}}, frisch gestochen',
    'Abgeheilt nach sechs Wochen – {{style}}',
    'Flash im Stil {{style}}, noch zu haben',
    'Eigenes Design in {{style}} für eine Stammkundin',
    'Zweite Sitzung eines Projekts in {{style}}',
    'Entstanden auf einem Gastspot: {{style}}',
  ],
  es: [
    '{{style}}, recién hecho',
    'Curado tras seis semanas – {{style}}',
    'Flash de {{style}}, todavía disponible',
    'Diseño propio de {{style}} para una clienta habitual',
    'Segunda sesión de un proyecto de {{style}}',
    'Hecho en un guest spot: {{style}}',
  ],
  fr: [
    '{{style}}, tout juste terminé',
    'Cicatrisé après six semaines – {{style}}',
    'Flash {{style}}, encore disponible',
    'Création {{style}} sur mesure pour une cliente fidèle',
    'Deuxième séance d’un projet {{style}}',
    'Réalisé pendant un guest spot : {{style}}',
  ],
  pt: [
    '{{style}}, acabado de fazer',
    'Cicatrizado após seis semanas – {{style}}',
    'Flash de {{style}}, ainda disponível',
    'Desenho próprio de {{style}} para uma cliente habitual',
    'Segunda sessão de um projeto de {{style}}',
    'Feito num guest spot: {{style}}',
  ],
};

// Words frequent in one of the five languages and rare in the others.
const MARKERS: Record<Language, RegExp> = {
  en: /\b(the|and|i|i'm|my|with|for|of|love|always)\b/gi,
  de: /\b(ich|und|der|die|das|mit|ist|nicht|für|auf|mein|meine|seit)\b/gi,
  es: /\b(y|soy|con|el|los|las|para|tu|desde|hace|mucho)\b/gi,
  fr: /\b(je|et|les|des|avec|depuis|mes|une|sur|à)\b/gi,
  pt: /\b(sou|com|em|os|as|só|para|ti|cada|desenho)\b/gi,
};

/** The language a bio is written in, of the five the captions exist in (English otherwise). */
export function bioLanguage(bio: string | null): Language {
  if (!bio) return 'en';
  let best: Language = 'en';
  let bestScore = 0;
  for (const [lang, pattern] of Object.entries(MARKERS) as [Language, RegExp][]) {
    const score = bio.match(pattern)?.length ?? 0;
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}

const familyOf = (slug: string): Family => FAMILY_OF[slug] ?? 'colour';
const DAY_MS = 86_400_000;

type StyleRow = Selectable<StylesTable> & { user_id: number };

/** Processes the pool's artworks, two at a time (one per core). */
async function buildPool(families: Family[]): Promise<Map<Family, ProcessedImage[]>> {
  const jobs = families.flatMap((family, f) =>
    (POOL[family] as string[]).map((style, i) => ({ family, i, style, seed: 1000 + f * 10 + i, size: SIZES[i % SIZES.length] as { width: number; height: number } })),
  );
  const pool = new Map<Family, ProcessedImage[]>(families.map((f) => [f, []]));
  for (let j = 0; j < jobs.length; j += 2) {
    const batch = jobs.slice(j, j + 2);
    const done = await Promise.all(batch.map(async (job) => processImage(await generateArtwork(job.seed, job.style, job.size), 'gallery')));
    batch.forEach((job, k) => {
      (pool.get(job.family) as ProcessedImage[])[job.i] = done[k] as ProcessedImage;
    });
  }
  return pool;
}

/** Adds portfolios to the demo accounts that have none yet; answers how many images it stored. */
export async function seedPortfolios(db: Db, storage: Storage, emailDomain: string): Promise<number> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'bio', 'created_at'])
    .where('email_key', 'like', `%@${emailDomain}`)
    .where('role', '=', 'user')
    .orderBy('id')
    .execute();
  if (users.length === 0) return 0;
  const ids = users.map((u) => u.id);
  const [withImages, styleRows] = await Promise.all([
    db.selectFrom('gallery_images').select('user_id').distinct().where('user_id', 'in', ids).execute(),
    db
      .selectFrom('user_styles')
      .innerJoin('styles', 'styles.id', 'user_styles.style_id')
      .select(['user_styles.user_id', 'styles.id', 'styles.slug', 'styles.name_en', 'styles.name_de', 'styles.name_es', 'styles.name_fr', 'styles.name_pt'])
      .where('user_styles.user_id', 'in', ids)
      .orderBy('user_styles.user_id')
      .orderBy('styles.id')
      .execute(),
  ]);
  const done = new Set(withImages.map((r) => r.user_id));
  const todo = users.filter((u) => !done.has(u.id) && styleRows.some((s) => s.user_id === u.id));
  if (todo.length === 0) return 0;

  const stylesOf = new Map<number, StyleRow[]>();
  for (const row of styleRows) stylesOf.set(row.user_id, [...(stylesOf.get(row.user_id) ?? []), row]);
  const families = [...new Set(styleRows.filter((s) => todo.some((u) => u.id === s.user_id)).map((s) => familyOf(s.slug)))];
  const pool = await buildPool(families);

  const now = Date.now();
  const images: { styleIds: number[]; row: Insertable<GalleryImagesTable> }[] = [];
  const plans = todo.flatMap((user, u) => {
    const own = stylesOf.get(user.id) as StyleRow[];
    const userFamilies = [...new Set(own.map((s) => familyOf(s.slug)))];
    const lang = bioLanguage(user.bio);
    const count = 3 + ((user.id * 7 + u) % 4);
    return Array.from({ length: count }, (_, k) => {
      const family = userFamilies[k % userFamilies.length] as Family;
      const inFamily = own.filter((s) => familyOf(s.slug) === family);
      const main = inFamily[k % inFamily.length] as StyleRow;
      const styleIds = [...new Set([main.id, ...inFamily.map((s) => s.id)])].slice(0, 2);
      const templates = CAPTIONS[lang];
      const caption = interpolate(templates[(u + k * 5) % templates.length] as string, { style: main[`name_${lang}`] });
      const created = Date.parse(user.created_at);
      // Spread over the last months, newest work first in the portfolio, never before the account.
      const at = Math.max(created + DAY_MS, now - ((u * 5 + k * 17) % 120) * DAY_MS - ((u * 37 + k * 11) % 24) * 3_600_000);
      const processed = (pool.get(family) as ProcessedImage[])[(u + k) % 3] as ProcessedImage;
      return { user, k, processed, caption, styleIds, createdAt: new Date(at).toISOString() };
    });
  });
  // Storing is file writes only: eight at a time keep the disk busy without flooding it.
  for (let i = 0; i < plans.length; i += 8) {
    const batch = plans.slice(i, i + 8);
    const stored = await Promise.all(batch.map((p) => storeImage(storage, p.processed, `gallery/${p.user.id}`)));
    batch.forEach((p, j) => {
      const s = stored[j] as Awaited<ReturnType<typeof storeImage>>;
      images.push({
        styleIds: p.styleIds,
        row: {
          user_id: p.user.id,
          image_url: s.urls.largeUrl,
          medium_url: s.urls.mediumUrl,
          thumbnail_url: s.urls.thumbnailUrl,
          width: p.processed.variants.large.width,
          height: p.processed.variants.large.height,
          caption: p.caption,
          position: p.k,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        },
      });
    });
  }

  try {
    await insertPortfolios(db, images);
  } catch (err) {
    await storage.delete(images.flatMap((img) => [img.row.image_url, img.row.medium_url, img.row.thumbnail_url].map((u) => storage.keyFromUrl(u) as string)));
    throw err;
  }
  return images.length;
}
