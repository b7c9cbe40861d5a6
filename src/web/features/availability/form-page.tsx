import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { availabilityCreateSchema, type Availability } from '../../../common/schemas/availability';
import { LISTING_LIMITS } from '../../../common/schemas/listing-fields';
import { ApiError } from '../../lib/api';
import { useSchemaForm } from '../../lib/form';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { TextArea, TextField } from '../../ui/field';
import { useSession } from '../auth';
import { DetailSkeleton, FormSummary, LoadProblem, LoginOnly, PlaceFields, StylesChecklist, serverFieldErrors, type PlaceValues } from '../listings';
import { availabilityPath, useAvailability, useSaveAvailability } from './api';

interface Values extends PlaceValues {
  title: string;
  startDate: string;
  endDate: string;
  preferredLocation: string;
  description: string;
  styleIds: number[];
  isActive: boolean;
}
type Field = keyof Values;

const FIELDS: Field[] = ['title', 'startDate', 'endDate', 'preferredLocation', 'countryId', 'cityId', 'description', 'styleIds', 'isActive'];
const fieldId = (field: Field) => `av-${field}`;

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
  const { user } = useSession();
  const { id } = useParams();
  const entry = useAvailability({ id });
  if (!user) return null;
  if (!id && user.userType !== 'artist') {
    return <RoleNotice title={t('form.onlyArtistsTitle')} text={t('form.onlyArtistsText')} href="/guestspot/new" label={t('form.onlyArtistsAction')} />;
  }
  if (id) {
    if (entry.isPending) return <DetailSkeleton />;
    if (entry.isError) {
      return (
        <LoadProblem error={entry.error} listHref="/artist-availability/manage" listLabel={t('manage.title')} notFoundText={t('errors:availabilityNotFound')} />
      );
    }
    if (entry.data.artist.id !== user.id && user.role !== 'admin') {
      return <RoleNotice title={t('form.notOwnerTitle')} text={t('errors:forbidden')} href={availabilityPath(entry.data)} label={t('form.backToEntry')} />;
    }
    return <AvailabilityForm key={entry.data.id} entry={entry.data} />;
  }
  return <AvailabilityForm />;
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

function AvailabilityForm({ entry }: { entry?: Availability }) {
  const { t } = useTranslation(['availability', 'listings']);
  const navigate = useNavigate();
  const lang = useLanguage();
  const [values, setValues] = useState<Values>(() => initialValues(entry));
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [summary, setSummary] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm<Field>(availabilityCreateSchema, values as unknown as Record<Field, unknown>);
  const save = useSaveAvailability();

  const errorKey = (field: Field) => form.errors[field] ?? serverErrors[field];
  const errorText = (field: Field) => {
    const key = errorKey(field);
    return key ? t(`errors:${key}`, { ...form.params[field], max: form.params[field]?.max ?? LISTING_LIMITS.styles }) : undefined;
  };
  const labels: Record<Field, string> = {
    title: t('form.title'),
    startDate: t('listings:form.startDate'),
    endDate: t('listings:form.endDate'),
    preferredLocation: t('form.preferredLocation'),
    countryId: t('listings:form.country'),
    cityId: t('listings:form.city'),
    cityName: t('listings:form.cityName'),
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
      { id: entry?.id, data: availabilityCreateSchema.parse(values) },
      {
        onSuccess: (saved) => navigate(localizePath(availabilityPath(saved), lang)),
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
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{entry ? t('form.editTitle') : t('form.newTitle')}</h1>
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
        <fieldset className="space-y-4">
          <legend className="mb-1 text-lg font-bold">{t('form.placeLegend')}</legend>
          <TextField
            {...text('preferredLocation')}
            label={labels.preferredLocation}
            labelSuffix={t('listings:form.optional')}
            maxLength={LISTING_LIMITS.preferredLocation}
            hint={t('form.preferredLocationHint')}
          />
          <PlaceFields
            idPrefix="av"
            allowOther={false}
            values={values}
            onChange={update}
            onBlur={(f) => form.blur(f)}
            errors={{ countryId: errorText('countryId'), cityId: errorText('cityId') }}
          />
        </fieldset>
        <TextArea
          {...text('description')}
          rows={6}
          label={labels.description}
          labelSuffix={t('listings:form.optional')}
          maxLength={LISTING_LIMITS.description}
          hint={t('form.descriptionHint')}
        />
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
            {save.isPending ? t('listings:form.saving') : entry ? t('listings:form.save') : t('form.publish')}
          </Button>
          <LocalizedLink to={entry ? availabilityPath(entry) : '/artist-availability/manage'} className={buttonClasses({ variant: 'ghost' })}>
            {t('listings:cancel')}
          </LocalizedLink>
        </div>
      </form>
    </div>
  );
}
