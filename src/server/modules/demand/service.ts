import { LOCALES, type Language } from '../../../common/languages';
import { todayInBerlin } from '../../../common/listing-limits';
import {
  DEMAND_MAX_CITIES,
  DEMAND_MIN_PEOPLE,
  STUDIO_DEMAND_DAYS,
  type ArtistDemand,
  type DemandAnswer,
  type DemandCity,
  type StudioDemand,
} from '../../../common/schemas/demand';
import { addDays } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { forbidden } from '../../errors';
import type { ReferenceService } from '../reference/index';
import * as repo from './repo';

export interface DemandDeps {
  db: Db;
  reference: Pick<ReferenceService, 'cityNamer' | 'citiesNamed'>;
  /** Now; tests move it. */
  now?: () => Date;
}
export type DemandService = ReturnType<typeof createDemandService>;

interface Tally {
  followers: number;
  alerts: number;
}

/**
 * Demand by city. An artist sees where her followers and confirmed alert subscribers are, a city
 * only from DEMAND_MIN_PEOPLE people so a count never points at a person; a studio sees how many
 * artists plan to be in its city. Staff accounts have neither: 403.
 */
export function createDemandService({ db, reference, now = () => new Date() }: DemandDeps) {
  /** The listed city a place typed by hand means in its country (the most populous of that name), as the map reads it. */
  async function cityOfTyped(countryId: number | null, name: string | null): Promise<number | null> {
    if (!countryId || !name) return null;
    return (await reference.citiesNamed(name, countryId))[0]?.id ?? null;
  }

  async function forArtist(artistId: number, lang: Language): Promise<ArtistDemand> {
    const [places, alerts] = await Promise.all([repo.followerPlaces(db, artistId), repo.alertCities(db, artistId)]);
    const tallies = new Map<number, Tally>();
    const tally = (cityId: number) => {
      let t = tallies.get(cityId);
      if (!t) tallies.set(cityId, (t = { followers: 0, alerts: 0 }));
      return t;
    };
    // People with a place no listed city carries are somewhere small: counted, never shown.
    let hidden = 0;
    for (const place of places) {
      const cityId = place.city_id ? Number(place.city_id) : await cityOfTyped(place.country_id, place.name);
      if (cityId === null) hidden += Number(place.n);
      else tally(cityId).followers += Number(place.n);
    }
    for (const row of alerts) tally(Number(row.city_id)).alerts += Number(row.n);

    const ranked = [...tallies.entries()]
      .map(([cityId, t]) => ({ cityId, ...t, total: t.followers + t.alerts }))
      .sort((a, b) => b.total - a.total || a.cityId - b.cityId);
    const shown = ranked.filter((c) => c.total >= DEMAND_MIN_PEOPLE).slice(0, DEMAND_MAX_CITIES);
    const [positions, cityName] = await Promise.all([repo.cityPositions(db, shown.map((c) => c.cityId)), reference.cityNamer(lang)]);
    const byId = new Map(positions.map((p) => [p.id, p]));
    const cities: DemandCity[] = [];
    for (const c of shown) {
      const at = byId.get(c.cityId);
      if (!at) continue;
      cities.push({
        cityId: c.cityId,
        name: cityName(c.cityId, null) ?? '',
        countryCode: at.country_code,
        lat: Number(at.latitude),
        lng: Number(at.longitude),
        followers: c.followers,
        alerts: c.alerts,
        total: c.total,
      });
    }
    // Ties read alphabetically in the reader's language (the cut above kept the same cities whatever the language).
    const collator = new Intl.Collator(LOCALES[lang]);
    cities.sort((a, b) => b.total - a.total || collator.compare(a.name, b.name) || a.cityId - b.cityId);
    // Everyone not in a named city: under the threshold, past the list's end, or in a city gone since.
    const named = cities.reduce((sum, c) => sum + c.total, 0);
    hidden += ranked.reduce((sum, c) => sum + c.total, 0) - named;
    return { kind: 'artist', cities, hidden };
  }

  async function forStudio(studioId: number, lang: Language): Promise<StudioDemand> {
    const place = await repo.profilePlace(db, studioId);
    const cityId = place && place.city_id && place.city_id > 0 ? place.city_id : await cityOfTyped(place?.country_id ?? null, place?.city_name?.trim() || place?.city?.trim() || null);
    if (cityId === null) return { kind: 'studio', city: null, availabilities: 0, artists: 0 };
    const today = todayInBerlin(now());
    const [counts, [at], cityName] = await Promise.all([
      repo.availabilitiesIn(db, cityId, today, addDays(today, STUDIO_DEMAND_DAYS)),
      repo.cityPositions(db, [cityId]),
      reference.cityNamer(lang),
    ]);
    // A listed city removed since (an admin's import) names no place to count.
    if (!at) return { kind: 'studio', city: null, availabilities: 0, artists: 0 };
    return { kind: 'studio', city: { cityId, name: cityName(cityId, null) ?? '', countryCode: at.country_code }, ...counts };
  }

  /** GET /api/demand: the caller's own demand, by account type. */
  async function demand(viewer: SessionUser, lang: Language): Promise<DemandAnswer> {
    if (viewer.role === 'admin') throw forbidden();
    return viewer.userType === 'artist' ? forArtist(viewer.id, lang) : forStudio(viewer.id, lang);
  }

  return { demand };
}
