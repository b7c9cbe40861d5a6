import { buildPath } from '../../../../common/routes';
import type { Availability, AvailabilityMatch } from '../../../../common/schemas/availability';
import type { ListingKind } from '../kind';
import { placeText, wantedPlaceText } from '../place-text';

/** Artist availability: travel periods posted by artists, found by studios. */
export const AVAILABILITY: ListingKind<Availability> = {
  // Posted by artists; its owner sees the guest spots that fit.
  name: 'availability', other: 'guestSpots', postedBy: 'artist', idPrefix: 'av',
  api: { key: 'artist-availability', path: '/api/artist-availability', ownerParam: 'artistId' },
  // Page n of the list lives at /artist-availability/page/{n}; its detail pages lead back to the artists' list.
  paths: {
    list: buildPath('availabilityList'),
    listPaging: true,
    manage: buildPath('availabilityManage'),
    add: buildPath('guestArtistNew'),
    addFromProfile: buildPath('availabilityNew'),
    backToList: buildPath('tattooArtists'),
  },
  // The title slug page is the one address of an entry (its id address answers 301).
  detailPath: (entry) => buildPath('tattooArtist', { slug: entry.slug }),
  editPath: (entry) => buildPath('guestArtistEdit', { id: entry.id }),
  tabPath: (entry) => buildPath('tattooArtist', { slug: entry.slug }),
  owner: (entry) => entry.artist,
  place: wantedPlaceText,
  tabEntry: (entry) => ({ ...entry, location: wantedPlaceText(entry) }),
  matched: (match) => (match as AvailabilityMatch).guestSpot,
  facts: (entry, t, period) => {
    const where = placeText(entry.cityName, entry.countryName);
    return [
      { label: t('listings:fields.period'), value: period(entry.startDate, entry.endDate) },
      { label: t('detail.preferredLocation'), value: entry.preferredLocation || where || t('detail.anywhere') },
      ...(where && entry.preferredLocation ? [{ label: t('listings:fields.place'), value: where }] : []),
    ];
  },
  sections: (entry, t) => [{ title: t('detail.description'), text: entry.description }],
  texts: {
    ownerLabel: 'detail.artist',
    notFound: 'errors:availabilityNotFound',
    wrongType: 'form.onlyArtists',
    backToEntry: 'form.backToEntry',
    otherAction: 'list.emptyStudioAction',
  },
};
