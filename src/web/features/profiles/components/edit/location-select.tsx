import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../ui/alert';
import { Select, TextField } from '../../../../ui/field';
import { Skeleton } from '../../../../ui/skeleton';
import { useCountries, type CountryOption } from '../../../gallery';

export interface LocationValue {
  countryId: number | null;
  /** null: none chosen; 0: "Other City" with `cityName` typed. */
  cityId: number | null;
  cityName: string;
}

/**
 * Country (required) and city: the city list is disabled until a country is chosen and ends
 * with "Other City", which asks for the name as free text (city id 0).
 */
export function LocationSelect({
  value,
  onChange,
  countryError,
  cityError,
  onBlurCountry,
}: {
  value: LocationValue;
  onChange: (value: LocationValue, country: CountryOption | undefined) => void;
  countryError?: string;
  cityError?: string;
  onBlurCountry?: () => void;
}) {
  const { t } = useTranslation('profiles');
  const countries = useCountries();
  if (countries.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
        <Skeleton className="h-[4.5rem]" />
        <Skeleton className="h-[4.5rem]" />
      </div>
    );
  }
  if (countries.isError) return <Alert tone="error">{t('location.loadFailed')}</Alert>;
  const list = countries.data;
  const country = list.find((c) => c.id === value.countryId);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t('fields.country')}
        labelSuffix={t('required')}
        required
        value={value.countryId ?? ''}
        error={countryError}
        onBlur={onBlurCountry}
        onChange={(e) => {
          const id = e.currentTarget.value ? Number(e.currentTarget.value) : null;
          onChange({ countryId: id, cityId: null, cityName: '' }, list.find((c) => c.id === id));
        }}
      >
        <option value="">{t('location.chooseCountry')}</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
      <div className="space-y-3">
        <Select
          label={t('fields.city')}
          value={value.cityId ?? ''}
          disabled={!country}
          hint={country ? undefined : t('location.cityHint')}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            const id = raw === '' ? null : Number(raw);
            const city = country?.cities.find((c) => c.id === id);
            onChange({ ...value, cityId: id, cityName: id === 0 ? '' : (city?.name ?? '') }, country);
          }}
        >
          <option value="">{t('location.chooseCity')}</option>
          {(country?.cities ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          <option value="0">{t('location.otherCity')}</option>
        </Select>
        {value.cityId === 0 && (
          <TextField
            label={t('location.otherCityName')}
            value={value.cityName}
            error={cityError}
            maxLength={120}
            onChange={(e) => onChange({ ...value, cityName: e.currentTarget.value }, country)}
          />
        )}
      </div>
    </div>
  );
}
