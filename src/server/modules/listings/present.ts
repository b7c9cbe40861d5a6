import type { OwnerCard, StyleRef } from '../../../common/schemas/listing-fields';

// The spec sorts style lists "alphabetically by name (German collation)" in every language.
const styleCollator = new Intl.Collator('de');

/** Groups style rows of many listings by listing, each list sorted by name. */
export function groupStyles(rows: { owner_id: number; id: number; name: string }[]): Map<number, StyleRef[]> {
  const byOwner = new Map<number, StyleRef[]>();
  for (const r of rows) {
    const list = byOwner.get(r.owner_id) ?? [];
    list.push({ id: r.id, name: r.name });
    byOwner.set(r.owner_id, list);
  }
  for (const list of byOwner.values()) list.sort((a, b) => styleCollator.compare(a.name, b.name));
  return byOwner;
}

/** The poster's card; the city falls back to the free-text profile city. */
export function presentOwner(row: {
  owner_id: number;
  owner_name: string;
  owner_username: string;
  owner_avatar: string | null;
  owner_city_name: string | null;
  owner_city: string | null;
}): OwnerCard {
  return {
    id: row.owner_id,
    name: row.owner_name,
    username: row.owner_username,
    avatar: row.owner_avatar,
    cityName: row.owner_city_name ?? row.owner_city,
  };
}
