import { AudienceCards } from './components/audience-cards';
import { Explore } from './components/explore';
import { FeaturedSection } from './components/featured-section';
import { FreeNotice } from './components/free-notice';
import { Hero } from './components/hero';
import { HowItWorks } from './components/how-it-works';
import { LatestWorks } from './components/latest-works';

/**
 * The start page; the featured pictures come right after the hero, then the gallery's latest
 * works. The hero's picture is the first screen's one high-priority image, so the cards load lazily.
 */
export default function HomePage() {
  return (
    <>
      <Hero />
      <FeaturedSection which="artists" />
      <LatestWorks />
      <FeaturedSection which="studios" />
      <AudienceCards />
      <HowItWorks />
      <Explore />
      <FreeNotice />
    </>
  );
}
