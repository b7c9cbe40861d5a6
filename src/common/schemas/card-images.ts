/** At most this many photos of the workplace on one guest spot. */
export const GUEST_SPOT_PHOTOS_MAX = 6;
/** An artist card shows this many of the latest portfolio images. */
export const CARD_IMAGES_MAX = 3;

/**
 * A picture on a card or a detail page: every variant's URL and the large variant's size (the
 * thumbnail and medium variants keep its aspect ratio), so the page reserves the right box
 * before the image arrives and picks a variant sized for its slot.
 */
export interface CardImage {
  /** The gallery image's or the guest spot photo's id; 0 for a profile's header image. */
  id: number;
  thumbnailUrl: string;
  mediumUrl: string;
  largeUrl: string;
  width: number;
  height: number;
}
