import { useState, type FormEvent } from 'react';
import { ArrowLeft, Inbox, Mail } from 'lucide-react';
import { isLanguage, LANGUAGE_NAMES, LOCALES, type Language } from '../../../../common/languages';
import {
  CONTACT_REPLY_BODY_MAX,
  CONTACT_REPLY_SUBJECT_MAX,
  CONTACT_STATES,
  type ContactListItem,
  type ContactMessageDetail,
  type ContactState,
} from '../../../../common/schemas/admin-inbox';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useTranslation } from '../../../i18n/react';
import { isNotFound } from '../../../lib/api';
import { Alert } from '../../../ui/alert';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/empty-state';
import { Select, TextArea, TextField } from '../../../ui/field';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { ConfirmAction } from '../ui/confirm-action';
import { useContactList, useContactMessage, useDeleteContact, useReplyToContact, useSetContactStatus, type ContactFilters } from './contact-api';

const NAMESPACES = ['adminInbox', 'admin'] as const;

const STATUS_TONE: Record<ContactState, BadgeTone> = { new: 'featured', appeal: 'danger', read: 'neutral', answered: 'success', closed: 'neutral', spam: 'danger' };

function useDateTime() {
  const lang = useLanguage();
  const format = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

function StatusBadge({ status }: { status: ContactState }) {
  const { t } = useTranslation(NAMESPACES);
  return <Badge tone={STATUS_TONE[status]}>{t(`adminInbox:contact.status.${status}`)}</Badge>;
}

/** The contact inbox: a filterable list beside the open message (`/admin/contact/{id}`). */
export default function ContactScreen({ id }: { id?: string }) {
  const { t } = useTranslation(NAMESPACES);
  const [filters, setFilters] = useState<ContactFilters>({});
  const [search, setSearch] = useState('');
  const selected = id && /^\d+$/.test(id) ? Number(id) : null;

  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    setFilters((f) => ({ ...f, q: search.trim() || undefined }));
  };

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('adminInbox:contact.title')}</h1>
        <p className="max-w-[70ch] text-ink-muted">{t('adminInbox:contact.intro')}</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <section aria-label={t('adminInbox:contact.list')} className={cn('min-w-0 space-y-4', selected !== null && 'max-lg:hidden')}>
          <div role="group" aria-label={t('adminInbox:contact.filters')} className="flex flex-wrap gap-2">
            {(['all', ...CONTACT_STATES] as const).map((status) => {
              const active = (filters.status ?? 'all') === status;
              return (
                <Button
                  key={status}
                  size="sm"
                  variant={active ? 'primary' : 'secondary'}
                  aria-pressed={active}
                  onClick={() => setFilters((f) => ({ ...f, status: status === 'all' ? undefined : status }))}
                >
                  {t(`adminInbox:contact.status.${status}`)}
                </Button>
              );
            })}
          </div>
          <form role="search" onSubmit={applySearch} className="flex items-end gap-2">
            <div className="flex-1">
              <TextField label={t('adminInbox:contact.search')} type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
            </div>
            <Button type="submit">{t('adminInbox:contact.searchButton')}</Button>
          </form>
          <MessageList filters={filters} selected={selected} />
        </section>
        <section aria-live="polite" className="min-w-0">
          {selected === null ? (
            <p className="max-lg:hidden text-ink-muted">{t('adminInbox:contact.pick')}</p>
          ) : (
            <MessageView key={selected} id={selected} />
          )}
        </section>
      </div>
    </div>
  );
}

