import { Coins } from 'lucide-react';
import { buildPath } from '../../../../common/routes';
import type { GuestSpot, GuestSpotMatch } from '../../../../common/schemas/guest-spots';
import { DealLine, dealLineParts } from '../deal-line';
import { defineKind } from '../define-kind';
import { KIND_APIS } from '../kind-api';
import { placeText } from '../place-text';

/** Guest spots: posted by studios, found by travelling artists. */
export const GUEST_SPOTS = defineKind<GuestSpot>({
  // Posted by studios; its owner sees the availabilities that fit.
  name: 'guestSpots', postedBy: 'studio', idPrefix: 'gs', api: KIND_APIS.guestSpots,
  // The list lives at /guestspots, the route table's paths for search engines.
  routes: { list: 'guestSpots', manage: 'guestSpotsManage', add: 'guestSpotNew' },
  detailRoute: 'guestSpot',
  editPath: (spot) => buildPath('guestSpotEdit', { slug: spot.slug }),
  owner: (spot) => spot.studio,
  place: (spot) => placeText(spot.cityName, spot.countryName),
  tabEntry: (spot) => spot,
  // The structured terms in one line; without them the studio's own words.
  cardExtra: (spot) =>
    spot.terms && dealLineParts(spot.terms, (key) => key, 'en').length > 0 ? (
      <DealLine terms={spot.terms} />
    ) : spot.compensation ? (
      <span className="flex items-start gap-1.5">
        <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
        <span className="min-w-0 break-words">{spot.compensation}</span>
      </span>
    ) : null,
  matched: (match) => (match as GuestSpotMatch).availability,
  facts: (spot, t) => {
    const compensation = [spot.compensation, spot.compensationDetails].filter(Boolean).join(' – ');
    return [
      { label: t('listingsEntry:fields.place'), value: placeText(spot.cityName, spot.countryName) || t('detail.placeUnknown') },
      { label: t('listingsEntry:fields.compensation'), value: compensation || t('detail.compensationOpen') },
      { label: t('detail.places'), value: t('detail.placesCount', { count: spot.places }) },
    ];
  },
  sections: (spot, t) => [{ title: t('detail.requirements'), text: spot.requirements }],
  texts: { notFound: 'errors:guestSpotNotFound', backToEntry: 'form.backToSpot' },
});
