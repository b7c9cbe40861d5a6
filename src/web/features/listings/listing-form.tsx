import type { UseMutationResult } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../routing';
import type { ZodType } from 'zod';
import { EARLIEST_DATE, LISTING_LIMITS } from '../../../common/schemas/listing-fields';
import { ApiError } from '../../lib/api';
import { useSchemaForm, type FieldErrors } from '../../lib/form';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Button, buttonClasses } from '../../ui/button';
import { EXAMPLE_DAY, formatDay } from '../../ui/date-format';
import { TextArea, TextField } from '../../ui/field';
import { StylePicker } from '../../reference/style-picker';
import { FormSummary } from '../../ui/form-summary';
import { Skeleton } from '../../ui/skeleton';
import type { KindEntryNs } from './kind';
import { serverFieldErrors } from './page-guard';
import { PlaceFields, type PlaceValues } from './place-fields';

// The kinds (and so public pages) import this file for its field pieces; the date fields load
// only when a form shows them, so those pages' first load stays as it was.
const DateRangeField = lazy(() => import('../../ui/date-field').then((m) => ({ default: m.DateRangeField })));

/** The values every listing form has; a kind adds its own fields. */
export interface ListingFormValues extends PlaceValues {
  title: string;
  startDate: string;
  endDate: string;
  description: string;
  styleIds: number[];
  isActive: boolean;
}

type CommonField = keyof ListingFormValues;

interface ListingFormOptions<V extends ListingFormValues, D, Saved> {
  /** The kind's entry namespace: its form texts live under `form.*` there. */
  ns: KindEntryNs;
  /** The create schema; its messages are keys of the errors namespace. */
  schema: ZodType<D>;
  initial: () => V;
  /** Fields in form order, for the summary. */
  order: (keyof V & string)[];
  /** Prefix of the field ids (`gs-title`), which the summary links to. */
  idPrefix: string;
  /** Labels of the kind's own fields; the common ones are known here. */
  labels: Record<Exclude<keyof V, CommonField>, string>;
  /** Errors the schema alone cannot know. */
  extra?: (values: Record<keyof V & string, unknown>) => FieldErrors<keyof V & string>;
  /** Gets the parsed data and the raw values (what the schema does not send: a new guest spot's photo files). */
  save: UseMutationResult<Saved, Error, { id?: number; data: D; values?: unknown }>;
  /** The entry being edited; none for a new one. */
  id?: number;
  /** Where a saved entry is shown. */
  pathOf: (saved: Saved) => string;
}

/**
 * State and behaviour of a listing form: values, errors under the fields once left, the summary
 * on submit (focused), server field errors, and the save that opens the saved entry.
 */
export function useListingForm<V extends ListingFormValues, D, Saved>(options: ListingFormOptions<V, D, Saved>) {
  type Field = keyof V & string;
  const { ns, schema, order, idPrefix, extra, save, id, pathOf } = options;
  const { t } = useTranslation([ns, 'listingsEntry']);
  const navigate = useNavigate();
  const lang = useLanguage();
  const [values, setValues] = useState<V>(options.initial);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [summary, setSummary] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm<Field>(schema, values as unknown as Record<Field, unknown>, extra);

  const fieldId = (field: Field) => `${idPrefix}-${field}`;
  const errorKey = (field: Field) => form.errors[field] ?? serverErrors[field];
  const errorText = (field: Field): string | undefined => {
    const key = errorKey(field);
    if (!key) return undefined;
    // The shared text names the API's yyyy-mm-dd; the form takes dates as the language writes them.
    if (key === 'dateInvalid') return t('common:dateField.invalid', { pattern: t('common:dateField.pattern'), example: formatDay(EXAMPLE_DAY, lang) });
    const params: Record<string, unknown> = { ...form.params[field], max: form.params[field]?.max ?? LISTING_LIMITS.styles };
    return t(`errors:${key}`, params);
  };
  const labels = {
    title: t('form.title'),
    startDate: t('listingsEntry:form.startDate'),
    endDate: t('listingsEntry:form.endDate'),
    countryId: t('listingsEntry:form.country'),
    cityId: t('listingsEntry:form.city'),
    cityName: t('listingsEntry:form.cityName'),
    description: t('form.description'),
    styleIds: t('form.styles'),
    isActive: t('listingsEntry:form.active'),
    ...options.labels,
  } as Record<Field, string>;

  const update = (patch: Partial<V>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setServerErrors((prev) => {
      const next = { ...prev };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };
  /** The props of a text input bound to a field. */
  const text = (field: Field) => ({
    id: fieldId(field),
    value: values[field] as string,
    onChange: (e: { target: { value: string } }) => update({ [field]: e.target.value } as Partial<V>),
    onBlur: () => form.blur(field),
    error: errorText(field),
  });

  /** The props of an optional text input: bound, labelled and marked optional. */
  const optional = (field: Field) => ({ ...text(field), label: labels[field], labelSuffix: t('listingsEntry:form.optional') });

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
      { id, data: schema.parse(values), values },
      {
        onSuccess: (saved) => navigate(localizePath(pathOf(saved), lang)),
        onError: (err) => {
          setServerErrors(serverFieldErrors(err) as Partial<Record<Field, string>>);
          requestAnimationFrame(() => summaryRef.current?.focus());
        },
      },
    );
  };

  const problems = summary ? order.filter((f) => errorKey(f)).map((f) => ({ id: fieldId(f), label: labels[f], error: errorText(f) as string })) : [];
  const serverMessage = save.isError && Object.keys(serverErrors).length === 0 ? (save.error instanceof ApiError ? save.error.message : t('errors:generic')) : null;

  return { ns, values, labels, update, text, optional, fieldId, errorText, blur: form.blur, onSubmit, problems, serverMessage, summaryRef, saving: save.isPending, editing: id !== undefined };
}