function MessageList({ filters, selected }: { filters: ContactFilters; selected: number | null }) {
  const { t } = useTranslation(NAMESPACES);
  const when = useDateTime();
  const list = useContactList(filters);
  if (list.isError && !list.data) return <QueryErrorAlert query={list} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />;
  if (!list.data)
    return (
      <LoadingShape label={t('admin:layout.loading')} className="space-y-3">
        <SkeletonLines lines={['h-16 w-full', 'h-16 w-full', 'h-16 w-full']} />
      </LoadingShape>
    );
  const messages: ContactListItem[] = list.data.pages.flatMap((p) => p.messages);
  if (messages.length === 0) {
    const filtered = filters.status !== undefined || filters.q !== undefined;
    return (
      <EmptyState
        icon={<Inbox aria-hidden="true" />}
        title={filtered ? t('adminInbox:contact.emptyFiltered') : t('adminInbox:contact.empty')}
        description={filtered ? undefined : t('adminInbox:contact.emptyText')}
      />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-line rounded border border-line">
        {messages.map((m) => (
          <li key={m.id}>
            <LocalizedLink
              to={`/admin/contact/${m.id}`}
              aria-current={m.id === selected ? 'page' : undefined}
              className={cn('block space-y-1 px-3 py-2 hover:bg-sunken focus-visible:bg-sunken', m.id === selected && 'bg-sunken')}
            >
              <span className="flex items-center justify-between gap-2">
                <span className={cn('truncate', (m.status === 'new' || m.status === 'appeal') && 'font-bold')}>{m.name}</span>
                <StatusBadge status={m.status} />
              </span>
              <span className="block truncate text-sm">{m.subject || t('adminInbox:contact.noSubject')}</span>
              <span className="block truncate text-sm text-ink-muted">{m.excerpt}</span>
              <span className="block text-xs text-ink-muted">
                {when(m.createdAt)}
                {m.replyCount > 0 && ` · ${t('adminInbox:contact.replyCount', { count: m.replyCount })}`}
              </span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={list} label={t('adminInbox:contact.more')} />
    </div>
  );
}

function MessageView({ id }: { id: number }) {
  const { t } = useTranslation(NAMESPACES);
  const when = useDateTime();
  const message = useContactMessage(id);
  const setStatus = useSetContactStatus();
  const remove = useDeleteContact();
  const [deleting, setDeleting] = useState(false);
  const [gone, setGone] = useState(false);

  const back = (
    <LocalizedLink to="/admin/contact" className="inline-flex items-center gap-1 text-sm underline lg:hidden">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('adminInbox:contact.back')}
    </LocalizedLink>
  );
  if (gone || (message.isError && isNotFound(message.error)))
    return (
      <div className="space-y-3">
        {back}
        <Alert tone="info">{gone ? t('adminInbox:contact.delete.done') : t('adminInbox:contact.notFound')}</Alert>
      </div>
    );
  if (message.isError) return <QueryErrorAlert query={message} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />;
  const m = message.data;
  if (!m)
    return (
      <LoadingShape label={t('admin:layout.loading')} className="space-y-3">
        <SkeletonLines lines={['h-8 w-1/2', 'h-4 w-full', 'h-4 w-5/6', 'h-32 w-full']} />
      </LoadingShape>
    );

  const changeStatus = (status: ContactState) =>
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () => toast.success(t('adminInbox:contact.statusSaved')),
        onError: (err) => toast.error(err.message),
      },
    );

  return (
    <article className="space-y-5" aria-labelledby="contact-subject">
      {back}
      <Card className="space-y-4 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="contact-subject" className="text-xl font-bold break-words">
            {m.subject || t('adminInbox:contact.noSubject')}
          </h2>
          <StatusBadge status={m.status} />
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-ink-muted">{t('adminInbox:contact.from')}</dt>
          <dd className="break-all">
            {m.name} &lt;<a className="underline" href={`mailto:${m.email}`}>{m.email}</a>&gt;
          </dd>
          <dt className="text-ink-muted">{t('adminInbox:contact.account')}</dt>
          <dd>
            {m.user ? (
              <LocalizedLink className="underline" to={`/admin/users/${m.user.id}`}>
                {m.user.username}
              </LocalizedLink>
            ) : (
              t('adminInbox:contact.noAccount')
            )}
          </dd>
          {m.appeal && (
            <>
              <dt className="text-ink-muted">{t('adminInbox:contact.status.appeal')}</dt>
              <dd>
                {t('adminInbox:contact.appeal', { date: when(m.appeal.suspendedAt) })}
                {m.user && (
                  <>
                    {' · '}
                    <LocalizedLink className="underline" to={`/admin/users/${m.user.id}`}>
                      {t('adminInbox:contact.appealAccount')}
                    </LocalizedLink>
                  </>
                )}
              </dd>
            </>
          )}
          <dt className="text-ink-muted">{t('adminInbox:contact.received')}</dt>
          <dd>{when(m.createdAt)}</dd>
          <dt className="text-ink-muted">{t('adminInbox:contact.language')}</dt>
          <dd>{isLanguage(m.language) ? LANGUAGE_NAMES[m.language] : m.language}</dd>
        </dl>
        <div>
          <h3 className="sr-only">{t('adminInbox:contact.message')}</h3>
          <p className="whitespace-pre-wrap break-words">{m.message}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={t('adminInbox:contact.statusLabel')}
            value={m.status}
            disabled={setStatus.isPending}
            onChange={(e) => changeStatus(e.target.value as ContactState)}
            options={CONTACT_STATES.map((s) => ({ value: s, label: t(`adminInbox:contact.status.${s}`) }))}
          />
          <Button onClick={() => setDeleting(true)}>{t('adminInbox:contact.delete.button')}</Button>
        </div>
      </Card>

      {m.replies.length > 0 && (
        <section aria-labelledby="contact-replies" className="space-y-3">
          <h3 id="contact-replies" className="text-lg font-bold">
            {t('adminInbox:contact.replies')}
          </h3>
          <ul className="space-y-3">
            {m.replies.map((r) => (
              <li key={r.id}>
                <Card className="space-y-2 p-4">
                  <p className="font-semibold break-words">{r.subject}</p>
                  <p className="text-xs text-ink-muted">{t('adminInbox:contact.replyBy', { admin: r.admin?.username ?? t('adminInbox:contact.deletedAdmin'), date: when(r.createdAt) })}</p>
                  <p className="whitespace-pre-wrap break-words text-sm">{r.body}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ReplyForm message={m} />

      <ConfirmAction
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('adminInbox:contact.delete.title', { name: m.name })}
        consequence={t('adminInbox:contact.delete.consequence', { email: m.email })}
        confirmLabel={t('adminInbox:contact.delete.confirm')}
        reason={{ required: true }}
        onConfirm={async ({ reason }) => {
          await remove.mutateAsync({ id, reason });
          setGone(true);
          toast.success(t('adminInbox:contact.delete.done'));
        }}
      />
    </article>
  );
}

function ReplyForm({ message }: { message: ContactMessageDetail }) {
  const { t } = useTranslation(NAMESPACES);
  const reply = useReplyToContact();
  const language: Language | null = isLanguage(message.language) ? message.language : null;
  const [subject, setSubject] = useState(() => t('adminInbox:contact.reply.prefix', { subject: message.subject || t('adminInbox:contact.noSubject') }).slice(0, CONTACT_REPLY_SUBJECT_MAX));
  const [body, setBody] = useState('');

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !body.trim()) return;
    reply.mutate(
      { id: message.id, subject: subject.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          toast.success(t('adminInbox:contact.reply.sent'));
        },
      },
    );
  };

  return (
    <section aria-labelledby="contact-reply" className="space-y-3">
      <h3 id="contact-reply" className="flex items-center gap-2 text-lg font-bold">
        <Mail aria-hidden="true" className="size-5" />
        {t('adminInbox:contact.reply.title')}
      </h3>
      <p className="text-sm text-ink-muted">
        {t('adminInbox:contact.reply.hint', { email: message.email, language: language ? LANGUAGE_NAMES[language] : message.language })}
      </p>
      <form onSubmit={send} className="space-y-3">
        <TextField label={t('adminInbox:contact.reply.subject')} value={subject} maxLength={CONTACT_REPLY_SUBJECT_MAX} required onChange={(e) => setSubject(e.target.value.replace(/[\r\n]/g, ' '))} />
        <TextArea label={t('adminInbox:contact.reply.body')} value={body} rows={8} maxLength={CONTACT_REPLY_BODY_MAX} required onChange={(e) => setBody(e.target.value)} />
        {reply.isError && <Alert tone="error">{reply.error.message}</Alert>}
        <Button type="submit" variant="primary" loading={reply.isPending} disabled={!subject.trim() || !body.trim()}>
          {t('adminInbox:contact.reply.send')}
        </Button>
      </form>
    </section>
  );
}
