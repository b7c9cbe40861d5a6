import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { guestSpotCreateSchema, type GuestSpot } from '../../../common/schemas/guest-spots';
import { LISTING_LIMITS } from '../../../common/schemas/listing-fields';
import { ApiError } from '../../lib/api';
import { useSchemaForm, type FieldErrors } from '../../lib/form';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { TextArea, TextField } from '../../ui/field';
import { useSession } from '../auth';
import {
  DetailSkeleton,
  FormSummary,
  LoadProblem,
  LoginOnly,
  OTHER_CITY,
  PlaceFields,
  StylesChecklist,
  serverFieldErrors,
  useOwnPlace,
  type PlaceValues,
} from '../listings';
import { guestSpotPath, useGuestSpot, useSaveGuestSpot } from './api';

interface Values extends PlaceValues {
  title: string;
  startDate: string;
  endDate: string;
  compensation: string;
  compensationDetails: string;
  places: string;
  requirements: string;
  description: string;
  styleIds: number[];
  isActive: boolean;
}
type Field = keyof Values;

/** Fields in form order, for the summary. */
const FIELDS: Field[] = [
  'title', 'startDate', 'endDate', 'countryId', 'cityId', 'cityName', 'compensation', 'compensationDetails',
  'places', 'requirements', 'description', 'styleIds', 'isActive',
];
const fieldId = (field: Field) => `gs-${field}`;

// "Other city" needs its name; the schema alone cannot know the select's meaning of 0.
const otherCityNamed = (values: Record<Field, unknown>): FieldErrors<Field> =>
  values.cityId === OTHER_CITY && !String(values.cityName ?? '').trim() ? { cityName: 'required' } : {};

function initialValues(spot: GuestSpot | undefined, place: { countryId: number | null; cityId: number | null; cityName: string | null } | undefined): Values {
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

  if (!user) return null;
  if (!editing && user.userType !== 'studio') {
    return (
      <RoleNotice title={t('form.onlyStudiosTitle')} text={t('form.onlyStudiosText')} href="/guestartist/new" label={t('form.onlyStudiosAction')} />
    );
  }
  if (editing) {
    if (spot.isPending) return <DetailSkeleton />;
    if (spot.isError) {
      return <LoadProblem error={spot.error} listHref="/guestspots/manage" listLabel={t('manage.title')} notFoundText={t('errors:guestSpotNotFound')} />;
    }
    if (spot.data.studio.id !== user.id && user.role !== 'admin') {
      return <RoleNotice title={t('form.notOwnerTitle')} text={t('errors:forbidden')} href={guestSpotPath(spot.data)} label={t('form.backToSpot')} />;
    }
    return <GuestSpotForm key={spot.data.id} spot={spot.data} />;
  }
  // A new spot starts at the studio's own place; without a profile place it starts empty.
  if (place.isPending) return <DetailSkeleton />;
  return <GuestSpotForm place={place.data} />;
}

function RoleNotice({ title, text, href, label }: { title: string; text: string; href: string; label: string }) {
  return (
    <section className="mx-auto max-w-xl space-y-6 px-4 py-16">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <Alert tone="info">{text}</Alert>
      <LocalizedLink to={href} className={buttonClasses({ variant: 'primary' })}>
        {label}
      </LocalizedLink>
    </section>
  );
}

