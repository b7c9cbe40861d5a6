import { z } from 'zod';
import { CAPTION_MAX, PAGE_SIZE, type UserType } from '../constants';
import { captionLength } from '../caption';
import { text } from '../text';
import type { Can } from './can';
import { MAX_ID, pathId } from './ids';
import { styleIdList } from './profile';

/** Public gallery pages: 24 images by default, at most 60. */
export const GALLERY_PAGE_SIZE = PAGE_SIZE;
export const GALLERY_MAX_PAGE_SIZE = 60;
/** At most this many ids in one reorder. */
export const GALLERY_ORDER_MAX = 500;

export { captionLength };

/** A caption: trimmed, at most 250 characters; empty or null means none. */
export const captionField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  text('validation')
    .trim()
    .superRefine((caption, ctx) => {
      const length = captionLength(caption);
      if (length > CAPTION_MAX) ctx.addIssue({ code: 'custom', message: 'captionTooLong', params: { length, max: CAPTION_MAX } });
    })
    .nullish(),
);

/** Form fields of POST /api/gallery (the image itself is the multipart file). */
export const galleryUploadSchema = z.object({
  caption: captionField,
  styleIds: z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), styleIdList),
});

/** PUT /api/gallery/{id}: fields left out stay as they are. */
export const galleryUpdateSchema = z.object({
  caption: captionField,
  styleIds: z.preprocess((v) => (v === null || v === '' ? [] : v), styleIdList.optional()),
});

/** PUT /api/gallery/order: the owner's image ids in their new order. */
export const galleryOrderSchema = z.object({
  ids: z
    .array(z.coerce.number('galleryOrderInvalid').int('galleryOrderInvalid').positive('galleryOrderInvalid').max(MAX_ID, 'galleryOrderInvalid'), 'galleryOrderInvalid')
    .min(1, 'galleryOrderInvalid')
    .max(GALLERY_ORDER_MAX, 'galleryOrderInvalid')
    .refine((ids) => new Set(ids).size === ids.length, 'galleryOrderInvalid'),
});

export const galleryImageParams = z.object({ id: pathId('validation', 'galleryImageNotFound') });

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** A filter naming a row by id must name one the columns can hold; names and codes pass. */
const idInRange = (v: string) => !/^\d+$/.test(v) || Number(v) <= MAX_ID;

/** GET /api/gallery: filters and the opaque cursor of the previous page. */
export const galleryListQuery = z.object({
  /** A style id or slug. */
  style: z.preprocess(
    emptyToUndefined,
    text().trim().regex(/^(\d+|[a-z0-9]+(-[a-z0-9]+)*)$/, 'filterInvalid').max(60, 'filterInvalid').refine(idInRange, 'filterInvalid').optional(),
  ),
  /** A country id or a two-letter ISO code. */
  country: z.preprocess(emptyToUndefined, text().trim().regex(/^(\d+|[A-Za-z]{2})$/, 'filterInvalid').refine(idInRange, 'filterInvalid').optional()),
  /** A city id (0 is no filter), or a city's name. */
  city: z.preprocess(emptyToUndefined, text().trim().max(120, 'filterInvalid').refine(idInRange, 'filterInvalid').optional()),
  cursor: z.preprocess(emptyToUndefined, text().max(200, 'cursorInvalid').regex(/^[A-Za-z0-9_-]+$/, 'cursorInvalid').optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number('filterInvalid').int('filterInvalid').min(1, 'filterInvalid').max(GALLERY_MAX_PAGE_SIZE, 'filterInvalid').default(GALLERY_PAGE_SIZE),
  ),
});
export type GalleryListQuery = z.infer<typeof galleryListQuery>;

/** The specified GalleryImage entity; every URL is filled, so no fallback is needed. */
export interface GalleryImage {
  id: number;
  userId: number;
  /** The large variant, as imageUrl (older clients read imagePath). */
  imagePath: string;
  imageUrl: string;
  largeUrl: string;
  mediumUrl: string;
  thumbnailUrl: string;
  /** Of the large variant. */
  width: number;
  height: number;
  /** title, caption and description carry the same caption. */
  title: string | null;
  caption: string | null;
  description: string | null;
  position: number;
  createdAt: string;
  /** Named in the request language, sorted by German collation. */
  styles: { id: number; name: string }[];
  /** The viewer may change the caption and styles (the owner), or delete it (the owner, an admin). */
  can: Can;
  /** Present only for the owner (and admins) of an image moderation hid: why it was hidden. */
  hiddenReason?: string;
}

/** Who made a gallery image, as the public gallery shows it (linking to /{username}). */
export interface GalleryOwner {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  userType: UserType;
  cityName: string | null;
  countryCode: string | null;
}

/** A public gallery entry: the image with its owner. */
export interface GalleryListItem extends GalleryImage {
  user: GalleryOwner;
}

/** GET /api/gallery. */
export interface GalleryPage {
  success: true;
  images: GalleryListItem[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