export type ListingForm<V extends ListingFormValues> = ReturnType<typeof useListingForm<V, unknown, unknown>>;

/**
 * A listing form page: heading, the summary, title and dates, the kind's own fields
 * (`children`), wanted styles, the active switch, and publish/save with cancel.
 */
export function ListingFormLayout<V extends ListingFormValues>({ form, cancelHref, children }: { form: ListingForm<V>; cancelHref: string; children: ReactNode }) {
  const { t } = useTranslation([form.ns, 'listingsEntry']);
  const { values, labels, text, fieldId, update } = form;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{form.editing ? t('form.editTitle') : t('form.newTitle')}</h1>
        <p className="mt-2 max-w-prose text-ink-muted">{t('form.intro')}</p>
      </header>
      <FormSummary
        ref={form.summaryRef}
        title={form.serverMessage ?? (form.problems.length > 0 ? t('listingsEntry:form.summary', { count: form.problems.length }) : null)}
        items={form.problems.map((p) => ({ fieldId: p.id, text: `${p.label}: ${p.error}` }))}
      />
      <form noValidate onSubmit={form.onSubmit} className="space-y-8">
        <fieldset className="space-y-5">
          <legend className="mb-3 text-lg font-bold">{t('form.basics')}</legend>
          <TextField {...text('title')} label={labels.title} required maxLength={LISTING_LIMITS.title} hint={t('form.titleHint')} />
          <Suspense
            fallback={
              <div className="grid gap-4 sm:grid-cols-2">
                <Skeleton className="h-[4.5rem]" />
                <Skeleton className="h-[4.5rem]" />
              </div>
            }
          >
            <DateRangeField
              required
              min={EARLIEST_DATE}
              start={{ id: fieldId('startDate'), label: labels.startDate, value: values.startDate, error: form.errorText('startDate'), onBlur: () => form.blur('startDate') }}
              end={{ id: fieldId('endDate'), label: labels.endDate, value: values.endDate, error: form.errorText('endDate'), onBlur: () => form.blur('endDate') }}
              onChange={(change) =>
                update({ ...(change.start !== undefined ? { startDate: change.start } : {}), ...(change.end !== undefined ? { endDate: change.end } : {}) } as Partial<V>)
              }
            />
          </Suspense>
        </fieldset>
        {children}
        <StylePicker
          id={fieldId('styleIds')}
          legend={labels.styleIds}
          legendSuffix={t('listingsEntry:form.optional')}
          hint={t('form.stylesHint')}
          value={values.styleIds}
          onChange={(styleIds) => update({ styleIds } as Partial<V>)}
          error={form.errorText('styleIds')}
          loadFailedText={t('listingsEntry:form.stylesFailed')}
        />
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            id={fieldId('isActive')}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-accent"
            checked={values.isActive}
            onChange={(e) => update({ isActive: e.target.checked } as Partial<V>)}
          />
          <span>
            <span className="block font-semibold">{labels.isActive}</span>
            <span className="block text-sm text-ink-muted">{t('form.activeHint')}</span>
          </span>
        </label>
        <div className="flex flex-wrap gap-3 border-t border-line pt-6">
          <Button type="submit" variant="primary" loading={form.saving}>
            {form.saving ? t('listingsEntry:form.saving') : form.editing ? t('listingsEntry:form.save') : t('form.publish')}
          </Button>
          <LocalizedLink to={cancelHref} className={buttonClasses({ variant: 'ghost' })}>
            {t('listingsEntry:cancel')}
          </LocalizedLink>
        </div>
      </form>
    </div>
  );
}

/** The description, the same free text in both forms. */
export function DescriptionField<V extends ListingFormValues>({ form }: { form: ListingForm<V> }) {
  const { t } = useTranslation(form.ns);
  return <TextArea {...form.optional('description')} rows={6} maxLength={LISTING_LIMITS.description} hint={t('form.descriptionHint')} />;
}

/** Country, city and (with `allowOther`) a typed city, bound to the form. */
export function FormPlaceFields<V extends ListingFormValues>({ form, idPrefix, allowOther }: { form: ListingForm<V>; idPrefix: string; allowOther: boolean }) {
  return (
    <PlaceFields
      idPrefix={idPrefix}
      allowOther={allowOther}
      values={form.values}
      onChange={(patch) => form.update(patch as Partial<V>)}
      onBlur={form.blur}
      errors={{ countryId: form.errorText('countryId'), cityId: form.errorText('cityId'), cityName: allowOther ? form.errorText('cityName') : undefined }}
    />
  );
}
