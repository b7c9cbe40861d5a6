import { useState, type FormEvent } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '../../../common/languages';
import { CITY_ALERT_RADII, cityAlertCreateSchema } from '../../../common/schemas/city-alerts';
import { parseWithKeys } from '../../../common/schemas/parse';
import { useTranslation } from '../../i18n/react';
import { CityPicker, type CityChoice } from '../../reference/locations/city-picker';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Select, TextField } from '../../ui/field';
import { useRequestCityAlert } from './api';
import type { CityAlertArtist } from './city-alert-button';

type Errors = Partial<Record<'email' | 'cityId' | 'radiusKm' | 'language', string>>;

/** The form of a city alert: the address, a listed city, the radius and the mails' language (the page's by default). */
export function CityAlertForm({ artist, onDone }: { artist: CityAlertArtist; onDone: () => void }) {
  const { t, i18n } = useTranslation(['cityAlerts', 'errors', 'locations']);
  const [email, setEmail] = useState('');
  const [city, setCity] = useState<CityChoice | null>(null);
  const [radiusKm, setRadiusKm] = useState('50');
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'en');
  const [errors, setErrors] = useState<Errors>({});
  const request = useRequestCityAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWithKeys(cityAlertCreateSchema, { artistId: artist.id, email, cityId: city?.cityId || undefined, radiusKm, language });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), t(`errors:${issue.message}`)])));
      return;
    }
    setErrors({});
    request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title={t('form.sentTitle')}>
          {t('form.sent', { email: email.trim() })}
        </Alert>
        <div className="flex justify-end">
          <Button variant="primary" onClick={onDone}>
            {t('form.close')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t('form.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <CityPicker label={t('form.city')} hint={t('form.cityHint')} value={city} onChange={setCity} error={errors.cityId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('form.radius')}
          value={radiusKm}
          onChange={(e) => setRadiusKm(e.target.value)}
          error={errors.radiusKm}
          options={CITY_ALERT_RADII.map((km) => ({ value: String(km), label: t('form.radiusKm', { km: new Intl.NumberFormat(i18n.language).format(km) }) }))}
        />
        <Select
          label={t('form.language')}
          value={language}
          onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}
          error={errors.language}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        />
      </div>
      <p className="text-sm text-ink-muted">{t('form.privacy')}</p>
      {request.isError && <Alert tone="error">{request.error.message || t('form.failed')}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={request.isPending}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The dialog around the form; a new one starts empty each time it opens after a sent request. */
export function CityAlertDialog({ artist, open, onOpenChange }: { artist: CityAlertArtist; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('cityAlerts');
  const [round, setRound] = useState(0);
  const close = () => {
    onOpenChange(false);
    setRound((r) => r + 1);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={t('dialog.title', { name: artist.name })} description={t('dialog.intro', { name: artist.name })} closeLabel={t('dialog.close')}>
      <CityAlertForm key={round} artist={artist} onDone={close} />
    </Dialog>
  );
}
