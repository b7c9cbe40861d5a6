import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { buttonClasses } from '../../../ui/button';

/** The opening: what the platform is, with the two ways in. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <section className="border-b border-line">
      <div className="mx-auto max-w-6xl px-4 py-10 md:py-16">
        <p className="text-xs font-bold tracking-widest text-ink-muted uppercase">{t('hero.eyebrow')}</p>
        <h1 className="mt-3 max-w-[22ch] text-2xl md:text-3xl">{t('hero.title')}</h1>
        <p className="mt-4 max-w-[60ch] text-base text-ink-muted md:text-lg">{t('hero.lead')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LocalizedLink to="/guestspots" className={buttonClasses({ variant: 'primary', size: 'lg' })}>
            {t('hero.findSpots')}
          </LocalizedLink>
          <LocalizedLink to="/tattooartists" className={buttonClasses({ size: 'lg' })}>
            {t('hero.findArtists')}
          </LocalizedLink>
        </div>
      </div>
    </section>
  );
}
