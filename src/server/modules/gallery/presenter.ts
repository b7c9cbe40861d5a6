import type { GalleryImage, GalleryListItem, GalleryOwner } from '../../../common/schemas/gallery';
import type { UserType } from '../../../common/constants';
import type { ImageRow, OwnerRow } from './repo';

export type NamedStyle = { id: number; name: string };

// The spec sorts style lists by name with German collation in every language.
const styleCollator = new Intl.Collator('de');

export function sortStyles(styles: NamedStyle[]): NamedStyle[] {
  return [...styles].sort((a, b) => styleCollator.compare(a.name, b.name) || a.id - b.id);
}

/** The GalleryImage entity: title, caption and description all carry the caption; imagePath is imageUrl. */
export function presentGalleryImage(row: ImageRow, styles: NamedStyle[]): GalleryImage {
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
  };
}

/** The owner card of a public gallery entry: public fields only. */
export function presentOwner(row: OwnerRow): GalleryOwner {
  return {
    id: row.owner_id,
    name: row.owner_name,
    username: row.owner_username,
    avatar: row.owner_avatar,
    userType: row.owner_user_type as UserType,
    cityName: row.owner_city_name ?? row.owner_city,
    countryCode: row.owner_country_code,
  };
}

export function presentListItem(row: ImageRow & OwnerRow, styles: NamedStyle[]): GalleryListItem {
  return { ...presentGalleryImage(row, styles), user: presentOwner(row) };
}
