import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../i18n/react';
import { toast } from '../../../../ui/toast';
import { EXPERIENCE_RANGES, GENDERS, LANGUAGE_IDS, NOTICE_DURATION_MS, WORKSTATIONS_MAX, type LanguageId } from '../../../../../common/constants';
import { profileUpdateSchema, type ProfileUpdateInput, type ProfileUser } from '../../../../../common/schemas/profile';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../../../../common/social-links';
import { LOCALES } from '../../../../../common/languages';
import { useLanguage } from '../../../../i18n/language';
import { ApiError } from '../../../../lib/api';
import { useSchemaForm } from '../../../../lib/form';
import { Alert } from '../../../../ui/alert';
import { Button } from '../../../../ui/button';
import { Card } from '../../../../ui/card';
import { Select, TextArea, TextField } from '../../../../ui/field';
import { useSession } from '../../../../lib/session';
import type { CountryOption } from '../../../../reference/api/get-countries';
import { StylePicker } from '../../../../reference/style-picker';
import { Tabs, tabPanelProps } from '../../../../ui/tabs';
import { useSaveProfile } from '../../api/save-profile';
import { ProfileImageField } from './image-field';
import { LocationSelect, type LocationValue } from './location-select';

type Social = Record<SocialNetwork, string>;

interface Values {
  name: string;
  bio: string;
  gender: string;
  experience: string;
  languages: LanguageId[];
  location: LocationValue;
  countryName: string;
  styles: number[];
  social: Social;
  workstations: string;
  piercings: boolean;
  tattooRemoval: boolean;
  microblading: boolean;
}

function initialValues(p: ProfileUser): Values {
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, p[n] ?? ''])) as Social;
  return {
    name: p.name,
    bio: p.bio ?? '',
    gender: p.gender ?? '',
    experience: p.experience ?? '',
    languages: p.languages,
    location: { countryId: p.countryId, cityId: p.cityId, cityName: p.cityName ?? p.city ?? '' },
    countryName: p.countryName ?? p.country ?? '',
    styles: p.styles.map((s) => s.id),
    social,
    workstations: String(p.workstations ?? 0),
    piercings: p.piercings,
    tattooRemoval: p.tattooRemoval,
    microblading: p.microblading,
  };
}

function payloadOf(v: Values, studio: boolean): ProfileUpdateInput {
  const payload: ProfileUpdateInput = {
    name: v.name,
    bio: v.bio,
    ...v.social,
    gender: v.gender || null,
    languages: v.languages,
    experience: v.experience || null,
    country: v.countryName || null,
    countryId: v.location.countryId,
    city: v.location.cityName || null,
    cityId: v.location.cityId,
    styles: v.styles.map(String),
  };
  if (studio) {
    payload.workstations = v.workstations.trim() === '' ? 0 : v.workstations;
    payload.piercings = v.piercings;
    payload.tattooRemoval = v.tattooRemoval;
    payload.microblading = v.microblading;
  }
  return payload;
}

type Field = 'name' | 'bio' | 'workstations' | 'countryId' | 'city';

/** Cancel and save, above and below the long form. */
function FormButtons({ onCancel, saving, className = '' }: { onCancel: () => void; saving: boolean; className?: string }) {
  const { t } = useTranslation('profileEdit');
  return (
    <div className={`flex gap-2 ${className}`}>
      <Button onClick={onCancel} disabled={saving}>
        {t('edit.cancel')}
      </Button>
      <Button type="submit" variant="primary" loading={saving}>
        {t('edit.save')}
      </Button>
    </div>
  );
}

/**
 * The profile edit form: basic info, images, styles, social media and, for
 * studios, studio settings. Images are saved at once; the rest with Save.
 */
