import { useTranslation } from '../../i18n/react';
import { buildPath } from '../../../common/routes';
import { useFeatured } from './api/get-featured';
import { AudienceCards } from './components/audience-cards';
import { Explore } from './components/explore';
import { FeaturedSection } from './components/featured-section';
import { FreeNotice } from './components/free-notice';
import { Hero } from './components/hero';
import { HowItWorks } from './components/how-it-works';
import { LatestWorks } from './components/latest-works';

/** The start page; the featured pictures come right after the hero, then the gallery's latest works. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const artists = useFeatured('artists');
  const studios = useFeatured('studios');
  return (
    <>
      <Hero />
      <FeaturedSection
        id="featured-artists"
        title={t('featured.artistsTitle')}
        query={artists}
        texts={{ loading: t('featured.loadingArtists'), empty: t('featured.noArtists'), error: t('featured.artistLoadError') }}
        more={{ to: buildPath('tattooArtists'), label: t('featured.allArtists') }}
        priority
      />
      <LatestWorks />
      <FeaturedSection
        id="featured-studios"
        title={t('featured.studiosTitle')}
        query={studios}
        texts={{ loading: t('featured.loadingStudios'), empty: t('featured.noStudios'), error: t('featured.studioLoadError') }}
        more={{ to: buildPath('guestSpots'), label: t('featured.allSpots') }}
        variant="cover"
      />
      <AudienceCards />
      <HowItWorks />
      <Explore />
      <FreeNotice />
    </>
  );
}
