import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../../common/constants';
import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSession } from '../../../lib/session';
import { useLocation } from '../../../routing';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import type { AdminSection } from '../sections';
import { Sidebar } from './sidebar';

const NAV_ID = 'admin-nav';

/**
 * The frame of every admin screen in place of the site's header and footer: the sidebar, a
 * header with the admin's name and logout, and the section in `main` (the id the app moves
 * focus to after a navigation). At 768 px and below the sidebar folds behind a menu button.
 */
export function AdminLayout({ current, children }: { current: AdminSection; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // Following a link in the folded menu closes it.
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const onLogout = () => {
    logout().catch(() => toast.error(t('layout.logoutFailed')));
  };

  return (
    <div className="min-h-dvh bg-paper text-ink min-[769px]:flex" onKeyDown={onKeyDown}>
      {/* The admin area is nothing a search engine should list. */}
      <meta name="robots" content="noindex" />
      {/* A landmark of its own, so the area's name above the navigation is inside one too. */}
      <aside
        id={NAV_ID}
        ref={navRef}
        aria-label={t('layout.area')}
        className={`${open ? 'block' : 'hidden'} border-b border-line bg-surface min-[769px]:block min-[769px]:w-64 min-[769px]:shrink-0 min-[769px]:border-r min-[769px]:border-b-0`}
      >
        <div className="hidden px-4 pt-5 pb-3 min-[769px]:block">
          <p className="text-lg font-extrabold tracking-tight">{PRODUCT_NAME}</p>
          <p className="text-sm text-ink-muted">{t('layout.area')}</p>
        </div>
        <Sidebar current={current} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-line bg-paper px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <button
              ref={buttonRef}
              type="button"
              className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded border border-line-strong px-3 text-sm font-semibold min-[769px]:hidden"
              aria-expanded={open}
              aria-controls={NAV_ID}
              onClick={() => {
                setOpenedAt(pathname);
                setOpen((was) => !was);
              }}
            >
              {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
              {t('layout.menu')}
            </button>
            <LocalizedLink to="/admin" className="min-w-0 truncate font-extrabold text-ink no-underline min-[769px]:hidden">
              {t('layout.area')}
            </LocalizedLink>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            {/* On a phone the header keeps the area's name and logout on one line; the name shows from 640 px. */}
            <p className="hidden min-w-0 truncate text-sm sm:block" title={user?.username}>
              <span className="sr-only">{t('layout.signedInAs')} </span>
              <span className="font-semibold">{user?.name || user?.username}</span>
            </p>
            <Button size="sm" className="shrink-0 whitespace-nowrap" onClick={onLogout} icon={<LogOut aria-hidden="true" className="size-4" />}>
              {t('layout.logout')}
            </Button>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none min-[769px]:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
