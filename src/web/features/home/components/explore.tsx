import { ArrowRight, Globe2, MapPinned, Users } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { buildPath } from '../../../../common/routes';
import { HomeSection } from './home-section';
import { LocalizedLink } from '../../../i18n/localized-link';

const TILES = [
  { key: 'artists', to: buildPath('tattooArtists'), Icon: Users },
  { key: 'spots', to: buildPath('guestSpots'), Icon: MapPinned },
  { key: 'map', to: buildPath('map'), Icon: Globe2 },
] as const;

/** The listings and the globe map, to browse without an account. */
export function Explore() {
  const { t } = useTranslation('home');
  return (
    <HomeSection id="explore" title={t('explore.title')}>
      <ul className="grid gap-4 md:grid-cols-3">
        {TILES.map(({ key, to, Icon }) => (
          <li key={key}>
            <LocalizedLink
              to={to}
              className="group flex h-full items-start gap-4 rounded border border-line bg-surface p-6 text-ink no-underline transition-colors hover:border-line-strong"
            >
              <Icon aria-hidden="true" className="size-8 shrink-0" />
              <span className="flex-1">
                <span className="flex items-center gap-2 text-lg font-bold group-hover:underline">
                  {t(`explore.${key}.title`)}
                  <ArrowRight aria-hidden="true" className="size-5 transition-transform motion-safe:group-hover:translate-x-1" />
                </span>
                <span className="mt-1 block text-ink-muted">{t(`explore.${key}.text`)}</span>
              </span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
