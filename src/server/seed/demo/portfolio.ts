import type { Insertable, Selectable } from 'kysely';
import type { Language } from '../../../common/languages';
import { storeImage } from '../../lib/images/index';
import type { Storage } from '../../lib/storage/index';
import type { Db } from '../../db/index';
import { insertPortfolios } from '../../modules/gallery/index';
import type { GalleryImagesTable, StylesTable } from '../../db/schema';
import { captionFor } from './tattoos/captions';
import type { Family } from './tattoos/designs';
import { lookOf, mapLimited, processedPiece, type Piece } from './tattoos/pieces';
import { seedOf } from './tattoos/random';

/**
 * Portfolios for the demo world: every demo artist and studio gets 4 to 6 tattoo photos of
 * their own (no piece appears twice anywhere in the demo), drawn in the looks of their styles,
 * with captions in the language of their bio that say what the picture shows.
 *
 * Rendering a piece and sizing it costs a few tenths of a second; tattoos/pieces.ts keeps each
 * one on disk, so only the first seed on a machine pays for it.
 */

/** Which look a style's pictures get; a style not listed is drawn as traditional flash in colour. */
export const FAMILY_OF: Record<string, Family> = {
  japanese: 'japanese',
  'neo-japanese': 'japanese',
  geometric: 'geometric',
  linework: 'geometric',
  celtic: 'geometric',
  polynesian: 'blackwork',
  mandala: 'mandala',
  dotwork: 'mandala',
  ornamental: 'mandala',
  handpoke: 'minimal',
  'fine-line': 'botanical',
  'single-needle': 'botanical',
  sketch: 'botanical',
  'white-ink': 'botanical',
  minimalist: 'minimal',
  script: 'lettering',
  lettering: 'lettering',
  chicano: 'lettering',
  blackwork: 'blackwork',
  blackout: 'blackwork',
  tribal: 'blackwork',
  'cover-up': 'blackwork',
  'dark-art': 'blackwork',
  biomechanical: 'blackwork',
  realism: 'realism',
  'black-and-grey': 'realism',
  portrait: 'realism',
  'micro-realism': 'realism',
  'color-realism': 'realism',
  surrealism: 'realism',
  'trash-polka': 'trash',
  ignorant: 'trash',
  watercolor: 'watercolour',
  illustrative: 'watercolour',
  'new-school': 'newschool',
  cartoon: 'newschool',
  traditional: 'traditional',
  'neo-traditional': 'traditional',
};

const familyOf = (slug: string): Family => FAMILY_OF[slug] ?? 'traditional';

// Three pictures in flight: one being drawn in JavaScript while sharp sizes the others.
const PIECE_CONCURRENCY = 3;

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

const DAY_MS = 86_400_000;

type StyleRow = Selectable<StylesTable> & { user_id: number };

/** The local part of a demo address: the stable name a piece id is made from. */
const localPart = (emailKey: string) => emailKey.slice(0, emailKey.indexOf('@'));

/** The accounts the README offers as demo logins: a visitor tries them first, so they show a full portfolio. */
const SHOWCASE = new Set(['lena', 'studio']);

/** The pieces of one account's portfolio: 4 to 6 (8 for a showcase login), through the looks of its styles in turn, two in five fresh. */
export function portfolioPieces(emailKey: string, slugs: string[]): Piece[] {
  const local = localPart(emailKey);
  const count = SHOWCASE.has(local) ? 8 : 4 + (seedOf(local) % 3);
  return Array.from({ length: count }, (_, k) => {
    const id = `p-${local}-${k}`;
    return { id, family: familyOf(slugs[k % slugs.length] ?? 'traditional'), fresh: seedOf(id) % 5 < 2 };
  });
}

/** A profile's header: a landscape piece of its first style, not one of its portfolio pictures. */
export function headerPiece(emailLocal: string, firstStyle: string | undefined): Piece {
  return { id: `h-${emailLocal}`, family: familyOf(firstStyle ?? 'traditional'), fresh: false, aspect: '3:1' };
}

/** Adds portfolios to the demo accounts that have none yet; answers how many images it stored. */
export async function seedPortfolios(db: Db, storage: Storage, emailDomain: string): Promise<number> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'bio', 'created_at', 'email_key'])
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

  const now = Date.now();
  const plans = todo.flatMap((user, u) => {
    const own = stylesOf.get(user.id) as StyleRow[];
    const lang = bioLanguage(user.bio);
    const created = Date.parse(user.created_at);
    return portfolioPieces(
      user.email_key,
      own.map((s) => s.slug),
    ).map((piece, k) => {
      const main = own[k % own.length] as StyleRow;
      const family = familyOf(main.slug);
      const styleIds = [...new Set([main.id, ...own.filter((s) => familyOf(s.slug) === family).map((s) => s.id)])].slice(0, 2);
      // Spread over the last months, newest work first in the portfolio, never before the account.
      const at = new Date(Math.max(created + DAY_MS, now - ((u * 5 + k * 17) % 120) * DAY_MS - ((u * 37 + k * 11) % 24) * 3_600_000));
      const look = lookOf(piece);
      const caption = captionFor({
        lang,
        motif: look.design.motif,
        words: look.design.words,
        placement: look.shot.placement,
        fresh: piece.fresh,
        date: at,
        style: main[`name_${lang}`],
        choice: seedOf(`${piece.id}:caption`),
      });
      return { user, k, piece, caption, styleIds, createdAt: at.toISOString() };
    });
  });

  const images: { styleIds: number[]; row: Insertable<GalleryImagesTable> }[] = [];
  const written: string[] = [];
  try {
    const stored = await mapLimited(plans, PIECE_CONCURRENCY, async (p) => {
      const { processed } = await processedPiece(p.piece, 'gallery');
      const files = await storeImage(storage, processed, `gallery/${p.user.id}`);
      written.push(...files.keys);
      return { processed, stored: files };
    });
    plans.forEach((p, i) => {
      const { processed, stored: s } = stored[i] as (typeof stored)[number];
      images.push({
        styleIds: p.styleIds,
        row: {
          user_id: p.user.id,
          image_url: s.urls.largeUrl,
          medium_url: s.urls.mediumUrl,
          thumbnail_url: s.urls.thumbnailUrl,
          width: processed.variants.large.width,
          height: processed.variants.large.height,
          caption: p.caption,
          position: p.k,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        },
      });
    });
    await insertPortfolios(db, images);
  } catch (err) {
    // Files no row points at would never be deleted.
    await storage.delete(written);
    throw err;
  }
  return images.length;
}
