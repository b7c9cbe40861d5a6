import { useTranslation } from '../../i18n/react';
import { PRODUCT_NAME } from '../../../common/constants';
import { buildPath } from '../../../common/routes';
import { useSite } from '../../features/static-pages';
import { LocalizedLink } from '../../i18n/localized-link';
import { InstagramIcon } from '../../ui/instagram-icon';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitch } from './theme-switch';

const LINK = 'text-sm text-ink underline-offset-4 hover:underline';

/** A titled column of footer links. */
function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-bold">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <LocalizedLink to={link.to} className={LINK}>
              {link.label}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Navigation, legal links, the operator's Instagram when the settings name one, language and theme. */
export function Footer() {
  const { t } = useTranslation();
  const instagramUrl = useSite().data?.operator?.instagramUrl;
  const year = new Date().getFullYear();
  const navigation = [
    { to: buildPath('home'), label: t('nav.home') },
    { to: buildPath('guestSpots'), label: t('nav.spots') },
    { to: buildPath('tattooArtists'), label: t('nav.artists') },
    { to: buildPath('gallery'), label: t('nav.gallery') },
    { to: buildPath('map'), label: t('nav.map') },
    { to: buildPath('forum'), label: t('nav.forum') },
  ];
  const legal = [
    { to: buildPath('contact'), label: t('footer.contact') },
    { to: buildPath('privacy'), label: t('footer.privacy') },
    { to: buildPath('terms'), label: t('footer.terms') },
    { to: buildPath('aboutus'), label: t('footer.about') },
    { to: buildPath('impressum'), label: t('footer.imprint') },
  ];
  return (
    <footer className="mt-12 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-10 lg:grid-cols-[1.3fr_1fr_1fr_1.5fr]">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <p className="text-lg font-extrabold tracking-tight">{PRODUCT_NAME}</p>
          <p className="max-w-[36ch] text-sm text-ink-muted">{t('footer.tagline')}</p>
          {instagramUrl && (
            <a
              href={instagramUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 text-sm font-semibold text-ink underline-offset-4 hover:underline"
            >
              <InstagramIcon aria-hidden="true" className="size-5" />
              {t('footer.instagram')}
            </a>
          )}
        </div>
        <LinkList title={t('footer.navigation')} links={navigation} />
        <LinkList title={t('footer.legal')} links={legal} />
        <div className="col-span-2 space-y-6 lg:col-span-1">
          <LanguageSwitcher />
          <ThemeSwitch />
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-ink-muted">
          {t('footer.copyright', { year, name: PRODUCT_NAME })}
        </p>
      </div>
    </footer>
  );
}
