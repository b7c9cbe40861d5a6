import { useTranslation } from '../../i18n/react';
import { Select } from '../../ui/field';
import { useCities } from '../../reference/api/get-cities';
import { countryOptions, findCountry } from '../../reference/api/get-countries';
import { CityPicker, type CityChoice } from '../../reference/locations/city-picker';

export interface PlaceValues {
  countryId: string;
  cityId: string;
  cityName: string;
}

/** The city id of a city typed under "Other city". */
export const OTHER_CITY = '0';

/**
 * Country select and a city type-ahead. The type-ahead searches every country's cities, so a
 * studio in Berlin typing "Lisboa" finds Lisbon rather than being offered a new German city;
 * taking a city fills its country too. With `allowOther` and a country chosen, a name found
 * nowhere is offered as a new city ("Other City": city id 0 with the typed name) in that
 * country, which it needs to be placed.
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

  if (countries.isError) {
    return <p className="text-sm text-danger">{t('form.countriesFailed')}</p>;
  }

  let chosen: CityChoice | null = null;
  if (values.cityId === OTHER_CITY && allowOther) chosen = { cityId: 0, name: values.cityName };
  else if (values.cityId !== '' && values.cityId !== OTHER_CITY) {
    const city = country?.cities.find((c) => String(c.id) === values.cityId);
    // Until the countries arrive the field stays empty rather than showing a bare id.
    chosen = { cityId: Number(values.cityId), name: city?.name ?? '' };
  }

  const onCity = (choice: CityChoice | null) => {
    if (!choice) return onChange({ cityId: '', cityName: '' });
    if (choice.cityId === 0) return onChange({ cityId: OTHER_CITY, cityName: choice.name });
    const own = choice.city ? findCountry(countries.data, choice.city.countryCode) : country;
    onChange({ countryId: own ? String(own.id) : values.countryId, cityId: String(choice.cityId), cityName: '' });
  };

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
      <div onBlur={() => onBlur?.(values.cityId === OTHER_CITY ? 'cityName' : 'cityId')}>
        <CityPicker
          id={`${idPrefix}-city`}
          label={t('form.city')}
          labelSuffix={t('form.optional')}
          hint={allowOther && !country ? t('form.cityTypeHint') : undefined}
          error={errors?.cityId ?? errors?.cityName}
          disabled={countries.isPending}
          allowNew={allowOther && Boolean(country)}
          value={chosen}
          onChange={onCity}
        />
      </div>
    </div>
  );
}
