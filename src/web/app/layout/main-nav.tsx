import { LogOut } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { UNREAD_POLL_DASHBOARD_MS } from '../../../common/constants';
import { buildPath, profilePathTo } from '../../../common/routes';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { unsentCount, useSession } from '../../lib/session';
import { ensureErrorTexts } from '../../i18n/i18n';
import { LocalizedNavLink } from '../../i18n/localized-link';
import { cn } from '../../ui/cn';

// The dialog (and the dialog library under it) is needed only when unsent messages wait, so it
// stays out of the first load.
const ConfirmDialog = lazy(() => import('../../ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

const LINK =
  'block rounded px-3 py-2 font-semibold text-ink no-underline transition-colors hover:bg-sunken aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4';

/** One page link of the navigation; `className` goes to the list item. */
function NavItem({ to, end, className, children }: { to: string; end?: boolean; className?: string; children: ReactNode }) {
  return (
    <li className={className}>
      <LocalizedNavLink to={to} end={end} className={LINK}>
        {children}
      </LocalizedNavLink>
    </li>
  );
}

/**
 * The main navigation: always Home, Spots, Artists and the gallery (in the language's own path);
 * logged in Dashboard, Profile and Log out;
 * logged out Login and Register. Rendered as a row in the header and as a column in the menu.
 */
export function MainNav({ layout, label }: { layout: 'row' | 'column'; label: string }) {
  const { t } = useTranslation();
  const { state, user, logout } = useSession();
  const list = layout === 'row' ? 'flex items-center gap-1 text-sm' : 'flex flex-col gap-1 text-base';
  // Account links stand apart from the page links: a rule beside them in the bar, above them in the menu.
  const separator = layout === 'row' ? 'ml-2 border-l border-line pl-2' : 'mt-2 border-t border-line pt-2';

  // The header shows the unread count on every page: the live stream keeps it current where it
  // is open, and the dashboard's poll interval is the fallback (paused while the tab is hidden).
  const unread = useUnreadCount(user?.id, { pollMs: UNREAD_POLL_DASHBOARD_MS, enabled: state === 'loggedIn' });
  const unreadCount = unread.data ?? 0;
  const [unsent, setUnsent] = useState(0);

  const doLogout = () =>
    logout().catch(async () => {
      const [{ toast }] = await Promise.all([import('sonner'), ensureErrorTexts()]);
      toast.error(t('errors:generic'));
    });
  // Logging out removes the local copies, unsent messages with them: ask first when there are any.
  const onLogout = () => {
    const count = user ? unsentCount(user.id) : 0;
    if (count > 0) setUnsent(count);
    else void doLogout();
  };

  return (
    <nav aria-label={label}>
      <ul className={list}>
        <NavItem to="/" end>{t('nav.home')}</NavItem>
        <NavItem to="/guestspots">{t('nav.spots')}</NavItem>
        <NavItem to="/tattooartists">{t('nav.artists')}</NavItem>
        <NavItem to={buildPath('gallery')}>{t('nav.gallery')}</NavItem>
        {state === 'loggedIn' && user && (
          <>
            <NavItem to="/dashboard" className={separator}>{t('nav.dashboard')}</NavItem>
            <NavItem to="/messages">
              <span className="inline-flex items-center gap-2">
                {t('nav.messages')}
                {unreadCount > 0 && (
                  <span className="min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-bold text-on-accent">
                    <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
                    <span className="sr-only">{t('nav.unread', { count: unreadCount })}</span>
                  </span>
                )}
              </span>
            </NavItem>
            <NavItem to={profilePathTo(user.username)} end>{t('nav.profile')}</NavItem>
            <li>
              <button type="button" onClick={onLogout} className={cn(LINK, 'inline-flex w-full items-center gap-2')}>
                <LogOut aria-hidden="true" className="size-4" />
                {t('nav.logout')}
              </button>
            </li>
          </>
        )}
        {state === 'loggedOut' && (
          <>
            <NavItem to="/login" className={separator}>{t('nav.login')}</NavItem>
            <li>
              <LocalizedNavLink
                to="/register"
                className={cn(LINK, 'border border-line-strong', layout === 'column' && 'text-center')}
              >
                {t('nav.register')}
              </LocalizedNavLink>
            </li>
          </>
        )}
      </ul>
      {unsent > 0 && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onClose={() => setUnsent(0)}
            onConfirm={doLogout}
            texts={{
              title: t('nav.logoutTitle'),
              text: t('nav.logoutText', { count: unsent }),
              confirm: t('nav.logoutConfirm'),
              cancel: t('nav.logoutCancel'),
              close: t('nav.close'),
              failed: t('error.title'),
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
