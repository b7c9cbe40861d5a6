import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { countryOptions, useCountries } from '../../reference/api/get-countries';
import { CityPicker, type CityChoice } from '../../reference/locations/city-picker';
import { NearestCity } from '../../reference/locations/nearest-city';
import { Card } from '../../ui/card';
import { Select } from '../../ui/field';
import { PageHeader } from '../../ui/page-header';

/*
 * The location search's demo pages (development only: the route table marks them, the server
 * answers 404 in production and src/web/app/screens.ts leaves this file out of a production build).
 */

function DemoPage({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation(['locations', 'seo']);
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <PageHeader title={t(`seo:${titleKey}.title`)} intro={`${t(`seo:${titleKey}.description`)} ${t('demo.intro')}`} />
      <Card className="space-y-6 p-5">{children}</Card>
    </div>
  );
}

function Chosen({ choice }: { choice: CityChoice | null }) {
  const { t } = useTranslation('locations');
  return (
    <p className="text-sm" data-testid="chosen">
      <span className="font-semibold">{t('demo.chosen')}: </span>
      {choice ? (choice.cityId === 0 ? `${choice.name} (${t('demo.newCity')}, id 0)` : `${choice.name}, ${choice.city?.countryName ?? ''} (id ${choice.cityId})`) : t('demo.nothing')}
    </p>
  );
}

function PickerDemo({ titleKey, allowNew }: { titleKey: string; allowNew: boolean }) {
  const { t } = useTranslation('locations');
  const [choice, setChoice] = useState<CityChoice | null>(null);
  return (
    <DemoPage titleKey={titleKey}>
      <CityPicker label={t('demo.city')} value={choice} onChange={setChoice} allowNew={allowNew} />
      <Chosen choice={choice} />
    </DemoPage>
  );
}

/** /location-search-demo: the type-ahead with new cities, and the geo lookup beside it. */
export function LocationSearchDemo() {
  const { t } = useTranslation('locations');
  const [choice, setChoice] = useState<CityChoice | null>(null);
  return (
    <DemoPage titleKey="locationSearchDemo">
      <CityPicker label={t('demo.city')} value={choice} onChange={setChoice} allowNew />
      <Chosen choice={choice} />
      <NearestCity
        onFound={(answer) => {
          if (answer.city) setChoice({ cityId: answer.city.cityId, name: answer.city.name, city: answer.city });
        }}
      />
    </DemoPage>
  );
}

/** /location-search-simplified-demo: listed cities only. */
export function LocationSearchSimplifiedDemo() {
  return <PickerDemo titleKey="locationSearchSimplifiedDemo" allowNew={false} />;
}

/** /location-search-new-demo: a name that finds nothing becomes a new city (id 0). */
export function LocationSearchNewDemo() {
  return <PickerDemo titleKey="locationSearchNewDemo" allowNew />;
}

/** /city-demo: a country first, then a city of it, as the profile form asks. */
export function CityDemo() {
  const { t } = useTranslation('locations');
  const countries = useCountries();
  const [code, setCode] = useState('');
  const [choice, setChoice] = useState<CityChoice | null>(null);
  return (
    <DemoPage titleKey="cityDemo">
      <Select
        label={t('demo.country')}
        value={code}
        placeholder={t('demo.chooseCountry')}
        options={countryOptions(countries.data)}
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setChoice(null);
        }}
      />
      <CityPicker label={t('demo.city')} value={choice} onChange={setChoice} countryCode={code || null} disabled={!code} allowNew />
      <Chosen choice={choice} />
    </DemoPage>
  );
}

/** /geo-lookup-demo: the nearest listed city to the browser's position. */
export function GeoLookupDemo() {
  return (
    <DemoPage titleKey="geoLookupDemo">
      <NearestCity />
    </DemoPage>
  );
}
