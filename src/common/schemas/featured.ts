import { z } from 'zod';
import { FEATURED_DEFAULT_LIMIT, FEATURED_MAX_LIMIT } from '../constants';
import type { CardImage } from './card-images';

export const featuredQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FEATURED_MAX_LIMIT).default(FEATURED_DEFAULT_LIMIT),
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
  amenities: { piercings: boolean; tattooRemoval: boolean; microblading: boolean };
}
