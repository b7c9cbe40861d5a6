import { Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTING_LIMITS } from '../../../common/schemas/listing-fields';
import { Button } from '../../ui/button';
import { Select, TextField } from '../../ui/field';
import { cityOptions, countryOptions, findCountry, useCountries } from '../../reference/api/get-countries';
import { useStyles } from '../../reference/api/get-styles';
import type { FilterKey, Filters } from './list-address';

/**
 * The filters of a public list. Selects, dates and the toggle apply at once; the text search
 * applies on Enter or the search button. The values live in the address (useListAddress).
 */
export function FilterBar({
  fields,
  filters,
  onChange,
  active,
  idPrefix,
}: {
  fields: FilterKey[];
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  active: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation('listings');
  const styles = useStyles();
  const countries = useCountries();
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);

  const has = (key: FilterKey) => fields.includes(key);
  const country = findCountry(countries.data, filters.country);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: q.trim() });
  };
  const id = (key: string) => `${idPrefix}-${key}`;
  const columns = fields.filter((f) => f !== 'q').length >= 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4';

  return (
    <form role="search" aria-label={t('filters.label')} onSubmit={onSubmit} className="rounded border border-line bg-surface p-4">
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
          <Select
            id={id('city')}
            label={t('filters.city')}
            disabled={!country || country.cities.length === 0}
            value={filters.city}
            onChange={(e) => onChange({ city: e.target.value })}
            placeholder={country ? t('filters.anyCity') : t('filters.cityHint')}
            options={cityOptions(country)}
          />
        )}
        {has('from') && (
          <TextField id={id('from')} type="date" label={t('filters.from')} value={filters.from} onChange={(e) => onChange({ from: e.target.value })} />
        )}
        {has('to') && (
          <TextField
            id={id('to')}
            type="date"
            label={t('filters.to')}
            min={filters.from || undefined}
            value={filters.to}
            onChange={(e) => onChange({ to: e.target.value })}
          />
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
              {t('filters.available')}
            </label>
          </div>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {active && (
          <Button
            variant="ghost"
            icon={<X aria-hidden="true" className="size-4" />}
            onClick={() => onChange({ style: '', country: '', city: '', from: '', to: '', q: '', available: '' })}
          >
            {t('filters.reset')}
          </Button>
        )}
        {has('q') && (
          <Button type="submit" variant="secondary" icon={<Search aria-hidden="true" className="size-4" />}>
            {t('filters.search')}
          </Button>
        )}
      </div>
    </form>
  );
}
