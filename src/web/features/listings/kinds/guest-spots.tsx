import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buildPath } from '../../../../common/routes';
import { guestSpotCreateSchema, type GuestSpot, type GuestSpotMatch } from '../../../../common/schemas/guest-spots';
import { LISTING_LIMITS } from '../../../../common/schemas/listing-fields';
import type { FieldErrors } from '../../../lib/form';
import { TextArea, TextField } from '../../../ui/field';
import type { ListingKind } from '../kind';
import { placeText } from '../place-text';
import { DescriptionField, FormPlaceFields, type ListingForm, type ListingFormValues } from '../listing-form';
import { OTHER_CITY } from '../place-fields';

interface Values extends ListingFormValues {
  compensation: string;
  compensationDetails: string;
  places: string;
  requirements: string;
}
type Field = keyof Values;

// "Other city" needs its name; the schema alone cannot know the select's meaning of 0.
const otherCityNamed = (values: Record<Field, unknown>): FieldErrors<Field> =>
  values.cityId === OTHER_CITY && !String(values.cityName ?? '').trim() ? { cityName: 'required' } : {};

const detailPath = (spot: Pick<GuestSpot, 'slug'>) => buildPath('guestSpot', { slug: spot.slug });

/** The place and terms of a guest spot: the studio's city (or one typed), compensation, places, requirements. */
function GuestSpotFields({ form }: { form: ListingForm<Values> }) {
  const { t } = useTranslation('guestSpots');
  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-lg font-bold">{t('form.placeLegend')}</legend>
        <p className="text-sm text-ink-muted">{t('form.placeHint')}</p>
        <FormPlaceFields form={form} idPrefix="gs" allowOther />
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="mb-3 text-lg font-bold">{t('form.terms')}</legend>
        <TextField {...form.optional('compensation')} maxLength={LISTING_LIMITS.compensation} hint={t('form.compensationHint')} />
        <TextArea {...form.optional('compensationDetails')} rows={3} maxLength={LISTING_LIMITS.details} />
        <TextField
          {...form.text('places')}
          type="number"
          inputMode="numeric"
          min={LISTING_LIMITS.places.min}
          max={LISTING_LIMITS.places.max}
          label={form.labels.places}
          hint={t('form.placesHint')}
          className="max-w-40"
        />
        <TextArea {...form.optional('requirements')} rows={4} maxLength={LISTING_LIMITS.details} hint={t('form.requirementsHint')} />
        <DescriptionField form={form} />
      </fieldset>
    </>
  );
}

/** Guest spots: posted by studios, found by travelling artists. */
export const GUEST_SPOTS: ListingKind<GuestSpot, Values> = {
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
  form: {
    schema: guestSpotCreateSchema,
    order: [
      'title', 'startDate', 'endDate', 'countryId', 'cityId', 'cityName', 'compensation', 'compensationDetails',
      'places', 'requirements', 'description', 'styleIds', 'isActive',
    ],
    initial: (spot, place) => {
      const source = spot ?? place;
      const cityId = source?.cityId ?? null;
      return {
        title: spot?.title ?? '',
        startDate: spot?.startDate ?? '',
        endDate: spot?.endDate ?? '',
        countryId: source?.countryId ? String(source.countryId) : '',
        cityId: cityId === null ? '' : String(cityId),
        cityName: cityId === 0 ? (source?.cityName ?? '') : '',
        compensation: spot?.compensation ?? '',
        compensationDetails: spot?.compensationDetails ?? '',
        places: String(spot?.places ?? 1),
        requirements: spot?.requirements ?? '',
        description: spot?.description ?? '',
        styleIds: spot?.styles.map((s) => s.id) ?? [],
        isActive: spot?.isActive ?? true,
      };
    },
    labels: (t) => ({
      compensation: t('form.compensation'),
      compensationDetails: t('form.compensationDetails'),
      places: t('form.places'),
      requirements: t('form.requirements'),
    }),
    extra: otherCityNamed,
    startsAtOwnPlace: true,
    Body: GuestSpotFields,
  },
};