function GuestSpotForm({ spot, place }: { spot?: GuestSpot; place?: { countryId: number | null; cityId: number | null; cityName: string | null } }) {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const navigate = useNavigate();
  const lang = useLanguage();
  const [values, setValues] = useState<Values>(() => initialValues(spot, place));
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [summary, setSummary] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm<Field>(guestSpotCreateSchema, values as unknown as Record<Field, unknown>, otherCityNamed);
  const save = useSaveGuestSpot();

  const errorKey = (field: Field) => form.errors[field] ?? serverErrors[field];
  const errorText = (field: Field) => {
    const key = errorKey(field);
    return key ? t(`errors:${key}`, { ...form.params[field], max: form.params[field]?.max ?? LISTING_LIMITS.styles }) : undefined;
  };
  const labels: Record<Field, string> = {
    title: t('form.title'),
    startDate: t('listings:form.startDate'),
    endDate: t('listings:form.endDate'),
    countryId: t('listings:form.country'),
    cityId: t('listings:form.city'),
    cityName: t('listings:form.cityName'),
    compensation: t('form.compensation'),
    compensationDetails: t('form.compensationDetails'),
    places: t('form.places'),
    requirements: t('form.requirements'),
    description: t('form.description'),
    styleIds: t('form.styles'),
    isActive: t('listings:form.active'),
  };

  const update = (patch: Partial<Values>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setServerErrors((prev) => {
      const next = { ...prev };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };
  const text = (field: Field) => ({
    id: fieldId(field),
    value: values[field] as string,
    onChange: (e: { target: { value: string } }) => update({ [field]: e.target.value } as Partial<Values>),
    onBlur: () => form.blur(field),
    error: errorText(field),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.reset();
    const valid = form.submit();
    setSummary(true);
    if (!valid) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    save.mutate(
      { id: spot?.id, data: guestSpotCreateSchema.parse(values) },
      {
        onSuccess: (saved) => navigate(localizePath(guestSpotPath(saved), lang)),
        onError: (err) => {
          setServerErrors(serverFieldErrors(err) as Partial<Record<Field, string>>);
          requestAnimationFrame(() => summaryRef.current?.focus());
        },
      },
    );
  };

  const problems = summary
    ? FIELDS.filter((f) => errorKey(f)).map((f) => ({ id: fieldId(f), label: labels[f], error: errorText(f) as string }))
    : [];
  const serverMessage = save.isError && Object.keys(serverErrors).length === 0 ? (save.error instanceof ApiError ? save.error.message : t('errors:generic')) : null;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{spot ? t('form.editTitle') : t('form.newTitle')}</h1>
        <p className="mt-2 max-w-prose text-ink-muted">{t('form.intro')}</p>
      </header>
      <FormSummary ref={summaryRef} items={problems} message={serverMessage} />
      <form noValidate onSubmit={onSubmit} className="space-y-8">
        <fieldset className="space-y-5">
          <legend className="mb-3 text-lg font-bold">{t('form.basics')}</legend>
          <TextField {...text('title')} label={labels.title} required maxLength={LISTING_LIMITS.title} hint={t('form.titleHint')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...text('startDate')} type="date" label={labels.startDate} required min="2020-01-01" />
            <TextField {...text('endDate')} type="date" label={labels.endDate} required min={values.startDate || '2020-01-01'} />
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-1 text-lg font-bold">{t('form.placeLegend')}</legend>
          <p className="text-sm text-ink-muted">{t('form.placeHint')}</p>
          <PlaceFields
            idPrefix="gs"
            allowOther
            values={values}
            onChange={update}
            onBlur={(f) => form.blur(f)}
            errors={{ countryId: errorText('countryId'), cityId: errorText('cityId'), cityName: errorText('cityName') }}
          />
        </fieldset>
        <fieldset className="space-y-5">
          <legend className="mb-3 text-lg font-bold">{t('form.terms')}</legend>
          <TextField
            {...text('compensation')}
            label={labels.compensation}
            labelSuffix={t('listings:form.optional')}
            maxLength={LISTING_LIMITS.compensation}
            hint={t('form.compensationHint')}
          />
          <TextArea
            {...text('compensationDetails')}
            rows={3}
            label={labels.compensationDetails}
            labelSuffix={t('listings:form.optional')}
            maxLength={LISTING_LIMITS.details}
          />
          <TextField
            {...text('places')}
            type="number"
            inputMode="numeric"
            min={LISTING_LIMITS.places.min}
            max={LISTING_LIMITS.places.max}
            label={labels.places}
            hint={t('form.placesHint')}
            className="max-w-40"
          />
          <TextArea
            {...text('requirements')}
            rows={4}
            label={labels.requirements}
            labelSuffix={t('listings:form.optional')}
            maxLength={LISTING_LIMITS.details}
            hint={t('form.requirementsHint')}
          />
          <TextArea
            {...text('description')}
            rows={6}
            label={labels.description}
            labelSuffix={t('listings:form.optional')}
            maxLength={LISTING_LIMITS.description}
            hint={t('form.descriptionHint')}
          />
        </fieldset>
        <StylesChecklist
          id={fieldId('styleIds')}
          legend={labels.styleIds}
          hint={t('form.stylesHint')}
          value={values.styleIds}
          onChange={(styleIds) => update({ styleIds })}
          error={errorText('styleIds')}
        />
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            id={fieldId('isActive')}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-accent"
            checked={values.isActive}
            onChange={(e) => update({ isActive: e.target.checked })}
          />
          <span>
            <span className="block font-semibold">{labels.isActive}</span>
            <span className="block text-sm text-ink-muted">{t('form.activeHint')}</span>
          </span>
        </label>
        <div className="flex flex-wrap gap-3 border-t border-line pt-6">
          <Button type="submit" variant="primary" loading={save.isPending}>
            {save.isPending ? t('listings:form.saving') : spot ? t('listings:form.save') : t('form.publish')}
          </Button>
          <LocalizedLink to={spot ? guestSpotPath(spot) : '/guestspots/manage'} className={buttonClasses({ variant: 'ghost' })}>
            {t('listings:cancel')}
          </LocalizedLink>
        </div>
      </form>
    </div>
  );
}
