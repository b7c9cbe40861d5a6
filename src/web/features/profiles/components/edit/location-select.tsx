import { useTranslation } from '../../../../i18n/react';
import { Alert } from '../../../../ui/alert';
import { Select, TextField } from '../../../../ui/field';
import { BusyLines } from '../../../../ui/skeleton';
import { cityOptions, countryOptions, useCountries, type CountryOption } from '../../../../reference/api/get-countries';

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
  const { t } = useTranslation(['profileEdit', 'profiles']);
  const countries = useCountries();
  if (countries.isPending) {
    return <BusyLines className="grid gap-4 sm:grid-cols-2" lines={['h-[4.5rem]', 'h-[4.5rem]']} />;
  }
  if (countries.isError) return <Alert tone="error">{t('location.loadFailed')}</Alert>;
  const list = countries.data;
  const country = list.find((c) => c.id === value.countryId);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t('profiles:fields.country')}
        labelSuffix={t('required')}
        required
        value={value.countryId ?? ''}
        error={countryError}
        onBlur={onBlurCountry}
        onChange={(e) => {
          const id = e.currentTarget.value ? Number(e.currentTarget.value) : null;
          onChange({ countryId: id, cityId: null, cityName: '' }, list.find((c) => c.id === id));
        }}
        placeholder={t('location.chooseCountry')}
        options={countryOptions(list, true)}
      />
      <div className="space-y-3">
        <Select
          label={t('profiles:fields.city')}
          value={value.cityId ?? ''}
          disabled={!country}
          hint={country ? undefined : t('location.cityHint')}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            const id = raw === '' ? null : Number(raw);
            const city = country?.cities.find((c) => c.id === id);
            onChange({ ...value, cityId: id, cityName: id === 0 ? '' : (city?.name ?? '') }, country);
          }}
          placeholder={t('location.chooseCity')}
          options={cityOptions(country)}
        >
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
