import { z } from 'zod';
import { GUEST_SPOT_PHOTOS_MAX, type CardImage } from './card-images';
import type { GuestSpot } from './guest-spots';
import { MAX_ID, pathId } from './ids';

/** `/api/guest-spots/{id}/photos`: a malformed id answers 400, one past the columns' range names no spot. */
export const guestSpotPhotosParams = z.object({ id: pathId('validation', 'guestSpotNotFound') });

/** `/api/guest-spots/{id}/photos/{photoId}`. */
export const guestSpotPhotoParams = z.object({
  id: pathId('validation', 'guestSpotNotFound'),
  photoId: pathId('validation', 'guestSpotPhotoNotFound'),
});

const orderInvalid = 'guestSpotPhotoOrderInvalid';

/** PUT /api/guest-spots/{id}/photos/order: every photo of the spot, each once, in the new order. */
export const guestSpotPhotoOrderSchema = z.object({
  ids: z
    .array(z.coerce.number(orderInvalid).int(orderInvalid).positive(orderInvalid).max(MAX_ID, orderInvalid), orderInvalid)
    .min(1, orderInvalid)
    .max(GUEST_SPOT_PHOTOS_MAX, orderInvalid)
    .refine((ids) => new Set(ids).size === ids.length, orderInvalid),
});
export type GuestSpotPhotoOrder = z.infer<typeof guestSpotPhotoOrderSchema>;

/** GET and PUT .../photos[/order], DELETE .../photos/{photoId}: the spot's photos, first (the card's cover) first. */
export interface GuestSpotPhotosAnswer {
  success: true;
  photos: CardImage[];
}

/** POST .../photos (201): the new photo and the spot's photos after it. */
export interface GuestSpotPhotoUploadAnswer extends GuestSpotPhotosAnswer {
  photo: CardImage;
}

/** A guest spot as its detail calls answer it (by id and by slug): with its photos in order. */
export type GuestSpotDetail = GuestSpot & { photos: CardImage[] };
