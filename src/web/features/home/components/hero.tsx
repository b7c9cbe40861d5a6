import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { buttonClasses } from '../../../ui/button';
import { HERO_IMAGE, heroSrcSet } from '../hero-image';

// Beside the text from 768 px on, full column width on phones (cropped to 3:2 there).
const HERO_SIZES = '(min-width: 1024px) 24rem, (min-width: 768px) 20rem, 100vw';

/** The opening: a tattoo photo first, then what the platform is, with the two ways in. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <section className="border-b border-line">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:grid-cols-[1fr_20rem] md:items-center md:gap-10 md:py-12 lg:grid-cols-[1fr_24rem]">
        <picture className="block overflow-hidden rounded bg-surface md:order-last">
          <source type="image/avif" srcSet={heroSrcSet('avif')} sizes={HERO_SIZES} />
          <source type="image/webp" srcSet={heroSrcSet('webp')} sizes={HERO_SIZES} />
          <img
            src={HERO_IMAGE.file(640, 'webp')}
            alt={t('hero.imageAlt')}
            width={HERO_IMAGE.width}
            height={HERO_IMAGE.height}
            fetchPriority="high"
            className="aspect-[3/2] h-auto w-full object-cover md:aspect-[4/5]"
          />
        </picture>
        <div>
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
      </div>
    </section>
  );
}
