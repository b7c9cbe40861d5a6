import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { LocalizedLink, LocalizedNavLink } from '../../../i18n/localized-link';
import { cn } from '../../../ui/cn';
import { useAdminSummary } from '../api/admin-api';
import { SECTIONS, type AdminSection } from '../sections';

const ITEM = 'flex min-h-11 items-center gap-3 rounded px-3 text-sm font-semibold no-underline transition-colors';

/**
 * The admin navigation in its fixed order, each area with the count of work waiting there (from
 * the summary), then the way back to the public site.
 */
export function Sidebar({ current }: { current: AdminSection }) {
  const { t } = useTranslation('admin');
  const summary = useAdminSummary();
  return (
    <nav aria-label={t('layout.navLabel')} className="px-2 py-3">
      <ul className="flex flex-col gap-0.5">
        {SECTIONS.map((section) => {
          const count = section.badge && summary.data ? summary.data[section.badge] : 0;
          const Icon = section.icon;
          return (
            <li key={section.id}>
              <LocalizedNavLink
                to={section.path}
                end={section.id === ''}
                aria-current={section.id === current.id ? 'page' : undefined}
                className={cn(ITEM, section.id === current.id ? 'bg-sunken text-ink' : 'text-ink-muted hover:bg-sunken hover:text-ink')}
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span className="flex-1">{t(section.labelKey)}</span>
                {count > 0 && (
                  <span className="rounded-full bg-ink px-2 py-0.5 text-xs text-paper tabular-nums">
                    {count}
                    <span className="sr-only"> {t('layout.waiting', { count })}</span>
                  </span>
                )}
              </LocalizedNavLink>
            </li>
          );
        })}
        <li className="mt-2 border-t border-line pt-2">
          <LocalizedLink to="/" className={cn(ITEM, 'text-ink-muted hover:bg-sunken hover:text-ink')}>
            <ArrowLeft aria-hidden="true" className="size-5 shrink-0" />
            {t('nav.backToSite')}
          </LocalizedLink>
        </li>
      </ul>
    </nav>
  );
}
