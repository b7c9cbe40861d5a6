import { Users } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { formatDate } from '../../../../common/format';
import { ADMIN_NOTE_MAX, ADMIN_USER_REASON_MIN, type AdminUserDetail, type AdminUserListItem } from '../../../../common/schemas/admin-users';
import { isNotFound } from '../../../lib/api';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useLanguage, useLocalizedPath } from '../../../i18n/language';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from '../../../routing';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Select, TextArea, TextField } from '../../../ui/field';
import { LoadMoreButton } from '../../../ui/load-more';
import { PageHeader } from '../../../ui/page-header';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';
import { ConfirmAction } from '../ui/confirm-action';
import { useAdminUser, useAdminUsers, useUserActions, type UserFilters } from './users-api';

const NS = ['adminUsers', 'admin'] as const;

/** /admin/users and /admin/users/{id}: the searchable list, or one account with its actions. */
export default function UsersScreen({ id }: { id?: string }) {
  const userId = id === undefined ? null : Number(id);
  if (userId !== null) return <UserDetailView key={userId} id={Number.isSafeInteger(userId) && userId > 0 ? userId : 0} />;
  return <UserList />;
}

function StatusBadge({ user }: { user: AdminUserListItem }) {
  const { t } = useTranslation(NS);
  return user.suspension ? <Badge tone="danger">{t('status.suspended')}</Badge> : <Badge tone="success">{t('status.active')}</Badge>;
}

type Draft = { q: string; userType: string; role: string; status: string };
const EMPTY: Draft = { q: '', userType: '', role: '', status: '' };

function filtersOf(draft: Draft): UserFilters {
  const filters: UserFilters = {};
  if (draft.q.trim()) filters.q = draft.q.trim();
  if (draft.userType === 'artist' || draft.userType === 'studio') filters.userType = draft.userType;
  if (draft.role === 'user' || draft.role === 'admin') filters.role = draft.role;
  if (draft.status === 'active' || draft.status === 'suspended') filters.status = draft.status;
  return filters;
}

