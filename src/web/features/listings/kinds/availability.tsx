import { useTranslation } from 'react-i18next';
import { buildPath } from '../../../../common/routes';
import { availabilityCreateSchema, type Availability, type AvailabilityMatch } from '../../../../common/schemas/availability';
import { LISTING_LIMITS } from '../../../../common/schemas/listing-fields';
import { TextField } from '../../../ui/field';
import type { ListingKind } from '../kind';
import { DescriptionField, FormPlaceFields, type ListingForm, type ListingFormValues } from '../listing-form';
import { placeText, wantedPlaceText } from '../place-text';

interface Values extends ListingFormValues {
  preferredLocation: string;
}

/** Artist availability: travel periods posted by artists, found by studios. */
export const AVAILABILITY: ListingKind<Availability, Values> = {
  // Posted by artists; its owner sees the guest spots that fit.
  name: 'availability', other: 'guestSpots', postedBy: 'artist', idPrefix: 'av',
  api: { key: 'artist-availability', path: '/api/artist-availability', ownerParam: 'artistId' },
  // Its list pages with ?page=n, and its detail pages lead back to the artists' list.
  paths: {
    list: buildPath('availabilityList'),
    listPaging: false,
    manage: buildPath('availabilityManage'),
    add: buildPath('guestArtistNew'),
    addFromProfile: buildPath('availabilityNew'),
    backToList: buildPath('tattooArtists'),
  },
  // The canonical page is the title slug page.
  detailPath: (entry) => buildPath('tattooArtist', { slug: entry.slug }),
  editPath: (entry) => buildPath('guestArtistEdit', { id: entry.id }),
  tabPath: (entry) => buildPath('availabilityDetail', { id: entry.id }),
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
  form: {
    schema: availabilityCreateSchema,
    order: ['title', 'startDate', 'endDate', 'preferredLocation', 'countryId', 'cityId', 'description', 'styleIds', 'isActive'],
    initial: (entry) => ({
      title: entry?.title ?? '',
      startDate: entry?.startDate ?? '',
      endDate: entry?.endDate ?? '',
      preferredLocation: entry?.preferredLocation ?? '',
      countryId: entry?.countryId ? String(entry.countryId) : '',
      cityId: entry?.cityId ? String(entry.cityId) : '',
      cityName: '',
      description: entry?.description ?? '',
      styleIds: entry?.styles.map((s) => s.id) ?? [],
      isActive: entry?.isActive ?? true,
    }),
    labels: (t) => ({ preferredLocation: t('form.preferredLocation') }),
    startsAtOwnPlace: false,
    Body: AvailabilityFields,
  },
};

/** Where an artist would like to go: free text, then country and city, then the description. */
function AvailabilityFields({ form }: { form: ListingForm<Values> }) {
  const { t } = useTranslation('availability');
  return (
    <>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-lg font-bold">{t('form.placeLegend')}</legend>
        <TextField {...form.optional('preferredLocation')} maxLength={LISTING_LIMITS.preferredLocation} hint={t('form.preferredLocationHint')} />
        <FormPlaceFields form={form} idPrefix="av" allowOther={false} />
      </fieldset>
      <DescriptionField form={form} />
    </>
  );
}
