import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { buttonClasses } from '../../../ui/button';
import { postPaths } from '../paths';

/** Planning posts is a featured perk: without active featured status this box takes the place of saving. */
export function FeaturedOffer({ expired = false }: { expired?: boolean }) {
  const { t } = useTranslation('posts');
  return (
    <section aria-labelledby="posts-offer-title" className="rounded border border-line-strong bg-sunken p-5">
      <h2 id="posts-offer-title" className="flex items-center gap-2 text-lg font-bold">
        <Sparkles aria-hidden="true" className="size-5 text-accent" />
        {t('offer.title')}
      </h2>
      <p className="mt-2 max-w-prose text-sm">{expired ? t('offer.expired') : t('offer.text')}</p>
      <LocalizedLink to={postPaths.premium} className={buttonClasses({ variant: 'primary', className: 'mt-4' })}>
        {t('offer.action')}
      </LocalizedLink>
    </section>
  );
}
