/** The place of a listing as text: "Berlin, Deutschland", or the free location. */
export function placeText(...parts: (string | null | undefined)[]): string {
  return [...new Set(parts.filter((p): p is string => Boolean(p && p.trim())))].join(', ');
}

/** Where an artist wants to go: the free text when given (it usually names the city already), else city and country. */
export function wantedPlaceText(entry: { preferredLocation: string | null; cityName: string | null; countryName: string | null }): string {
  return entry.preferredLocation?.trim() || placeText(entry.cityName, entry.countryName);
}
