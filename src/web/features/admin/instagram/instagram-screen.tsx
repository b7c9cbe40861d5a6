import { useState } from 'react';
import { CalendarDays, Copy, Download, List, Megaphone } from 'lucide-react';
import { isInstagramUrl, PROMOTION_LIST_STATUSES, type PromotionRequest } from '../../../../common/schemas/admin-money';
import { PROMOTION_PRODUCTS } from '../../../../common/schemas/payments';
import { useTranslation } from '../../../i18n/react';
import { Badge } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Select, TextField } from '../../../ui/field';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { useMoneyFormat } from '../premium/money-format';
import { ConfirmAction } from '../ui/confirm-action';
import { usePromotionRequests, useRequestActions, type RequestFilters } from './instagram-api';

const NAMESPACES = ['adminMoney', 'admin'] as const;
const DAY_MS = 86_400_000;

/** The caption as it is posted: the text, then the hashtags with their '#'. */
export function captionWithHashtags(post: PromotionRequest['post']): string {
  const tags = post.hashtags.map((tag) => `#${tag}`).join(' ');
  return [post.caption.trim(), tags].filter(Boolean).join('\n\n');
}

/** A datetime-local value (the admin's own time zone) as ISO 8601 with that zone's offset. */
export function localInputToIso(value: string): string | null {
  const date = new Date(value);
  if (!value || Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${value.length === 16 ? `${value}:00` : value}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** Monday 00:00 (local time) of the week holding `date`. */
function weekStart(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

/** The Instagram promotion requests: a list by planned time and a week view, each with publish, reschedule and reject. */
export default function InstagramScreen() {
  const { t } = useTranslation(NAMESPACES);
  const [filters, setFilters] = useState<RequestFilters>({ status: 'open' });
  const [view, setView] = useState<'list' | 'week'>('list');
  const list = usePromotionRequests(filters);
  const requests = list.data?.pages.flatMap((p) => p.requests) ?? [];

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('adminMoney:instagram.title')}</h1>
        <p className="max-w-[70ch] text-ink-muted">{t('adminMoney:instagram.intro')}</p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t('adminMoney:instagram.statusFilter')} className="flex gap-2">
          {PROMOTION_LIST_STATUSES.map((status) => (
            <Button key={status} size="sm" variant={filters.status === status ? 'primary' : 'secondary'} aria-pressed={filters.status === status} onClick={() => setFilters((f) => ({ ...f, status }))}>
              {t(`adminMoney:instagram.status.${status}`)}
            </Button>
          ))}
        </div>
        <Select
          label={t('adminMoney:instagram.type')}
          placeholder={t('adminMoney:ledger.any')}
          value={filters.type ?? ''}
          onChange={(event) => {
            const type = PROMOTION_PRODUCTS.find((p) => p === event.target.value);
            setFilters((f) => ({ ...f, type }));
          }}
          options={PROMOTION_PRODUCTS.map((p) => ({ value: p, label: t(`adminMoney:products.${p}`) }))}
        />
        <div role="group" aria-label={t('adminMoney:instagram.view')} className="flex gap-2">
          <Button size="sm" variant={view === 'list' ? 'primary' : 'secondary'} aria-pressed={view === 'list'} onClick={() => setView('list')}>
            <List aria-hidden="true" className="size-4" />
            {t('adminMoney:instagram.listView')}
          </Button>
          <Button size="sm" variant={view === 'week' ? 'primary' : 'secondary'} aria-pressed={view === 'week'} onClick={() => setView('week')}>
            <CalendarDays aria-hidden="true" className="size-4" />
            {t('adminMoney:instagram.weekView')}
          </Button>
        </div>
      </div>
      {list.isError && !list.data ? (
        <QueryErrorAlert query={list} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />
      ) : !list.data ? (
        <LoadingShape label={t('admin:layout.loading')}>
          <SkeletonLines lines={['h-24 w-full', 'h-24 w-full']} />
        </LoadingShape>
      ) : requests.length === 0 ? (
        <EmptyState icon={<Megaphone aria-hidden="true" />} title={t('adminMoney:instagram.empty')} />
      ) : view === 'list' ? (
        <ul className="space-y-3">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      ) : (
        <WeekView requests={requests} />
      )}
      <LoadMoreButton query={list} label={t('adminMoney:more')} />
    </div>
  );
}

