import { useState } from 'react';
import { Star } from 'lucide-react';
import { ENDING_SOON_DAYS, GRANT_DAYS_MAX, type FeaturedEntry } from '../../../../common/schemas/admin-money';
import { useTranslation } from '../../../i18n/react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Select, TextField } from '../../../ui/field';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { useMoneyFormat } from '../premium/money-format';
import { useGrantFeatured, useRevokeFeatured } from '../premium/premium-api';
import { ConfirmAction } from '../ui/confirm-action';
import { useFeaturedEntries, type FeaturedFilters } from './featured-api';

const NAMESPACES = ['adminMoney', 'admin'] as const;

/** Featured entries: who is featured until when, extended or revoked inline, and what the home page shows now. */
export default function FeaturedScreen() {
  const { t } = useTranslation(NAMESPACES);
  const [filters, setFilters] = useState<FeaturedFilters>({ status: 'active' });
  const list = useFeaturedEntries(filters);
  const entries = list.data?.pages.flatMap((p) => p.entries) ?? [];
  const home = list.data?.pages[0]?.home;

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('adminMoney:featured.title')}</h1>
        <p className="max-w-[70ch] text-ink-muted">{t('adminMoney:featured.intro', { days: ENDING_SOON_DAYS })}</p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t('adminMoney:featured.statusFilter')} className="flex gap-2">
          {(['active', 'ended'] as const).map((status) => (
            <Button key={status} size="sm" variant={filters.status === status ? 'primary' : 'secondary'} aria-pressed={filters.status === status} onClick={() => setFilters((f) => ({ ...f, status }))}>
              {t(`adminMoney:featured.status.${status}`)}
            </Button>
          ))}
        </div>
        <Select
          label={t('adminMoney:featured.userType')}
          placeholder={t('adminMoney:ledger.any')}
          value={filters.userType ?? ''}
          onChange={(event) => setFilters((f) => ({ ...f, userType: event.target.value === 'artist' || event.target.value === 'studio' ? event.target.value : undefined }))}
          options={[
            { value: 'artist', label: t('adminMoney:featured.artist') },
            { value: 'studio', label: t('adminMoney:featured.studio') },
          ]}
        />
      </div>
      {list.isError && !list.data ? (
        <QueryErrorAlert query={list} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />
      ) : !list.data ? (
        <LoadingShape label={t('admin:layout.loading')}>
          <SkeletonLines lines={['h-16 w-full', 'h-16 w-full', 'h-16 w-full']} />
        </LoadingShape>
      ) : entries.length === 0 ? (
        <EmptyState icon={<Star aria-hidden="true" />} title={t('adminMoney:featured.empty')} />
      ) : (
        <ul className="space-y-3">
          {entries.map((entry) => (
            <EntryRow key={entry.user.id} entry={entry} />
          ))}
        </ul>
      )}
      <LoadMoreButton query={list} label={t('adminMoney:more')} />
      {home && (
        <section aria-labelledby="featured-home" className="space-y-2">
          <h2 id="featured-home" className="text-xl font-semibold">
            {t('adminMoney:featured.home')}
          </h2>
          <p className="text-ink-muted">{t('adminMoney:featured.homeIntro')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {(['artists', 'studios'] as const).map((kind) => (
              <Card key={kind} className="p-4">
                <h3 className="font-semibold">{t(`adminMoney:featured.home${kind === 'artists' ? 'Artists' : 'Studios'}`)}</h3>
                {home[kind].length === 0 ? (
                  <p className="text-ink-muted">{t('adminMoney:featured.homeEmpty')}</p>
                ) : (
                  <ol className="list-decimal ps-5">
                    {home[kind].map((u) => (
                      <li key={u.id}>
                        {u.name || u.username} (@{u.username})
                      </li>
                    ))}
                  </ol>
                )}
              </Card>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function EntryRow({ entry }: { entry: FeaturedEntry }) {
  const { t } = useTranslation(NAMESPACES);
  const { when } = useMoneyFormat();
  const [dialog, setDialog] = useState<'extend' | 'revoke' | null>(null);
  const [days, setDays] = useState('14');
  const grant = useGrantFeatured();
  const revoke = useRevokeFeatured();
  const who = `${entry.user.name || entry.user.username} (@${entry.user.username})`;
  const dayCount = /^\d+$/.test(days.trim()) ? Number(days) : NaN;
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= GRANT_DAYS_MAX;
  const active = entry.daysLeft > 0;

  return (
    <li>
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="space-y-1">
          <p className="font-semibold">
            {who} <span className="text-sm font-normal text-ink-muted">{t(`adminMoney:featured.${entry.user.userType}`)}</span>
          </p>
          <p className="text-sm">
            {entry.featuredUntil && t(active ? 'adminMoney:featured.until' : 'adminMoney:featured.ended', { date: when(entry.featuredUntil) })}{' '}
            {active && <span>{t('adminMoney:featured.daysLeft', { count: entry.daysLeft })}</span>}{' '}
            {entry.endingSoon && <Badge tone="danger">{t('adminMoney:featured.endingSoon')}</Badge>}
          </p>
          {entry.periods[0] && (
            <p className="text-sm text-ink-muted">
              {t(`adminMoney:featured.source.${entry.periods[0].source}`)}
              {entry.periods[0].reason ? `: ${entry.periods[0].reason}` : ''}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => setDialog('extend')}>
            {t('adminMoney:featured.extend')}
          </Button>
          {active && (
            <Button size="sm" onClick={() => setDialog('revoke')}>
              {t('adminMoney:grant.revoke')}
            </Button>
          )}
        </div>
      </Card>
      <ConfirmAction
        open={dialog === 'extend'}
        onClose={() => setDialog(null)}
        title={t('adminMoney:grant.confirmTitle', { user: who })}
        consequence={t('adminMoney:grant.confirmText', { count: daysValid ? dayCount : 0, user: who })}
        confirmLabel={t('adminMoney:featured.extend')}
        reason={{ required: true }}
        ready={daysValid}
        onConfirm={async ({ reason }) => {
          const answer = await grant.mutateAsync({ userId: entry.user.id, days: dayCount, reason, includePromotions: false });
          toast.success(t('adminMoney:grant.granted', { user: who, date: when(answer.featuredUntil) }));
        }}
      >
        <TextField
          label={t('adminMoney:grant.days')}
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={daysValid ? undefined : t('adminMoney:grant.daysInvalid', { max: GRANT_DAYS_MAX })}
        />
      </ConfirmAction>
      <ConfirmAction
        open={dialog === 'revoke'}
        onClose={() => setDialog(null)}
        title={t('adminMoney:revoke.confirmTitle', { user: who })}
        consequence={t('adminMoney:revoke.confirmText', { user: who })}
        confirmLabel={t('adminMoney:grant.revoke')}
        reason={{ required: true }}
        onConfirm={async ({ reason }) => {
          await revoke.mutateAsync({ userId: entry.user.id, reason });
          toast.success(t('adminMoney:revoke.done', { user: who }));
        }}
      />
    </li>
  );
}
