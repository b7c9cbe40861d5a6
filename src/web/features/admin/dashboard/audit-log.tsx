import { ScrollText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AdminAuditEntry, AuditLogQuery } from '../../../../common/schemas/admin';
import { formatDate } from '../../../../common/format';
import { LOCALES } from '../../../../common/languages';
import { useLanguage } from '../../../i18n/language';
import { useTranslation } from '../../../i18n/react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { TextField } from '../../../ui/field';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';
import { useAuditLog } from '../api/admin-api';

type Filters = Omit<AuditLogQuery, 'cursor'>;
type FilterDraft = Record<keyof Filters, string>;

const EMPTY: FilterDraft = { adminId: '', action: '', targetType: '', targetId: '' };

/** The draft as the call's filters: empty fields left out, the admin's id as a number. */
function filtersOf(draft: FilterDraft): Filters {
  const filters: Filters = {};
  if (draft.adminId.trim()) filters.adminId = Number(draft.adminId.trim());
  if (draft.action.trim()) filters.action = draft.action.trim();
  if (draft.targetType.trim()) filters.targetType = draft.targetType.trim();
  if (draft.targetId.trim()) filters.targetId = draft.targetId.trim();
  return filters;
}

/** What the admins did, newest first, narrowed by admin, action or target; 50 at a time. */
export function AuditLog() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<FilterDraft>(EMPTY);
  const [filters, setFilters] = useState<Filters>({});
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.keys(filters).length > 0;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft));
  };
  const field = (key: keyof FilterDraft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((was) => ({ ...was, [key]: event.target.value })),
  });

  return (
    <section aria-labelledby="admin-audit" className="space-y-3">
      <h2 id="admin-audit" className="text-xl font-bold">
        {t('audit.title')}
      </h2>
      <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end" aria-label={t('audit.filters')}>
        <TextField label={t('audit.action')} placeholder="user.suspend" {...field('action')} />
        <TextField label={t('audit.targetType')} placeholder="user" {...field('targetType')} />
        <TextField label={t('audit.targetId')} {...field('targetId')} />
        <TextField label={t('audit.adminId')} inputMode="numeric" pattern="[0-9]*" {...field('adminId')} />
        <div className="flex gap-2">
          <Button type="submit" loading={log.isFetching && !log.isFetchingNextPage && filtered}>
            {t('audit.apply')}
          </Button>
          {filtered && (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(EMPTY);
                setFilters({});
              }}
            >
              {t('audit.clear')}
            </Button>
          )}
        </div>
      </form>
      {log.isError && !log.data ? (
        <QueryErrorAlert query={log} retryLabel={t('retry')} fallback={t('loadFailed')} />
      ) : !log.data ? (
        <LoadingShape label={t('layout.loading')} className="space-y-3">
          <SkeletonLines lines={['h-14 w-full', 'h-14 w-full', 'h-14 w-full']} />
        </LoadingShape>
      ) : entries.length === 0 ? (
        <EmptyState icon={<ScrollText />} title={filtered ? t('audit.noneFiltered') : t('audit.none')} description={filtered ? undefined : t('audit.noneText')} />
      ) : (
        <>
          <Card>
            <ol className="divide-y divide-line" aria-busy={log.isFetching && !log.isFetchingNextPage}>
              {entries.map((entry) => (
                <AuditItem key={entry.id} entry={entry} />
              ))}
            </ol>
          </Card>
          {log.isError && <QueryErrorAlert query={log} retryLabel={t('retry')} fallback={t('loadFailed')} />}
          <LoadMoreButton query={log} label={t('audit.more')} />
        </>
      )}
    </section>
  );
}

function AuditItem({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const time = new Intl.DateTimeFormat(LOCALES[lang], { hour: '2-digit', minute: '2-digit' }).format(new Date(entry.createdAt));
  const target = entry.targetId === null ? entry.targetType : `${entry.targetType} ${entry.targetId}`;
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p>
          <span className="font-semibold">{entry.admin?.username ?? t('audit.deletedAdmin')}</span>{' '}
          <code className="rounded bg-sunken px-1.5 py-0.5 text-xs">{entry.action}</code> <span className="text-ink-muted">{target}</span>
        </p>
        <time dateTime={entry.createdAt} className="text-ink-muted tabular-nums">
          {formatDate(entry.createdAt, lang)} {time}
        </time>
      </div>
      {entry.reason && (
        <p>
          <span className="text-ink-muted">{t('audit.reason')}:</span> {entry.reason}
        </p>
      )}
      {entry.details && (
        <details>
          <summary className="cursor-pointer text-ink-muted">{t('audit.details')}</summary>
          <pre className="mt-1 overflow-x-auto rounded bg-sunken p-2 text-xs">{JSON.stringify(entry.details, null, 2)}</pre>
        </details>
      )}
    </li>
  );
}
