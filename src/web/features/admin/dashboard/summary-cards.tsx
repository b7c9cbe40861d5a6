import { Camera, Flag, Inbox, Star } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import type { AdminSummary } from '../../../../common/schemas/admin';
import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { LINK_CARD_CLASSES } from '../../../ui/card';
import { InstagramIcon } from '../../../ui/instagram-icon';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, Skeleton } from '../../../ui/skeleton';
import { useAdminSummary } from '../api/admin-api';

/**
 * The summary's counts in the sidebar's order, each a card leading to the area that holds the
 * work. Listed here rather than taken from sections.ts, which loads this screen: importing it
 * back would make a cycle.
 */
const CARDS: { badge: keyof AdminSummary; path: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { badge: 'imagesToReview', path: '/admin/gallery', icon: Camera },
  { badge: 'openReports', path: '/admin/reports', icon: Flag },
  { badge: 'featuredEndingSoon', path: '/admin/featured', icon: Star },
  { badge: 'promotionsDue', path: '/admin/instagram', icon: InstagramIcon },
  { badge: 'newContactMessages', path: '/admin/contact', icon: Inbox },
];

export function SummaryCards() {
  const { t } = useTranslation('admin');
  const summary = useAdminSummary();
  return (
    <section aria-labelledby="admin-summary" className="space-y-3">
      <h2 id="admin-summary" className="text-xl font-bold">
        {t('dashboard.summary')}
      </h2>
      {summary.isError && !summary.data ? (
        <QueryErrorAlert query={summary} retryLabel={t('retry')} fallback={t('loadFailed')} />
      ) : !summary.data ? (
        <LoadingShape label={t('layout.loading')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {CARDS.map((card) => (
            <Skeleton key={card.badge} className="h-28" />
          ))}
        </LoadingShape>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {CARDS.map((card) => {
            const Icon = card.icon;
            const count = summary.data[card.badge];
            return (
              <li key={card.badge}>
                <LocalizedLink to={card.path} className={`${LINK_CARD_CLASSES} gap-2 p-4`}>
                  <Icon aria-hidden="true" className="size-5 text-ink-muted" />
                  <span className="text-3xl font-extrabold tabular-nums">{count}</span>
                  <span className="text-sm text-ink-muted">{t(`dashboard.cards.${card.badge}`, { count })}</span>
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
