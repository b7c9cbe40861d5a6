import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { guestSpotCreateSchema, type GuestSpot } from '../../../common/schemas/guest-spots';
import { LISTING_LIMITS } from '../../../common/schemas/listing-fields';
import type { FieldErrors } from '../../lib/form';
import { TextArea, TextField } from '../../ui/field';
import { useSession } from '../auth';
import {
  DescriptionField,
  DetailSkeleton,
  ListingFormGate,
  ListingFormLayout,
  LoginOnly,
  OTHER_CITY,
  PlaceFields,
  useListingForm,
  useOwnPlace,
  type ListingFormValues,
  type OwnPlace,
} from '../listings';
import { guestSpotPath, useGuestSpot, useSaveGuestSpot } from './api';

interface Values extends ListingFormValues {
  compensation: string;
  compensationDetails: string;
  places: string;
  requirements: string;
}
type Field = keyof Values;

/** Fields in form order, for the summary. */
const FIELDS: Field[] = [
  'title', 'startDate', 'endDate', 'countryId', 'cityId', 'cityName', 'compensation', 'compensationDetails',
  'places', 'requirements', 'description', 'styleIds', 'isActive',
];

// "Other city" needs its name; the schema alone cannot know the select's meaning of 0.
const otherCityNamed = (values: Record<Field, unknown>): FieldErrors<Field> =>
  values.cityId === OTHER_CITY && !String(values.cityName ?? '').trim() ? { cityName: 'required' } : {};

function initialValues(spot: GuestSpot | undefined, place: OwnPlace | undefined): Values {
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
}

/** /guestspot/new and /guestspot/{slug}/edit (studios; the owner or an admin for edits). */
export default function GuestSpotFormPage() {
  return (
    <LoginOnly>
      <GuestSpotFormScreen />
    </LoginOnly>
  );
}

function GuestSpotFormScreen() {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const { user } = useSession();
  const { slug } = useParams();
  const editing = Boolean(slug);
  const spot = useGuestSpot(slug);
  const place = useOwnPlace(!editing && user?.userType === 'studio');
  return (
    <ListingFormGate
      editing={editing}
      query={spot}
      postedBy="studio"
      ownerId={(s) => s.studio.id}
      wrongType={{ title: t('form.onlyStudiosTitle'), text: t('form.onlyStudiosText'), href: '/guestartist/new', label: t('form.onlyStudiosAction') }}
      notOwner={(s) => ({ title: t('form.notOwnerTitle'), href: guestSpotPath(s), label: t('form.backToSpot') })}
      managePath="/guestspots/manage"
      manageLabel={t('manage.title')}
      notFoundText={t('errors:guestSpotNotFound')}
    >
      {(s) =>
        s ? (
          <GuestSpotForm key={s.id} spot={s} />
        ) : place.isPending ? (
          // A new spot starts at the studio's own place; without a profile place it starts empty.
          <DetailSkeleton />
        ) : (
          <GuestSpotForm place={place.data} />
        )
      }
    </ListingFormGate>
  );
}

function GuestSpotForm({ spot, place }: { spot?: GuestSpot; place?: OwnPlace }) {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const form = useListingForm({
    ns: 'guestSpots',
    schema: guestSpotCreateSchema,
    initial: () => initialValues(spot, place),
    order: FIELDS,
    idPrefix: 'gs',
    labels: {
      compensation: t('form.compensation'),
      compensationDetails: t('form.compensationDetails'),
      places: t('form.places'),
      requirements: t('form.requirements'),
    },
    extra: otherCityNamed,
    save: useSaveGuestSpot(),
    id: spot?.id,
    pathOf: guestSpotPath,
  });
  return (
    <ListingFormLayout form={form} cancelHref={spot ? guestSpotPath(spot) : '/guestspots/manage'}>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-lg font-bold">{t('form.placeLegend')}</legend>
        <p className="text-sm text-ink-muted">{t('form.placeHint')}</p>
        <PlaceFields
          idPrefix="gs"
          allowOther
          values={form.values}
          onChange={form.update}
          onBlur={form.blur}
          errors={{ countryId: form.errorText('countryId'), cityId: form.errorText('cityId'), cityName: form.errorText('cityName') }}
        />
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
    </ListingFormLayout>
  );
}
