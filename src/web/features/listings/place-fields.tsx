import { useTranslation } from '../../i18n/react';
import { LISTING_LIMITS } from '../../../common/listing-limits';
import { Select, TextField } from '../../ui/field';
import { useCities } from '../../reference/api/get-cities';
import { cityOptions, countryOptions } from '../../reference/api/get-countries';

export interface PlaceValues {
  countryId: string;
  cityId: string;
  cityName: string;
}

/** The city id of a city typed under "Other city". */
export const OTHER_CITY = '0';

/**
 * Country select, then the city select (disabled until a country is chosen) with "Other city"
 * and its free name when `allowOther`.
 */
export function PlaceFields({
  idPrefix,
  values,
  onChange,
  allowOther,
  errors,
  onBlur,
}: {
  idPrefix: string;
  values: PlaceValues;
  onChange: (patch: Partial<PlaceValues>) => void;
  allowOther: boolean;
  errors?: Partial<Record<keyof PlaceValues, string>>;
  onBlur?: (field: keyof PlaceValues) => void;
}) {
  const { t } = useTranslation('listingsEntry');
  const { countries, country } = useCities(values.countryId ? Number(values.countryId) : null);
  const other = allowOther && values.cityId === OTHER_CITY;

  if (countries.isError) {
    return <p className="text-sm text-danger">{t('form.countriesFailed')}</p>;
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        id={`${idPrefix}-country`}
        label={t('form.country')}
        labelSuffix={t('form.optional')}
        value={values.countryId}
        disabled={countries.isPending}
        error={errors?.countryId}
        onBlur={() => onBlur?.('countryId')}
        onChange={(e) => onChange({ countryId: e.target.value, cityId: '', cityName: '' })}
        placeholder={t('form.chooseCountry')}
        options={countryOptions(countries.data, true)}
      />
      <Select
        id={`${idPrefix}-city`}
        label={t('form.city')}
        labelSuffix={t('form.optional')}
        hint={country ? undefined : t('form.cityHint')}
        value={values.cityId}
        disabled={!country}
        error={errors?.cityId}
        onBlur={() => onBlur?.('cityId')}
        onChange={(e) => onChange({ cityId: e.target.value, cityName: e.target.value === OTHER_CITY ? values.cityName : '' })}
        placeholder={t('form.chooseCity')}
        options={cityOptions(country)}
      >
        {allowOther && <option value={OTHER_CITY}>{t('form.otherCity')}</option>}
      </Select>
      {other && (
        <div className="sm:col-span-2">
          <TextField
            id={`${idPrefix}-cityName`}
            label={t('form.cityName')}
            maxLength={LISTING_LIMITS.cityName}
            value={values.cityName}
            error={errors?.cityName}
            onBlur={() => onBlur?.('cityName')}
            onChange={(e) => onChange({ cityName: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}
