import { useTranslation } from '../../../i18n/react';
import { availabilityCreateSchema, type Availability } from '../../../../common/schemas/availability';
import { LISTING_LIMITS } from '../../../../common/schemas/listing-fields';
import { TextField } from '../../../ui/field';
import type { KindForm } from '../kind';
import { WishesFields, type TermsDraft } from '../deal-fields';
import { DescriptionField, FormPlaceFields, type ListingForm, type ListingFormValues } from '../listing-form';

interface Values extends ListingFormValues {
  preferredLocation: string;
  wishes: TermsDraft;
}

/** Where an artist would like to go: free text, then country and city, then the description. */
function AvailabilityFields({ form }: { form: ListingForm<Values> }) {
  const { t } = useTranslation('availabilityEntry');
  return (
    <>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-lg font-bold">{t('form.placeLegend')}</legend>
        <TextField {...form.optional('preferredLocation')} maxLength={LISTING_LIMITS.preferredLocation} hint={t('form.preferredLocationHint')} />
        <FormPlaceFields form={form} idPrefix="av" allowOther={false} />
      </fieldset>
      <DescriptionField form={form} />
      <WishesFields form={form} />
    </>
  );
}

/** The availability form: where the artist would like to go, then the description. */
export const AVAILABILITY_FORM: KindForm<Availability, Values> = {
  schema: availabilityCreateSchema,
  order: ['title', 'startDate', 'endDate', 'preferredLocation', 'countryId', 'cityId', 'description', 'wishes', 'styleIds', 'isActive'],
  initial: (entry) => ({
    title: entry?.title ?? '',
    startDate: entry?.startDate ?? '',
    endDate: entry?.endDate ?? '',
    preferredLocation: entry?.preferredLocation ?? '',
    wishes: entry?.wishes ?? null,
    countryId: entry?.countryId ? String(entry.countryId) : '',
    cityId: entry?.cityId ? String(entry.cityId) : '',
    cityName: '',
    description: entry?.description ?? '',
    styleIds: entry?.styles.map((s) => s.id) ?? [],
    isActive: entry?.isActive ?? true,
  }),
  labels: (t) => ({ preferredLocation: t('form.preferredLocation'), wishes: t('dealTerms:form.wishesLegend') }),
  startsAtOwnPlace: false,
  Body: AvailabilityFields,
};