function WeekView({ requests }: { requests: PromotionRequest[] }) {
  const { t } = useTranslation(NAMESPACES);
  const [start, setStart] = useState(() => weekStart(new Date()));
  const { locale } = useMoneyFormat();
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const days = Array.from({ length: 7 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i));
  const shift = (weeks: number) => setStart((s) => new Date(s.getFullYear(), s.getMonth(), s.getDate() + weeks * 7));

  return (
    <section aria-label={t('adminMoney:instagram.weekView')} className="space-y-3">
      <div className="flex items-center gap-2">
        <Button size="sm" onClick={() => shift(-1)}>
          {t('adminMoney:instagram.previousWeek')}
        </Button>
        <Button size="sm" onClick={() => setStart(weekStart(new Date()))}>
          {t('adminMoney:instagram.thisWeek')}
        </Button>
        <Button size="sm" onClick={() => shift(1)}>
          {t('adminMoney:instagram.nextWeek')}
        </Button>
      </div>
      <ol className="grid gap-2 md:grid-cols-7">
        {days.map((day) => {
          const end = day.getTime() + DAY_MS;
          const due = requests.filter((r) => r.post.plannedAt && Date.parse(r.post.plannedAt) >= day.getTime() && Date.parse(r.post.plannedAt) < end);
          return (
            <li key={day.toISOString()} className="min-h-24 rounded border border-line p-2">
              <h3 className="text-sm font-semibold">{dayName.format(day)}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {due.map((r) => (
                  <li key={r.id}>
                    {time.format(new Date(r.post.plannedAt ?? 0))} · {t(`adminMoney:products.${r.productType}`)} · @{r.user.username}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RequestCard({ request }: { request: PromotionRequest }) {
  const { t } = useTranslation(NAMESPACES);
  const { when } = useMoneyFormat();
  const actions = useRequestActions();
  const [dialog, setDialog] = useState<'publish' | 'reschedule' | 'reject' | null>(null);
  const [permalink, setPermalink] = useState('');
  const [plannedAt, setPlannedAt] = useState('');
  const who = `${request.user.name || request.user.username} (@${request.user.username})`;
  const product = t(`adminMoney:products.${request.productType}`);
  const caption = captionWithHashtags(request.post);
  const permalinkValid = isInstagramUrl(permalink.trim());
  const plannedIso = localInputToIso(plannedAt);
  const plannedValid = plannedIso !== null && Date.parse(plannedIso) > Date.now();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(caption);
      toast.success(t('adminMoney:instagram.copied'));
    } catch {
      toast.error(t('adminMoney:instagram.copyFailed'));
    }
  };

  return (
    <li>
      <Card className="flex flex-wrap gap-4 p-4">
        {request.post.media ? (
          <img src={request.post.media.thumbnailUrl} alt="" width={96} height={96} className="size-24 rounded object-cover" />
        ) : (
          <div className="flex size-24 items-center justify-center rounded bg-surface-muted text-sm text-ink-muted">{t('adminMoney:instagram.noMedia')}</div>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <p className="font-semibold">
            {product} · {who}{' '}
            {request.overdue && <Badge tone="danger">{t('adminMoney:instagram.overdue')}</Badge>}
            {request.status !== 'open' && <Badge tone={request.status === 'published' ? 'success' : 'neutral'}>{t(`adminMoney:instagram.status.${request.status}`)}</Badge>}
          </p>
          <p className="text-sm">{request.post.plannedAt ? t('adminMoney:instagram.plannedAt', { date: when(request.post.plannedAt) }) : t('adminMoney:instagram.noDate')}</p>
          <p className="text-sm whitespace-pre-line text-ink-muted">{caption || t('adminMoney:instagram.noCaption')}</p>
          {request.permalink && (
            <a className="text-sm underline" href={request.permalink} target="_blank" rel="noopener noreferrer">
              {t('adminMoney:instagram.viewPost')}
            </a>
          )}
          {request.reason && <p className="text-sm">{t('adminMoney:instagram.reason', { reason: request.reason })}</p>}
          <div className="flex flex-wrap gap-2">
            {request.post.media && (
              <a className={buttonClasses({ size: 'sm' })} href={request.post.media.url} download>
                <Download aria-hidden="true" className="size-4" />
                {t('adminMoney:instagram.download')}
              </a>
            )}
            <Button size="sm" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {t('adminMoney:instagram.copy')}
            </Button>
            {request.status === 'open' && (
              <>
                <Button size="sm" variant="primary" onClick={() => setDialog('publish')}>
                  {t('adminMoney:instagram.publish')}
                </Button>
                <Button size="sm" onClick={() => setDialog('reschedule')}>
                  {t('adminMoney:instagram.reschedule')}
                </Button>
                <Button size="sm" onClick={() => setDialog('reject')}>
                  {t('adminMoney:instagram.reject')}
                </Button>
              </>
            )}
          </div>
        </div>
      </Card>
      <ConfirmAction
        open={dialog === 'publish'}
        onClose={() => setDialog(null)}
        title={t('adminMoney:instagram.publishTitle', { product, user: who })}
        consequence={t('adminMoney:instagram.publishText')}
        confirmLabel={t('adminMoney:instagram.publish')}
        ready={permalinkValid}
        onConfirm={async () => {
          await actions.publish.mutateAsync({ id: request.id, permalink: permalink.trim() });
          toast.success(t('adminMoney:instagram.published'));
        }}
      >
        <TextField
          label={t('adminMoney:instagram.permalink')}
          type="url"
          placeholder="https://www.instagram.com/p/…"
          value={permalink}
          onChange={(event) => setPermalink(event.target.value)}
          error={permalink.trim() !== '' && !permalinkValid ? t('adminMoney:instagram.permalinkInvalid') : undefined}
        />
      </ConfirmAction>
      <ConfirmAction
        open={dialog === 'reschedule'}
        onClose={() => setDialog(null)}
        title={t('adminMoney:instagram.rescheduleTitle', { product, user: who })}
        consequence={t('adminMoney:instagram.rescheduleText')}
        confirmLabel={t('adminMoney:instagram.reschedule')}
        ready={plannedValid}
        onConfirm={async () => {
          if (!plannedIso) return;
          await actions.reschedule.mutateAsync({ id: request.id, plannedAt: plannedIso });
          toast.success(t('adminMoney:instagram.rescheduled'));
        }}
      >
        <TextField
          label={t('adminMoney:instagram.newTime')}
          type="datetime-local"
          value={plannedAt}
          onChange={(event) => setPlannedAt(event.target.value)}
          error={plannedAt !== '' && !plannedValid ? t('adminMoney:instagram.timePast') : undefined}
        />
      </ConfirmAction>
      <ConfirmAction
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        title={t('adminMoney:instagram.rejectTitle', { product, user: who })}
        consequence={t('adminMoney:instagram.rejectText')}
        confirmLabel={t('adminMoney:instagram.reject')}
        reason={{ required: true, hint: t('adminMoney:instagram.rejectHint') }}
        onConfirm={async ({ reason }) => {
          await actions.reject.mutateAsync({ id: request.id, reason });
          toast.success(t('adminMoney:instagram.rejected'));
        }}
      />
    </li>
  );
}
