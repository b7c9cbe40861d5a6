import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { DEAL_REQUEST_STATUSES, STAY_STATUSES, type DealRequestStatus, type StayStatus } from '../../../common/deal-limits';
import { buildPath } from '../../../common/routes';
import { useSearchParams } from '../../routing';
import { LocalizedLink } from '../../i18n/localized-link';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/field';
import { LoadMoreButton } from '../../ui/load-more';
import { loginGatedPage } from '../../ui/login-gate';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { Tabs, tabPanelProps } from '../../ui/tabs';
import { useDealRequests } from './api/get-requests';
import { useStays } from './api/get-stays';
import type { RequestRole } from './api/keys';
import { RequestCard } from './components/request-card';
import { StayCard } from './components/stay-card';
import { useDealLive } from './use-deal-live';

const isStatus = (value: string | null): value is DealRequestStatus => (DEAL_REQUEST_STATUSES as readonly string[]).includes(value ?? '');
const isStayStatus = (value: string | null): value is StayStatus => (STAY_STATUSES as readonly string[]).includes(value ?? '');

/** Card-shaped placeholders while a list loads. */
function CardSkeletons({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** A paged list's states: skeletons, the error with Try again, the empty text, else the items and Load more. */
function PagedList<T>({
  query,
  items,
  loading,
  empty,
  render,
}: {
  query: ReturnType<typeof useDealRequests> | ReturnType<typeof useStays>;
  items: T[];
  loading: string;
  empty: ReactNode;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('deals');
  if (query.isPending) return <CardSkeletons label={loading} />;
  if (query.isError)
    return (
      <Alert tone="error" action={<Button size="sm" onClick={() => void query.refetch()}>{t('retry')}</Button>}>
        {query.error.message || t('loadFailed')}
      </Alert>
    );
  if (items.length === 0) return empty;
  return (
    <div className="space-y-4">
      <ul className="space-y-3">{items.map(render)}</ul>
      <LoadMoreButton query={query} label={t('loadMore')} />
    </div>
  );
}

function Requests({ role, status }: { role: RequestRole; status: DealRequestStatus | undefined }) {
  const { t } = useTranslation('deals');
  const { user } = useSession();
  const query = useDealRequests({ role, status });
  const items = query.data?.pages.flatMap((page) => page.applications) ?? [];
  const artist = user?.userType === 'artist';
  // The one action that fills an empty Sent list: artists apply to spots, studios invite artists.
  const find = (
    <LocalizedLink to={buildPath(artist ? 'guestSpots' : 'availabilityList')} className={buttonClasses({ size: 'sm' })}>
      {t(artist ? 'page.findSpots' : 'page.findArtists')}
    </LocalizedLink>
  );
  return (
    <PagedList
      query={query}
      items={items}
      loading={t('page.loading')}
      empty={<EmptyState icon={<Inbox />} title={t(role === 'received' ? 'page.emptyReceived' : 'page.emptySent')} action={find} />}
      render={(request) => (
        <li key={request.id}>
          <RequestCard request={request} role={role} />
        </li>
      )}
    />
  );
}

function Stays({ status }: { status: StayStatus }) {
  const { t } = useTranslation(['deals', 'agreements']);
  const query = useStays(status);
  const items = query.data?.pages.flatMap((page) => page.stays) ?? [];
  return (
    <PagedList
      query={query}
      items={items}
      loading={t('page.staysLoading')}
      empty={<p className="rounded border border-dashed border-line-strong p-4 text-sm text-ink-muted">{t(`page.staysEmpty.${status}`)}</p>}
      render={(stay) => (
        <li key={stay.id}>
          <StayCard
            stay={stay}
            actions={
              <LocalizedLink to={buildPath('stayAgreement', { id: stay.id })} className={buttonClasses({ size: 'sm' })}>
                {t('agreements:link')}
              </LocalizedLink>
            }
          />
        </li>
      )}
    />
  );
}

const STAY_TABS: { id: StayStatus; label: string }[] = [
  { id: 'confirmed', label: 'page.upcoming' },
  { id: 'completed', label: 'page.past' },
  { id: 'cancelled', label: 'page.cancelled' },
];

/**
 * /dashboard/requests: the applications and invitations received and sent (with a status
 * filter, Accept and Decline or Withdraw), and the stays they became (Cancel with a reason).
 * The tab, the filter and the stays' section are kept in the address; everything is fetched
 * again when the other side changes something (live `deal.changed`).
 */
function RequestsPage() {
  const { t } = useTranslation('deals');
  useDealLive();
  const [params, setParams] = useSearchParams();
  const role: RequestRole = params.get('tab') === 'sent' ? 'sent' : 'received';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const staysParam = params.get('stays');
  const stays: StayStatus = isStayStatus(staysParam) ? staysParam : 'confirmed';
  const set = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto w-full max-w-4xl space-y-10 px-4 py-8 sm:py-12">
      <PageHeader title={t('page.title')} intro={t('page.intro')} />
      <section aria-labelledby="requests-title" className="space-y-4">
        <h2 id="requests-title" className="sr-only">
          {t('page.tabsLabel')}
        </h2>
        <Tabs
          idPrefix="requests"
          label={t('page.tabsLabel')}
          tabs={[
            { id: 'received', label: t('page.received') },
            { id: 'sent', label: t('page.sent') },
          ]}
          selected={role}
          onSelect={(id) => set('tab', id === 'sent' ? 'sent' : null)}
        />
        <div {...tabPanelProps('requests', role)} className="space-y-4 focus-visible:outline-offset-4">
          <div className="max-w-60">
            <Select
              label={t('page.statusFilter')}
              value={status ?? ''}
              onChange={(e) => set('status', e.target.value || null)}
              options={[{ value: '', label: t('page.allStatuses') }, ...DEAL_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            />
          </div>
          <Requests role={role} status={status} />
        </div>
      </section>
      <section aria-labelledby="stays-title" className="space-y-4">
        <h2 id="stays-title" className="text-2xl font-extrabold">
          {t('page.staysTitle')}
        </h2>
        <Tabs
          idPrefix="stays"
          label={t('page.staysLabel')}
          tabs={STAY_TABS.map((tab) => ({ id: tab.id, label: t(tab.label) }))}
          selected={stays}
          onSelect={(id) => set('stays', id === 'confirmed' ? null : id)}
        />
        <div {...tabPanelProps('stays', stays)} className="focus-visible:outline-offset-4">
          <Stays status={stays} />
        </div>
      </section>
    </div>
  );
}

export default loginGatedPage(RequestsPage, 'deals');
