import { z } from 'zod';
import type { CardImage } from './card-images';
import { countryFilter, limitField, pageField, queryFlag, queryId, type ListPage, type StyleRef } from './listing-fields';

/** GET /api/artists: the artist listing (/tattooartists) with its filters and paging. */
export const artistListQuery = z.object({
  style: queryId,
  /** A country id or a two-letter ISO code. */
  country: countryFilter,
  city: queryId,
  /** Only artists with an active availability overlapping today and the next 60 days. */
  available: queryFlag,
  page: pageField,
  limit: limitField,
});
export type ArtistListQuery = z.infer<typeof artistListQuery>;

/** The soonest availability of an artist in the "available now" window. */
export interface CurrentAvailability {
  id: number;
  slug: string;
  title: string;
  startDate: string;
  endDate: string;
}

/** An artist card of the listing: featured artists first, then the newest. */
export interface ArtistListItem {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  /** The artist's latest portfolio images, newest first (at most CARD_IMAGES_MAX); empty without any. */
  images: CardImage[];
  cityName: string | null;
  countryCode: string | null;
  styles: StyleRef[];
  featured: boolean;
  /** A verified studio: an admin approved its documents (always false on an artist's card). */
  verified: boolean;
  /** The received reviews' mean to one decimal (0 without reviews) and their number, as featured cards carry it. */
  rating: { average: number; count: number };
  currentAvailability: CurrentAvailability | null;
}

export type ArtistPage = ListPage<ArtistListItem>;

/** GET /api/studios: the studio listing (/tattoostudios), with the artist listing's filters and paging. */
export const studioListQuery = z.object({
  style: queryId,
  country: countryFilter,
  city: queryId,
  /** Only studios with an active guest spot that has not ended. */
  openGuestSpots: queryFlag,
  page: pageField,
  limit: limitField,
});
export type StudioListQuery = z.infer<typeof studioListQuery>;

/** A studio card of the listing: the artist card's fields, and the soonest open guest spot instead of a trip. */
export type StudioListItem = Omit<ArtistListItem, 'currentAvailability'> & {
  /** The studio's soonest active guest spot that has not ended, or null. */
  openGuestSpot: CurrentAvailability | null;
};

export type StudioPage = ListPage<StudioListItem>;
