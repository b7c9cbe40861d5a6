import { useTranslation } from '../../../i18n/react';
import type { ProfileUser } from '../../../../common/schemas/profile';
import { LOCALES } from '../../../../common/languages';
import { profilePathTo } from '../../../../common/routes';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { BadgeList } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { fallbackQuoteIndex } from '../quotes';

const styleCollator = new Intl.Collator('de');

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
      <dt className="font-semibold text-ink-muted">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

/**
 * A profile without a bio says so plainly (the owner gets a link to write one). The spec's
 * fallback quote follows, captioned as a saying from the tattoo world, never as the person's words.
 */
function EmptyBio({ profile }: { profile: ProfileUser }) {
  const { t } = useTranslation('profiles');
  const owner = profile.can.edit;
  return (
    <div className="max-w-[70ch] space-y-4">
      {owner ? (
        <div className="space-y-2 rounded border border-dashed border-line-strong p-4">
          <p>{t('about.ownerNoBio')}</p>
          <LocalizedLink to={`${profilePathTo(profile.username)}?edit=true`} className="font-bold">
            {t('about.writeBio')}
          </LocalizedLink>
        </div>
      ) : (
        <p className="text-ink-muted">{t('about.noBio')}</p>
      )}
      <figure className="border-l-4 border-line pl-4 text-sm text-ink-muted">
        <blockquote className="italic">{t(`quotes.${fallbackQuoteIndex(profile.id)}`)}</blockquote>
        <figcaption className="mt-1">{owner ? t('about.ownerQuoteCaption') : t('about.quoteCaption', { name: profile.name })}</figcaption>
      </figure>
    </div>
  );
}

/** About: bio (or an honest empty state with the fallback quote), personal info, styles, and for studios the studio information. */
export function AboutTab({ profile }: { profile: ProfileUser }) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const studio = profile.userType === 'studio';
  const collator = new Intl.Collator(LOCALES[lang]);
  const languages = profile.languages.map((id) => t(`languages.${id}`)).sort(collator.compare);
  const styles = [...profile.styles].sort((a, b) => styleCollator.compare(a.name, b.name));
  const notSpecified = t('notSpecified');
  const services = [
    profile.piercings && t('studio.piercings'),
    profile.tattooRemoval && t('studio.tattooRemoval'),
    profile.microblading && t('studio.microblading'),
  ].filter((s): s is string => Boolean(s));
  const bio = profile.bio?.trim();

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="about-bio" className="space-y-3">
        <h2 id="about-bio" className="text-xl font-extrabold">
          {studio ? t('about.titleStudio') : t('about.titleArtist')}
        </h2>
        {bio ? <p className="max-w-[70ch] whitespace-pre-line">{bio}</p> : <EmptyBio profile={profile} />}
        <h2 className="pt-4 text-xl font-extrabold">{t('about.styles')}</h2>
        {styles.length > 0 ? (
          <BadgeList items={styles} className="gap-1.5" />
        ) : (
          <p className="text-ink-muted">{t('about.noStyles')}</p>
        )}
      </section>
      <div className="space-y-6">
        <Card className="p-5">
          <h2 className="text-lg font-extrabold">{t('about.personal')}</h2>
          <dl className="mt-2 divide-y divide-line text-sm">
            {!studio && <InfoRow label={t('fields.gender')} value={profile.gender ? t(`gender.${profile.gender}`) : notSpecified} />}
            <InfoRow label={t('fields.country')} value={profile.countryName || profile.country || t('defaultCountry')} />
            <InfoRow label={t('fields.city')} value={profile.cityName || profile.city || notSpecified} />
            <InfoRow label={t('fields.experience')} value={profile.experience ? t(`experience.${profile.experience}`) : notSpecified} />
            <InfoRow label={t('fields.languages')} value={languages.length > 0 ? languages.join(', ') : notSpecified} />
          </dl>
        </Card>
        {studio && (
          <Card className="p-5">
            <h2 className="text-lg font-extrabold">{t('studio.title')}</h2>
            <dl className="mt-2 divide-y divide-line text-sm">
              <InfoRow label={t('studio.workstations')} value={String(profile.workstations ?? 0)} />
              <InfoRow label={t('studio.services')} value={services.length > 0 ? services.join(', ') : t('studio.none')} />
            </dl>
          </Card>
        )}
      </div>
    </div>
  );
}
