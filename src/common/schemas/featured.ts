import { z } from 'zod';
import { FEATURED_DEFAULT_LIMIT, FEATURED_MAX_LIMIT } from '../constants';
import type { CardImage } from './card-images';

/** `limit`: how many cards; a larger number is cut to FEATURED_MAX_LIMIT, anything but a whole number from 1 up is refused. */
export const featuredQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(FEATURED_DEFAULT_LIMIT)
    .transform((n) => Math.min(n, FEATURED_MAX_LIMIT)),
});

/** A featured artist as the home page reads it. */
export interface FeaturedArtist {
  id: number;
  username: string;
  name: string;
  avatarUrl: string | null;
  /**
   * The card's pictures: an artist's latest portfolio images; a studio's header image, else its
   * latest portfolio images. Empty without any.
   */
  images: CardImage[];
  countryCode: string | null;
  cityName: string | null;
  rating: { average: number; count: number };
  styles: string[];
  bio: string | null;
  updatedAt: string;
  socialMedia: { instagram: string | null; facebook: string | null; tiktok: string | null };
  featuredUntil: string | null;
}

export interface FeaturedStudio extends FeaturedArtist {
  workstations: number;
  /** An admin approved the studio's trade registration or hygiene certificate. */
  verified: boolean;
  amenities: { piercings: boolean; tattooRemoval: boolean; microblading: boolean };
}
