import { Coins } from 'lucide-react';
import { buildPath } from '../../../../common/routes';
import type { GuestSpot, GuestSpotMatch } from '../../../../common/schemas/guest-spots';
import type { ListingKind } from '../kind';
import { placeText } from '../place-text';

const detailPath = (spot: Pick<GuestSpot, 'slug'>) => buildPath('guestSpot', { slug: spot.slug });

/** Guest spots: posted by studios, found by travelling artists. */
export const GUEST_SPOTS: ListingKind<GuestSpot> = {
  // Posted by studios; its owner sees the availabilities that fit.
  name: 'guestSpots', other: 'availability', postedBy: 'studio', idPrefix: 'gs',
  api: { key: 'guest-spots', path: '/api/guest-spots', ownerParam: 'studioId' },
  // Page n of the list lives at /guestspots/page/{n}, the route table's paths for search engines.
  paths: {
    list: buildPath('guestSpots'),
    listPaging: true,
    manage: buildPath('guestSpotsManage'),
    add: buildPath('guestSpotNew'),
    addFromProfile: buildPath('guestSpotNew'),
    backToList: buildPath('guestSpots'),
  },
  detailPath,
  editPath: (spot) => buildPath('guestSpotEdit', { slug: spot.slug }),
  tabPath: detailPath,
  owner: (spot) => spot.studio,
  place: (spot) => placeText(spot.cityName, spot.countryName),
  tabEntry: (spot) => spot,
  cardExtra: (spot) =>
    spot.compensation ? (
      <span className="flex items-start gap-1.5">
        <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
        <span className="min-w-0 break-words">{spot.compensation}</span>
      </span>
    ) : null,
  matched: (match) => (match as GuestSpotMatch).availability,
  facts: (spot, t, period) => {
    const compensation = [spot.compensation, spot.compensationDetails].filter(Boolean).join(' – ');
    return [
      { label: t('listings:fields.period'), value: period(spot.startDate, spot.endDate) },
      { label: t('listings:fields.place'), value: placeText(spot.cityName, spot.countryName) || t('detail.placeUnknown') },
      { label: t('listings:fields.compensation'), value: compensation || t('detail.compensationOpen') },
      { label: t('detail.places'), value: t('detail.placesCount', { count: spot.places }) },
    ];
  },
  sections: (spot, t) => [
    { title: t('detail.description'), text: spot.description },
    { title: t('detail.requirements'), text: spot.requirements },
  ],
  texts: {
    ownerLabel: 'detail.studio',
    notFound: 'errors:guestSpotNotFound',
    wrongType: 'form.onlyStudios',
    backToEntry: 'form.backToSpot',
    otherAction: 'list.emptyArtistAction',
  },
};