function UserList() {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<UserFilters>({});
  const users = useAdminUsers(filters);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const filtered = Object.keys(filters).length > 0;
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((was) => ({ ...was, [key]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft));
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title={t('title')} intro={t('intro')} />
      <form onSubmit={apply} aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
        <TextField label={t('filters.search')} type="search" placeholder={t('filters.searchPlaceholder')} value={draft.q} onChange={set('q')} />
        <Select
          label={t('filters.type')}
          placeholder={t('filters.any')}
          value={draft.userType}
          onChange={set('userType')}
          options={[
            { value: 'artist', label: t('type.artist') },
            { value: 'studio', label: t('type.studio') },
          ]}
        />
        <Select
          label={t('filters.role')}
          placeholder={t('filters.any')}
          value={draft.role}
          onChange={set('role')}
          options={[
            { value: 'user', label: t('role.user') },
            { value: 'admin', label: t('role.admin') },
          ]}
        />
        <Select
          label={t('filters.status')}
          placeholder={t('filters.any')}
          value={draft.status}
          onChange={set('status')}
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'suspended', label: t('status.suspended') },
          ]}
        />
        <div className="flex gap-2">
          <Button type="submit">{t('filters.apply')}</Button>
          {filtered && (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(EMPTY);
                setFilters({});
              }}
            >
              {t('filters.clear')}
            </Button>
          )}
        </div>
      </form>
      {users.isError && !users.data ? (
        <QueryErrorAlert query={users} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />
      ) : !users.data ? (
        <LoadingShape label={t('admin:layout.loading')} className="space-y-3">
          <SkeletonLines lines={['h-14 w-full', 'h-14 w-full', 'h-14 w-full']} />
        </LoadingShape>
      ) : rows.length === 0 ? (
        <EmptyState icon={<Users />} title={filtered ? t('list.noneFiltered') : t('list.none')} />
      ) : (
        <>
          <Card>
            <ul className="divide-y divide-line" aria-busy={users.isFetching && !users.isFetchingNextPage}>
              {rows.map((user) => (
                <li key={user.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
                  <div className="min-w-0">
                    <LocalizedLink to={`/admin/users/${user.id}`} className="font-semibold underline-offset-2 hover:underline">
                      {user.name} <span className="text-ink-muted">@{user.username}</span>
                    </LocalizedLink>
                    <p className="truncate text-ink-muted">{user.email}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge>{t(`type.${user.userType}`)}</Badge>
                    {user.role === 'admin' && <Badge tone="featured">{t('role.admin')}</Badge>}
                    <StatusBadge user={user} />
                    <span className="text-ink-muted tabular-nums">{t('list.joined', { date: formatDate(user.createdAt, lang) })}</span>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          {users.isError && <QueryErrorAlert query={users} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />}
          <LoadMoreButton query={users} label={t('list.more')} />
        </>
      )}
    </div>
  );
}

type Dialog = 'suspend' | 'unsuspend' | 'role' | 'warn' | 'delete' | null;

function UserDetailView({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const user = useAdminUser(id);
  if (user.isError) {
    return isNotFound(user.error) ? (
      <div className="mx-auto max-w-3xl space-y-4">
        <Alert tone="error">{t('detail.notFound')}</Alert>
        <LocalizedLink to="/admin/users" className="underline">
          {t('detail.back')}
        </LocalizedLink>
      </div>
    ) : (
      <QueryErrorAlert query={user} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />
    );
  }
  if (!user.data) {
    return (
      <LoadingShape label={t('admin:layout.loading')} className="space-y-3">
        <SkeletonLines lines={['h-8 w-1/2', 'h-24 w-full', 'h-24 w-full']} />
      </LoadingShape>
    );
  }
  return <UserDetail user={user.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const actions = useUserActions(user.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [until, setUntil] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const close = () => {
    setDialog(null);
    setUntil('');
    setPassword('');
  };
  const who = `${user.name} (@${user.username})`;
  const newRole = user.role === 'admin' ? 'user' : 'admin';
  const reasonRule = { required: true, hint: t('actions.reasonRule', { min: ADMIN_USER_REASON_MIN }) };
  const passwordField = (
    <TextField label={t('actions.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
  );

  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    setNoteError(null);
    try {
      await actions.note.mutateAsync({ body: note.trim() });
      setNote('');
    } catch (err) {
      setNoteError(err instanceof Error ? err.message : t('admin:confirm.failed'));
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <LocalizedLink to="/admin/users" className="text-sm underline">
        {t('detail.back')}
      </LocalizedLink>
      <PageHeader
        title={who}
        intro={
          <span className="flex flex-wrap items-center gap-2">
            <span>{user.email}</span>
            <Badge>{t(`type.${user.userType}`)}</Badge>
            <Badge tone={user.role === 'admin' ? 'featured' : 'neutral'}>{t(`role.${user.role}`)}</Badge>
            <StatusBadge user={user} />
          </span>
        }
      />
      {user.suspension && (
        <Alert tone="error">
          {user.suspension.until
            ? t('detail.suspendedUntil', { date: formatDate(user.suspension.until, lang) })
            : t('detail.suspendedOpen')}{' '}
          {user.suspension.reason && t('detail.suspensionReason', { reason: user.suspension.reason })}
        </Alert>
      )}

      <section aria-labelledby="user-actions" className="space-y-3">
        <h2 id="user-actions" className="text-xl font-bold">
          {t('actions.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {user.suspension ? (
            <Button onClick={() => setDialog('unsuspend')}>{t('actions.unsuspend')}</Button>
          ) : (
            <Button onClick={() => setDialog('suspend')}>{t('actions.suspend')}</Button>
          )}
          <Button onClick={() => setDialog('warn')}>{t('actions.warn')}</Button>
          <Button onClick={() => setDialog('role')}>{newRole === 'admin' ? t('actions.makeAdmin') : t('actions.makeUser')}</Button>
          <Button onClick={() => setDialog('delete')}>
            {t('actions.delete')}
          </Button>
        </div>
      </section>

      <section aria-labelledby="user-counts" className="space-y-3">
        <h2 id="user-counts" className="text-xl font-bold">
          {t('detail.counts')}
        </h2>
        <Card className="p-4">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Fact label={t('counts.listings')}>{user.counts.listings}</Fact>
            <Fact label={t('counts.galleryImages')}>{user.counts.galleryImages}</Fact>
            <Fact label={t('counts.reviewsWritten')}>{user.counts.reviewsWritten}</Fact>
            <Fact label={t('counts.reviewsReceived')}>{user.counts.reviewsReceived}</Fact>
            <Fact label={t('counts.messagesSent')}>{user.counts.messagesSent}</Fact>
            <Fact label={t('counts.reportsAgainst')}>{user.counts.reportsAgainst}</Fact>
            <Fact label={t('counts.warnings')}>{user.counts.warnings}</Fact>
            <Fact label={t('counts.joined')}>{formatDate(user.createdAt, lang)}</Fact>
          </dl>
        </Card>
      </section>

      <section aria-labelledby="user-notes" className="space-y-3">
        <h2 id="user-notes" className="text-xl font-bold">
          {t('notes.title')}
        </h2>
        <form onSubmit={addNote} className="space-y-2">
          <TextArea label={t('notes.new')} hint={t('notes.hint')} rows={3} maxLength={ADMIN_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
          {noteError && <Alert tone="error">{noteError}</Alert>}
          <Button type="submit" disabled={note.trim() === ''} loading={actions.note.isPending}>
            {t('notes.add')}
          </Button>
        </form>
        {user.notes.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('notes.none')}</p>
        ) : (
          <Card>
            <ul className="divide-y divide-line">
              {user.notes.map((n) => (
                <li key={n.id} className="space-y-1 px-4 py-3 text-sm">
                  <p className="whitespace-pre-line">{n.body}</p>
                  <p className="text-ink-muted">{t('byLine', { admin: n.admin?.username ?? t('admin:audit.deletedAdmin'), date: formatDate(n.createdAt, lang) })}</p>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </section>

      <section aria-labelledby="user-warnings" className="space-y-3">
        <h2 id="user-warnings" className="text-xl font-bold">
          {t('warnings.title')}
        </h2>
        {user.warnings.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('warnings.none')}</p>
        ) : (
          <Card>
            <ul className="divide-y divide-line">
              {user.warnings.map((w) => (
                <li key={w.id} className="space-y-1 px-4 py-3 text-sm">
                  <p>{w.reason}</p>
                  <p className="text-ink-muted">{t('byLine', { admin: w.admin?.username ?? t('admin:audit.deletedAdmin'), date: formatDate(w.createdAt, lang) })}</p>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </section>

      <section aria-labelledby="user-audit" className="space-y-3">
        <h2 id="user-audit" className="text-xl font-bold">
          {t('audit.title')}
        </h2>
        {user.audit.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('audit.none')}</p>
        ) : (
          <Card>
            <ol className="divide-y divide-line">
              {user.audit.map((entry) => (
                <li key={entry.id} className="space-y-1 px-4 py-3 text-sm">
                  <p>
                    <code className="rounded bg-sunken px-1.5 py-0.5 text-xs">{entry.action}</code>{' '}
                    <span className="text-ink-muted">{t('byLine', { admin: entry.admin?.username ?? t('admin:audit.deletedAdmin'), date: formatDate(entry.createdAt, lang) })}</span>
                  </p>
                  {entry.reason && <p>{entry.reason}</p>}
                </li>
              ))}
            </ol>
          </Card>
        )}
      </section>

      <ConfirmAction
        open={dialog === 'suspend'}
        onClose={close}
        title={t('suspend.title', { name: who })}
        consequence={t('suspend.consequence')}
        confirmLabel={t('actions.suspend')}
        reason={reasonRule}
        onConfirm={({ reason }) => actions.suspend.mutateAsync({ reason, ...(until ? { until: new Date(until).toISOString() } : {}) })}
      >
        <TextField label={t('suspend.until')} labelSuffix={t('admin:confirm.optional')} hint={t('suspend.untilHint')} type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
      </ConfirmAction>
      <ConfirmAction
        open={dialog === 'unsuspend'}
        onClose={close}
        title={t('unsuspend.title', { name: who })}
        consequence={t('unsuspend.consequence')}
        confirmLabel={t('actions.unsuspend')}
        reason={{ required: false }}
        onConfirm={({ reason }) => actions.unsuspend.mutateAsync(reason ? { reason } : {})}
      />
      <ConfirmAction
        open={dialog === 'warn'}
        onClose={close}
        title={t('warn.title', { name: who })}
        consequence={t('warn.consequence')}
        confirmLabel={t('actions.warn')}
        reason={{ ...reasonRule, label: t('warn.reason') }}
        onConfirm={({ reason }) => actions.warn.mutateAsync({ reason })}
      />
      <ConfirmAction
        open={dialog === 'role'}
        onClose={close}
        title={newRole === 'admin' ? t('role.makeAdminTitle', { name: who }) : t('role.makeUserTitle', { name: who })}
        consequence={newRole === 'admin' ? t('role.makeAdminConsequence') : t('role.makeUserConsequence')}
        confirmLabel={newRole === 'admin' ? t('actions.makeAdmin') : t('actions.makeUser')}
        reason={{ required: false }}
        ready={password !== ''}
        onConfirm={({ reason }) => actions.role.mutateAsync({ role: newRole, password, ...(reason ? { reason } : {}) })}
      >
        {passwordField}
      </ConfirmAction>
      <ConfirmAction
        open={dialog === 'delete'}
        onClose={close}
        title={t('delete.title', { name: who })}
        consequence={t('delete.consequence')}
        confirmLabel={t('actions.delete')}
        reason={reasonRule}
        typeToConfirm={user.username}
        ready={password !== ''}
        onConfirm={async ({ reason }) => {
          await actions.remove.mutateAsync({ reason, password });
          void navigate(localize('/admin/users'));
        }}
      >
        {passwordField}
      </ConfirmAction>
    </div>
  );
}