export function ProfileEditForm({
  profile,
  onSaved,
  onImageChange,
  onDone,
}: {
  profile: ProfileUser;
  onSaved: (profile: ProfileUser) => void;
  onImageChange: (patch: Partial<Pick<ProfileUser, 'avatar' | 'headerImage'>>) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['profileEdit', 'profiles', 'errors', 'gallery']);
  const lang = useLanguage();
  const session = useSession();
  const save = useSaveProfile(profile.id);
  const studio = profile.userType === 'studio';
  const [values, setValues] = useState<Values>(() => initialValues(profile));
  const [tab, setTab] = useState('basic');
  const saving = save.isPending;
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  // Error notices disappear after 3 s.
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const payload = useMemo(() => payloadOf(values, studio), [values, studio]);
  const formValues = useMemo(
    () => ({ ...payload, countryId: payload.countryId, city: payload.city }) as Record<Field, unknown>,
    [payload],
  );
  const form = useSchemaForm<Field>(profileUpdateSchema, formValues, (v) => ({
    ...(v.countryId ? {} : { countryId: 'required' }),
    ...(values.location.cityId === 0 && !String(v.city ?? '').trim() ? { city: 'cityNameRequired' } : {}),
  }));
  const fieldError = (f: Field) => (form.errors[f] ? t(`errors:${form.errors[f]}`, form.params[f] ?? {}) : undefined);

  const sortedLanguages = useMemo(() => {
    const collator = new Intl.Collator(LOCALES[lang]);
    return [...LANGUAGE_IDS].sort((a, b) => collator.compare(t(`profiles:languages.${a}`), t(`profiles:languages.${b}`)));
  }, [lang, t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.submit()) {
      setTab(form.errors.workstations && studio ? 'studio' : 'basic');
      setError(t('edit.checkFields'));
      return;
    }
    setError(null);
    try {
      const saved = await save.mutateAsync(payload);
      onSaved(saved);
      if (saved.name !== session.user?.name) await session.refresh({ name: saved.name });
      toast.success(t('edit.saved'), { duration: NOTICE_DURATION_MS });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setError(t('edit.unauthorized'));
      else setError((err instanceof ApiError && err.status !== 0 && err.message) || t('edit.failed'));
    }
  };

  const tabs = [
    { id: 'basic', label: t('edit.tabs.basic') },
    { id: 'images', label: t('edit.tabs.images') },
    { id: 'styles', label: t('edit.tabs.styles') },
    { id: 'social', label: t('edit.tabs.social') },
    ...(studio ? [{ id: 'studio', label: t('edit.tabs.studio') }] : []),
  ];

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="edit-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="edit-title" className="text-2xl font-extrabold">
          {t('edit.title')}
        </h2>
        <FormButtons onCancel={onDone} saving={saving} />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Tabs idPrefix="edit" label={t('edit.tabs.label')} tabs={tabs} selected={tab} onSelect={setTab} />
      <Card className="p-4 sm:p-6" {...tabPanelProps('edit', tab)}>
        <div className={tab === 'basic' ? 'space-y-5' : 'hidden'}>
          <TextField
            label={t('profiles:fields.name')}
            labelSuffix={t('required')}
            required
            value={values.name}
            maxLength={100}
            error={fieldError('name')}
            onBlur={() => form.blur('name')}
            onChange={(e) => set('name', e.currentTarget.value)}
            autoComplete="name"
          />
          <TextArea
            label={t('profiles:fields.bio')}
            rows={6}
            value={values.bio}
            maxLength={5000}
            error={fieldError('bio')}
            hint={t('edit.bioHint')}
            onBlur={() => form.blur('bio')}
            onChange={(e) => set('bio', e.currentTarget.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label={t('profiles:fields.gender')} value={values.gender} onChange={(e) => set('gender', e.currentTarget.value)} placeholder={t('profiles:notSpecified')} options={GENDERS.map((g) => ({ value: g, label: t(`profiles:gender.${g}`) }))} />
            <Select label={t('profiles:fields.experience')} value={values.experience} onChange={(e) => set('experience', e.currentTarget.value)} placeholder={t('profiles:notSpecified')} options={EXPERIENCE_RANGES.map((x) => ({ value: x, label: t(`profiles:experience.${x}`) }))} />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">{t('profiles:fields.languages')}</legend>
            <ul className="grid grid-cols-1 gap-x-4 gap-y-1 min-[400px]:grid-cols-2 sm:grid-cols-3">
              {sortedLanguages.map((id) => (
                <li key={id}>
                  <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-accent"
                      checked={values.languages.includes(id)}
                      onChange={(e) =>
                        set('languages', e.currentTarget.checked ? [...values.languages, id] : values.languages.filter((l) => l !== id))
                      }
                    />
                    {t(`profiles:languages.${id}`)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <LocationSelect
            value={values.location}
            countryError={fieldError('countryId')}
            cityError={fieldError('city')}
            onBlurCountry={() => form.blur('countryId')}
            onChange={(location, country?: CountryOption) =>
              setValues((v) => ({ ...v, location, countryName: country?.name ?? '' }))
            }
          />
        </div>
        <div className={tab === 'images' ? 'space-y-8' : 'hidden'}>
          <ProfileImageField
            userId={profile.id}
            name={profile.name}
            kind="avatar"
            src={profile.avatar}
            onChange={(avatar) => {
              onImageChange({ avatar });
              void session.refresh({ avatar });
            }}
          />
          <ProfileImageField
            userId={profile.id}
            name={profile.name}
            kind="header"
            src={profile.headerImage}
            onChange={(headerImage) => onImageChange({ headerImage })}
          />
        </div>
        <div className={tab === 'styles' ? '' : 'hidden'}>
          <StylePicker
            dense
            legend={t('edit.stylesLegend')}
            legendSuffix={`(${t('gallery:selectedCount', { count: values.styles.length })})`}
            loadFailedText={t('edit.stylesFailed')}
            value={values.styles}
            onChange={(ids) => set('styles', ids)}
          />
        </div>
        <div className={tab === 'social' ? 'grid gap-4 sm:grid-cols-2' : 'hidden'}>
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              label={t(`profiles:social.networks.${network}`)}
              value={values.social[network]}
              maxLength={network === 'website' ? 300 : 200}
              placeholder={t(`placeholders.${network}`)}
              inputMode={network === 'whatsapp' ? 'tel' : network === 'website' ? 'url' : undefined}
              onChange={(e) => set('social', { ...values.social, [network]: e.currentTarget.value })}
            />
          ))}
        </div>
        {studio && (
          <div className={tab === 'studio' ? 'space-y-5' : 'hidden'}>
            <TextField
              label={t('profiles:studio.workstations')}
              type="number"
              inputMode="numeric"
              min={0}
              max={WORKSTATIONS_MAX}
              step={1}
              value={values.workstations}
              error={fieldError('workstations')}
              hint={t('edit.workstationsHint', { max: WORKSTATIONS_MAX })}
              onBlur={() => form.blur('workstations')}
              onChange={(e) => set('workstations', e.currentTarget.value)}
              className="max-w-40"
            />
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">{t('profiles:studio.services')}</legend>
              {(['piercings', 'tattooRemoval', 'microblading'] as const).map((key) => (
                <label key={key} className="flex min-h-8 cursor-pointer items-center gap-2">
                  <input type="checkbox" className="size-4 accent-accent" checked={values[key]} onChange={(e) => set(key, e.currentTarget.checked)} />
                  {t(`profiles:studio.${key}`)}
                </label>
              ))}
            </fieldset>
          </div>
        )}
      </Card>
      <FormButtons onCancel={onDone} saving={saving} className="justify-end" />
    </form>
  );
}
