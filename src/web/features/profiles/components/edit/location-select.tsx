import { useTranslation } from '../../../../i18n/react';
import { Alert } from '../../../../ui/alert';
import { Select } from '../../../../ui/field';
import { BusyLines } from '../../../../ui/skeleton';
import { countryOptions, useCountries, type CountryOption } from '../../../../reference/api/get-countries';
import { CityPicker } from '../../../../reference/locations/city-picker';

export interface LocationValue {
  countryId: number | null;
  /** null: none chosen; 0: "Other City" with `cityName` typed. */
  cityId: number | null;
  cityName: string;
}

/**
 * Country (required) and city: the city type-ahead is disabled until a country is chosen and
 * searches that country's cities; a name it does not find can be kept as "Other City" (city id
 * 0 with the typed name).
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
      <CityPicker
        label={t('profiles:fields.city')}
        disabled={!country}
        hint={country ? undefined : t('location.cityHint')}
        error={cityError}
        countryCode={country?.code}
        allowNew
        value={value.cityId === null ? null : { cityId: value.cityId, name: value.cityName }}
        onChange={(choice) => onChange({ ...value, cityId: choice?.cityId ?? null, cityName: choice?.name ?? '' }, country)}
      />
    </div>
  );
}
