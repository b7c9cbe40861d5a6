import { z } from 'zod';
import { LANGUAGES, type Language } from '../languages';

/** The distances a city alert can be asked for, in km. */
export const CITY_ALERT_RADII = [25, 50, 100, 200] as const;
export type CityAlertRadius = (typeof CITY_ALERT_RADII)[number];
/** The widest radius: the matching's bounding box is drawn for it. */
export const CITY_ALERT_MAX_RADIUS_KM = 200;
/** Days an unconfirmed request is kept before it is deleted. */
export const CITY_ALERT_UNCONFIRMED_DAYS = 7;

const id = (key: string) => z.coerce.number(key).int(key).positive(key).max(2_147_483_647, key);
const token = z.string('cityAlertLinkInvalid').min(1, 'cityAlertLinkInvalid').max(200, 'cityAlertLinkInvalid');

/** POST /api/city-alerts: "tell me when this artist comes near me", without an account. Messages are keys of the errors namespace. */
export const cityAlertCreateSchema = z.object({
  artistId: id('cityAlertArtistInvalid'),
  email: z.string('emailInvalid').trim().min(1, 'emailInvalid').max(254, 'tooLong').pipe(z.email('emailInvalid')),
  cityId: id('cityAlertCityRequired'),
  radiusKm: z.coerce
    .number('cityAlertRadiusInvalid')
    .refine((n): n is CityAlertRadius => (CITY_ALERT_RADII as readonly number[]).includes(n), 'cityAlertRadiusInvalid'),
  language: z.enum(LANGUAGES, 'cityAlertLanguageInvalid'),
});
export type CityAlertCreateInput = z.infer<typeof cityAlertCreateSchema>;

/** GET /api/city-alerts/confirm?token=. */
export const cityAlertConfirmQuery = z.object({ token });
/** The manage link's token (/api/city-alerts/manage/{token}) and the one-click unsubscribe token. */
export const cityAlertTokenParams = z.object({ token });
/** DELETE /api/city-alerts/manage/{token}/{alertId}. */
export const cityAlertItemParams = z.object({ token, alertId: id('cityAlertNotFound') });

/** One alert as the manage page lists it. */
export interface CityAlertItem {
  id: number;
  artist: { id: number; name: string; username: string };
  city: { id: number; name: string; countryName: string };
  radiusKm: number;
  language: Language;
  confirmed: boolean;
  createdAt: string;
}

/** GET /api/city-alerts/manage/{token}: every alert of the address the link was mailed to. */
export interface CityAlertList {
  alerts: CityAlertItem[];
}

/** GET /api/city-alerts/confirm: what was confirmed, for the page to name it. */
export interface CityAlertConfirmed {
  artist: { name: string; username: string };
  city: string;
  radiusKm: number;
  manageToken: string;
}
