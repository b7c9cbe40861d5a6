import { buildPath } from '../../../../common/routes';
import type { Availability, AvailabilityMatch } from '../../../../common/schemas/availability';
import { defineKind } from '../define-kind';
import { KIND_APIS } from '../kind-api';
import { placeText, wantedPlaceText } from '../place-text';

/** Artist availability: travel periods posted by artists, found by studios. */
export const AVAILABILITY = defineKind<Availability>({
  // Posted by artists; its owner sees the guest spots that fit.
  name: 'availability', postedBy: 'artist', idPrefix: 'av', api: KIND_APIS.availability,
  // The list lives at /artist-availability; its detail pages lead back to the artists' list.
  routes: { list: 'availabilityList', manage: 'availabilityManage', add: 'guestArtistNew', addFromProfile: 'availabilityNew', backToList: 'tattooArtists' },
  // The title slug page is the one address of an entry (its id address answers 301).
  detailRoute: 'tattooArtist',
  editPath: (entry) => buildPath('guestArtistEdit', { id: entry.id }),
  owner: (entry) => entry.artist,
  place: wantedPlaceText,
  tabEntry: (entry) => ({ ...entry, location: wantedPlaceText(entry) }),
  matched: (match) => (match as AvailabilityMatch).guestSpot,
  facts: (entry, t) => {
    const where = placeText(entry.cityName, entry.countryName);
    return [
      { label: t('detail.preferredLocation'), value: entry.preferredLocation || where || t('detail.anywhere') },
      ...(where && entry.preferredLocation ? [{ label: t('listingsEntry:fields.place'), value: where }] : []),
    ];
  },
  texts: { notFound: 'errors:availabilityNotFound', backToEntry: 'form.backToEntry' },
});
