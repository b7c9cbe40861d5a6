import type { GalleryImage, GalleryListItem, GalleryOwner } from '../../../common/schemas/gallery';
import type { SessionUser } from '../../../common/schemas/session';
import { presentUserCard } from '../../lib/user-card';
import { sortStyles, type CityNamer } from '../reference/index';
import { galleryPolicy } from './policy';
import type { ImageRow, OwnerRow } from './repo';

export type NamedStyle = { id: number; name: string };


/** The GalleryImage entity: title, caption and description all carry the caption; imagePath is imageUrl. */
export function presentGalleryImage(row: ImageRow, styles: NamedStyle[], viewer: SessionUser | null): GalleryImage {
  return {
    id: row.id,
    userId: row.user_id,
    imagePath: row.image_url,
    imageUrl: row.image_url,
    largeUrl: row.image_url,
    mediumUrl: row.medium_url,
    thumbnailUrl: row.thumbnail_url,
    width: row.width,
    height: row.height,
    title: row.caption,
    caption: row.caption,
    description: row.caption,
    position: row.position,
    createdAt: row.created_at,
    styles: sortStyles(styles),
    can: galleryPolicy.can(viewer, row),
    // Only who may see a hidden image learns it is hidden, and why.
    ...(row.hidden_at && galleryPolicy.seeHidden(viewer, row) ? { hiddenReason: row.hidden_reason ?? '' } : {}),
  };
}

/** The owner card of a public gallery entry: public fields only, the city named in the answer's language. */
export function presentOwner(row: OwnerRow, cityName?: CityNamer): GalleryOwner {
  const stored = row.owner_city_name ?? row.owner_city;
  return {
    ...presentUserCard({ id: row.owner_id, name: row.owner_name, username: row.owner_username, avatar: row.owner_avatar, user_type: row.owner_user_type }),
    cityName: cityName ? cityName(undefined, stored) : stored,
    countryCode: row.owner_country_code,
  };
}

export function presentListItem(row: ImageRow & OwnerRow, styles: NamedStyle[], viewer: SessionUser | null, cityName?: CityNamer): GalleryListItem {
  return { ...presentGalleryImage(row, styles, viewer), user: presentOwner(row, cityName) };
}
