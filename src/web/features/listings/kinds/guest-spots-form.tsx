import { useTranslation } from '../../../i18n/react';
import { guestSpotCreateSchema, type GuestSpot } from '../../../../common/schemas/guest-spots';
import { LISTING_LIMITS } from '../../../../common/schemas/listing-fields';
import type { FieldErrors } from '../../../lib/form';
import { TextArea, TextField } from '../../../ui/field';
import type { KindForm } from '../kind';
import { TermsFields, type TermsDraft } from '../deal-fields';
import { DescriptionField, FormPlaceFields, type ListingForm } from '../listing-form';
import { photosRequired, type NewSpotValues } from '../new-spot-photos';
import { OTHER_CITY } from '../place-fields';

interface Values extends NewSpotValues {
  compensation: string;
  compensationDetails: string;
  places: string;
  requirements: string;
  terms: TermsDraft;
}
type Field = keyof Values;

// "Other city" needs its name; the schema alone cannot know the select's meaning of 0. A new
// spot needs its photos, which the API takes apart from the form.
const extraChecks = (values: Record<Field, unknown>): FieldErrors<Field> => ({
  ...(values.cityId === OTHER_CITY && !String(values.cityName ?? '').trim() ? { cityName: 'required' } : {}),
  ...photosRequired(values),
});

/** The place and terms of a guest spot: the studio's city (or one typed), compensation, places, requirements. */
function GuestSpotFields({ form }: { form: ListingForm<Values> }) {
  const { t } = useTranslation('guestSpotsEntry');
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
      <TermsFields form={form} />
    </>
  );
}

/** The guest spot form: the studio's place by default, the terms, the places on offer. */
export const GUEST_SPOT_FORM: KindForm<GuestSpot, Values> = {
  schema: guestSpotCreateSchema,
  order: [
    'title', 'startDate', 'endDate', 'photos', 'countryId', 'cityId', 'cityName', 'compensation', 'compensationDetails',
    'places', 'requirements', 'description', 'terms', 'styleIds', 'isActive',
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
      terms: spot?.terms ?? null,
      description: spot?.description ?? '',
      styleIds: spot?.styles.map((s) => s.id) ?? [],
      isActive: spot?.isActive ?? true,
      // A new spot's photos go with the form; an existing spot's are managed below it.
      photos: spot ? null : [],
    };
  },
  labels: (t) => ({
    compensation: t('form.compensation'),
    compensationDetails: t('form.compensationDetails'),
    places: t('form.places'),
    requirements: t('form.requirements'),
    terms: t('dealTerms:form.legend'),
    photos: t('spotPhotos:title'),
  }),
  extra: extraChecks,
  startsAtOwnPlace: true,
  Body: GuestSpotFields,
};
