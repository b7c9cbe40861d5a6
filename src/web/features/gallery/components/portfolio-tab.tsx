import { buildPath } from '../../../../common/routes';
import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { Portfolio, type PortfolioProps } from './portfolio';

/** A profile's portfolio tab: the portfolio, then the way to the whole gallery. */
export function PortfolioTab(props: PortfolioProps) {
  const { t } = useTranslation('gallery');
  return (
    <>
      <Portfolio {...props} />
      <p className="mt-8">
        <LocalizedLink to={buildPath('gallery')} className="font-semibold">
          {t('wholeGallery')}
        </LocalizedLink>
      </p>
    </>
  );
}
