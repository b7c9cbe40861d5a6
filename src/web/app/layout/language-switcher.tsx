import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from '../../routing';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../common/languages';
import { languageLinkPath, storeLanguage, useLanguage } from '../../i18n/language';
import { useSession } from '../../lib/session';
import { rememberLanguage } from '../../features/notifications/language-preference';

/**
 * Links to the current page in every language, each named in its own language. Links rather
 * than a select: they work without script, and crawlers find the other languages.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = useLanguage();
  const { state } = useSession();
  return (
    <nav aria-label={t('footer.language')}>
      <h2 className="mb-3 text-sm font-bold">{t('footer.language')}</h2>
      <ul className="flex flex-wrap gap-2">
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <Link
              to={languageLinkPath(location, lang)}
              lang={lang}
              hrefLang={lang}
              aria-current={lang === current ? 'true' : undefined}
              onClick={() => {
                storeLanguage(lang);
                // Mails to a logged-in user follow the interface language they pick.
                if (state === 'loggedIn' && lang !== current) rememberLanguage(lang);
              }}
              className="inline-block rounded border border-line-strong px-2.5 py-1 text-sm text-ink no-underline hover:bg-sunken aria-[current=true]:border-ink aria-[current=true]:bg-ink aria-[current=true]:text-paper"
            >
              {LANGUAGE_NAMES[lang]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
