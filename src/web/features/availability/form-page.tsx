import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { availabilityCreateSchema, type Availability } from '../../../common/schemas/availability';
import { LISTING_LIMITS } from '../../../common/schemas/listing-fields';
import { TextField } from '../../ui/field';
import {
  DescriptionField,
  ListingFormGate,
  ListingFormLayout,
  LoginOnly,
  PlaceFields,
  useListingForm,
  type ListingFormValues,
} from '../listings';
import { availabilityPath, useAvailability, useSaveAvailability } from './api';

interface Values extends ListingFormValues {
  preferredLocation: string;
}

const FIELDS: (keyof Values)[] = ['title', 'startDate', 'endDate', 'preferredLocation', 'countryId', 'cityId', 'description', 'styleIds', 'isActive'];

function initialValues(entry: Availability | undefined): Values {
  return {
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
  };
}

/** /guestartist/new, /artist-availability/new and /guestartist/{id}/edit (artists; the owner or an admin for edits). */
export default function AvailabilityFormPage() {
  return (
    <LoginOnly>
      <AvailabilityFormScreen />
    </LoginOnly>
  );
}

function AvailabilityFormScreen() {
  const { t } = useTranslation(['availability', 'listings']);
  const { id } = useParams();
  const entry = useAvailability({ id });
  return (
    <ListingFormGate
      editing={Boolean(id)}
      query={entry}
      postedBy="artist"
      ownerId={(a) => a.artist.id}
      wrongType={{ title: t('form.onlyArtistsTitle'), text: t('form.onlyArtistsText'), href: '/guestspot/new', label: t('form.onlyArtistsAction') }}
      notOwner={(a) => ({ title: t('form.notOwnerTitle'), href: availabilityPath(a), label: t('form.backToEntry') })}
      managePath="/artist-availability/manage"
      manageLabel={t('manage.title')}
      notFoundText={t('errors:availabilityNotFound')}
    >
      {(a) => <AvailabilityForm key={a?.id} entry={a} />}
    </ListingFormGate>
  );
}

function AvailabilityForm({ entry }: { entry?: Availability }) {
  const { t } = useTranslation(['availability', 'listings']);
  const form = useListingForm({
    ns: 'availability',
    schema: availabilityCreateSchema,
    initial: () => initialValues(entry),
    order: FIELDS,
    idPrefix: 'av',
    labels: { preferredLocation: t('form.preferredLocation') },
    save: useSaveAvailability(),
    id: entry?.id,
    pathOf: availabilityPath,
  });
  return (
    <ListingFormLayout form={form} cancelHref={entry ? availabilityPath(entry) : '/artist-availability/manage'}>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-lg font-bold">{t('form.placeLegend')}</legend>
        <TextField {...form.optional('preferredLocation')} maxLength={LISTING_LIMITS.preferredLocation} hint={t('form.preferredLocationHint')} />
        <PlaceFields
          idPrefix="av"
          allowOther={false}
          values={form.values}
          onChange={form.update}
          onBlur={form.blur}
          errors={{ countryId: form.errorText('countryId'), cityId: form.errorText('cityId') }}
        />
      </fieldset>
      <DescriptionField form={form} />
    </ListingFormLayout>
  );
}
