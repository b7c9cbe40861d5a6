import { Search, SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { LISTING_LIMITS } from '../../../common/listing-limits';
import { Button } from '../../ui/button';
import { formatDay, isIsoDay } from '../../ui/date-format';
import { Select, TextField } from '../../ui/field';
import { countryOptions, findCountry, useCountries } from '../../reference/api/get-countries';
import type { CityChoice } from '../../reference/locations/city-picker';
import { useStyles } from '../../reference/api/get-styles';
import { useLanguage } from '../../i18n/language';
import type { FilterKey, Filters } from './list-address';

// The dialog loads when a phone first opens the filters: the list page's first load stays light.
const Dialog = lazy(() => import('../../ui/dialog').then((m) => ({ default: m.Dialog })));
// The date fields load apart from the list page, so its first load stays as light as before.
// The city type-ahead loads after the list, like the date fields: it stays out of the first load.
const CityPicker = lazy(() => import('../../reference/locations/city-picker').then((m) => ({ default: m.CityPicker })));
const DateField = lazy(() => import('../../ui/date-field').then((m) => ({ default: m.DateField })));
// The guest spot list's deal filters load after the list, like the date fields.
const DealFilterFields = lazy(() => import('./deal-filter-fields').then((m) => ({ default: m.DealFilterFields })));

interface FilterProps {
  fields: FilterKey[];
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  active: boolean;
  idPrefix: string;
  /** Labels that differ from the shared ones (the studio list's `available` is "has open guest spots"). */
  labels?: Partial<Record<FilterKey, string>>;
}

/** How many of a list's filters are set (a country and its city count as two). */
export function activeFilterCount(fields: readonly FilterKey[], filters: Filters): number {
  return fields.filter((key) => (filters[key] ?? '') !== '').length;
}

const EMPTY: Filters = { style: '', country: '', city: '', from: '', to: '', q: '', available: '', dealType: '', minGuestShare: '', maxRentCents: '', housing: '' };


/**
 * The filters of a public list: a bar above the results on wider screens; at 768 px and below a
 * "Filters (n)" button that opens them in a dialog, so the first result stays on the first
 * screen. The values live in the address (useListAddress).
 */
export function FilterBar(props: FilterProps) {
  const { t } = useTranslation('listings');
  const [sheet, setSheet] = useState<'unused' | 'open' | 'closed'>('unused');
  const sheetOpen = sheet === 'open';
  const close = () => setSheet('closed');
  const buttonId = `${props.idPrefix}-open`;
  // The dialog has no trigger of its own to return focus to: the button takes it back.
  useEffect(() => {
    if (sheet === 'closed') document.getElementById(buttonId)?.focus();
  }, [sheet, buttonId]);
  const count = activeFilterCount(props.fields, props.filters);
  return (
    <>
      <div className="max-[768px]:hidden">
        <FilterForm {...props} />
      </div>
      <div className="flex flex-wrap items-center gap-2 min-[769px]:hidden">
        <Button
          id={buttonId}
          variant={count > 0 ? 'primary' : 'secondary'}
          icon={<SlidersHorizontal aria-hidden="true" className="size-4" />}
          aria-haspopup="dialog"
          aria-expanded={sheetOpen}
          onClick={() => setSheet('open')}
        >
          {count > 0 ? t('filters.openCount', { count }) : t('filters.open')}
        </Button>
        {props.active && (
          <Button variant="ghost" icon={<X aria-hidden="true" className="size-4" />} onClick={() => props.onChange(EMPTY)}>
            {t('filters.reset')}
          </Button>
        )}
        {/* Each change applies at once behind the dialog; its one submit button also applies the typed search, then closes. */}
        {sheet !== 'unused' && (
          <Suspense fallback={null}>
            <Dialog
              open={sheetOpen}
              onOpenChange={(next) => !next && close()}
              title={t('filters.label')}
              closeLabel={t('filters.close')}
              footer={
                <Button type="submit" form={`${props.idPrefix}-sheet-form`} variant="primary">
                  {t('filters.done')}
                </Button>
              }
            >
              <FilterForm {...props} idPrefix={`${props.idPrefix}-sheet`} onSearched={close} inSheet />
            </Dialog>
          </Suspense>
        )}
      </div>
    </>
  );
}

/**
 * The filter fields. Selects, dates and the toggle apply at once; the text search applies on
 * Enter or the search button (`onSearched` follows it: the dialog closes on a search). In the
 * dialog (`inSheet`) the dialog's footer button submits the form, so it has no button of its own.
 */
function FilterForm({ fields, filters, onChange, active, idPrefix, labels, onSearched, inSheet = false }: FilterProps & { onSearched?: () => void; inSheet?: boolean }) {
  const { t } = useTranslation('listings');
  const styles = useStyles();
  const countries = useCountries({ afterHydration: true });
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);

  const has = (key: FilterKey) => fields.includes(key);
  const country = findCountry(countries.data, filters.country);
  const cityName = country?.cities.find((c) => String(c.id) === filters.city)?.name;
  // The address keeps only the id: the name shows once the countries list has arrived.
  const cityChoice: CityChoice | null = filters.city ? { cityId: Number(filters.city), name: cityName ?? '' } : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim() !== filters.q) onChange({ q: q.trim() });
    onSearched?.();
  };
  const id = (key: string) => `${idPrefix}-${key}`;
  const lang = useLanguage();
  // Only a whole day (or none) goes into the address; the field shows its own error for the rest.
  const applyDay = (patch: Partial<Filters>) => {
    const value = Object.values(patch)[0] ?? '';
    if (value === '' || isIsoDay(value)) onChange(patch);
  };
  const columns = fields.filter((f) => f !== 'q').length >= 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4';

  return (
    <form id={`${idPrefix}-form`} role="search" aria-label={t('filters.label')} onSubmit={onSubmit} className="rounded border border-line bg-surface p-4">
      <div className={`grid gap-4 sm:grid-cols-2 ${columns}`}>
        {has('q') && (
          <div className="sm:col-span-2 lg:col-span-full">
            <TextField
              id={id('q')}
              type="search"
              label={t('filters.q')}
              placeholder={t('filters.qPlaceholder')}
              maxLength={LISTING_LIMITS.query}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              // In the dialog the form's one submit button sits in the dialog's footer: Enter submits the form all the same.
              onKeyDown={(e) => {
                if (!inSheet || e.key !== 'Enter') return;
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }}
            />
          </div>
        )}
        {has('style') && (
          <Select
            id={id('style')}
            label={t('filters.style')}
            value={filters.style}
            onChange={(e) => onChange({ style: e.target.value })}
            placeholder={t('filters.anyStyle')}
            options={styles.data?.map((s) => ({ value: String(s.id), label: s.name }))}
          />
        )}
        {has('country') && (
          <Select
            id={id('country')}
            label={t('filters.country')}
            value={country?.code ?? ''}
            onChange={(e) => onChange({ country: e.target.value, city: '' })}
            placeholder={t('filters.anyCountry')}
            options={countryOptions(countries.data)}
          />
        )}
        {has('city') && (
          <Suspense fallback={<TextField id={id('city')} label={t('filters.city')} value={cityChoice?.name ?? ''} readOnly />}>
            <CityPicker
              id={id('city')}
              label={t('filters.city')}
              value={cityChoice}
              // Every country's cities: a city found sets its country too, so the two filters never disagree.
              onChange={(choice) => onChange(choice?.city ? { country: choice.city.countryCode, city: String(choice.cityId) } : { city: '' })}
            />
          </Suspense>
        )}
        {has('from') && (
          <Suspense fallback={<TextField id={id('from')} label={t('filters.from')} value={formatDay(filters.from, lang)} readOnly />}>
            <DateField id={id('from')} label={t('filters.from')} value={filters.from} onChange={(v) => applyDay({ from: v })} />
          </Suspense>
        )}
        {has('to') && (
          <Suspense fallback={<TextField id={id('to')} label={t('filters.to')} value={formatDay(filters.to, lang)} readOnly />}>
            <DateField id={id('to')} label={t('filters.to')} min={filters.from || undefined} value={filters.to} onChange={(v) => applyDay({ to: v })} />
          </Suspense>
        )}
        {has('dealType') && (
          <Suspense fallback={null}>
            <DealFilterFields id={id} filters={filters} onChange={onChange} />
          </Suspense>
        )}
        {has('available') && (
          <div className="flex items-end">
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
              <input
                type="checkbox"
                className="size-5 accent-accent"
                checked={filters.available === 'true'}
                onChange={(e) => onChange({ available: e.target.checked ? 'true' : '' })}
              />
              {labels?.available ?? t('filters.available')}
            </label>
          </div>
        )}
      </div>
      {(active || (has('q') && !inSheet)) && (
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          {active && (
            <Button
              variant="ghost"
              icon={<X aria-hidden="true" className="size-4" />}
              onClick={() => onChange(EMPTY)}
            >
              {t('filters.reset')}
            </Button>
          )}
          {has('q') && !inSheet && (
            <Button type="submit" variant="secondary" icon={<Search aria-hidden="true" className="size-4" />}>
              {t('filters.search')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
