import { useState } from 'react';
import { REPORT_TARGETS } from '../../../../common/message-limits';
import { ACTIONS_FOR, REPORT_STATES, type ReportGroup, type ReportState, type ReportTargetType, type ResolveAction } from '../../../../common/schemas/admin-moderation';
import { useTranslation } from '../../../i18n/react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Select } from '../../../ui/field';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { toast } from '../../../ui/toast';
import { ConfirmAction } from '../ui/confirm-action';
import { useReportQueue, useResolveReport, type ReportFilters } from './reports-api';

const NS = ['adminModeration', 'admin'] as const;

/** A short, plain-text view of what was reported, from its snapshot. */
function Preview({ group }: { group: ReportGroup }) {
  const p = (group.preview ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const thumb = text(p.thumbnailUrl);
  const body = text(p.content) ?? text(p.comment) ?? text(p.title) ?? text(p.caption) ?? text(p.bio) ?? text(p.name) ?? '';
  return (
    <div className="flex gap-3">
      {thumb && <img src={thumb} alt="" width={64} height={64} className="size-16 rounded object-cover" />}
      <p className="whitespace-pre-wrap text-sm">{body}</p>
    </div>
  );
}

/**
 * Whom the reported thing belongs to, from its snapshot, as "Name (@username)": the owner of an
 * image or listing, the sender of a message, the reviewer of a review, or the reported user.
 */
function ownerOf(group: ReportGroup): string | null {
  const p = (group.preview ?? {}) as Record<string, unknown>;
  const person = [p.owner, p.sender, p.reviewer, p].find((v): v is { username: string; name?: unknown } => !!v && typeof (v as { username?: unknown }).username === 'string');
  if (!person) return null;
  return typeof person.name === 'string' && person.name ? `${person.name} (@${person.username})` : `@${person.username}`;
}

/** /admin/reports: the reported targets, grouped, with their resolution. */
export default function ReportsScreen() {
  const { t } = useTranslation(NS);
  const [filters, setFilters] = useState<ReportFilters>({ status: 'open' });
  const queue = useReportQueue(filters);
  const resolve = useResolveReport();
  const groups = queue.data?.pages.flatMap((page) => page.reports) ?? [];
  const [pending, setPending] = useState<{ group: ReportGroup; action: ResolveAction } | null>(null);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('reports.title')}</h1>
      <div className="flex flex-wrap gap-3">
        <Select label={t('reports.filterStatus')} value={filters.status} onChange={(e) => setFilters((was) => ({ ...was, status: e.target.value as ReportState }))}>
          {REPORT_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`reports.status.${s}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('reports.filterType')}
          value={filters.targetType ?? ''}
          onChange={(e) => setFilters((was) => ({ status: was.status, ...(e.target.value ? { targetType: e.target.value as ReportTargetType } : {}) }))}
        >
          <option value="">{t('reports.allTypes')}</option>
          {REPORT_TARGETS.map((type) => (
            <option key={type} value={type}>
              {t(`reports.type.${type}`)}
            </option>
          ))}
        </Select>
      </div>
      {queue.isError && <QueryErrorAlert query={queue} retryLabel={t('retry')} fallback={t('loadFailed')} />}
      {queue.isPending && <p className="text-sm text-ink-muted">{t('loading')}</p>}
      {!queue.isPending && !queue.isError && groups.length === 0 && <EmptyState title={t(`reports.empty.${filters.status}`)} />}
      <ul className="space-y-3">
        {groups.map((group) => (
          <li key={`${group.targetType}:${group.targetId}`}>
            <Card className="space-y-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <Badge>{t(`reports.type.${group.targetType}`)}</Badge>
                <span className="text-sm font-semibold">{t('reports.count', { count: group.count })}</span>
                {group.reasons.map((r) => (
                  <Badge key={r} tone="danger">
                    {t(`reports.reason.${r}`)}
                  </Badge>
                ))}
                <span className="text-xs text-ink-muted">{t('reports.between', { first: new Date(group.firstAt).toLocaleString(), last: new Date(group.lastAt).toLocaleString() })}</span>
              </div>
              <Preview group={group} />
              {group.details.length > 0 && (
                <ul className="list-disc pl-5 text-sm text-ink-muted">
                  {group.details.map((d, i) => (
                    <li key={i}>{d}</li>
                  ))}
                </ul>
              )}
              {group.status === 'open' && (
                <div className="flex flex-wrap gap-2">
                  {ACTIONS_FOR[group.targetType].map((action) => (
                    <Button key={action} size="sm" onClick={() => setPending({ group, action })}>
                      {t(`reports.action.${action}`)}
                    </Button>
                  ))}
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={queue} label={t('loadMore')} />
      {pending && (
        <ConfirmAction
          open
          onClose={() => setPending(null)}
          title={(() => {
            const names = { action: t(`reports.action.${pending.action}`), type: t(`reports.type.${pending.group.targetType}`) };
            const owner = ownerOf(pending.group);
            return owner ? t('reports.confirmTitleNamed', { ...names, name: owner }) : t('reports.confirmTitle', names);
          })()}
          consequence={t(`reports.consequence.${pending.action}`, { count: pending.group.count })}
          confirmLabel={t(`reports.action.${pending.action}`)}
          reason={{ required: true }}
          onConfirm={async ({ reason }) => {
            await resolve.mutateAsync({ targetType: pending.group.targetType, targetId: pending.group.targetId, action: pending.action, reason });
            toast.success(t('reports.resolved'));
            setPending(null);
          }}
        />
      )}
    </div>
  );
}
