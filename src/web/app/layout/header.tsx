import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation } from '../../routing';
import { PRODUCT_NAME } from '../../../common/constants';
import { LocalizedLink } from '../../i18n/localized-link';
import { useHydrating } from '../../ui/use-hydrating';
import { HeaderSearch } from '../../features/search';
import { HeaderBell } from './header-bell';
import { MenuUnreadBadge } from './header-unread';
import { MainNav } from './main-nav';

const MENU_ID = 'mobile-menu';
const BUTTON_CLASSES = 'relative inline-flex min-h-11 items-center gap-2 rounded border border-line-strong px-3 text-sm font-semibold lg:hidden';

/**
 * The top bar: product name home, the navigation, and below 1024 px a menu button instead (the
 * row of links with the account links does not fit a tablet's width in every language).
 */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The server's markup (and its hydration) opens the menu without script: the button is a link
  // to the panel, which CSS shows while it is the address's target. The app takes over after.
  const hydrating = useHydrating();
  const [open, setOpen] = useState(() => typeof location !== 'undefined' && location.hash === `#${MENU_ID}`);
  const [openedAt, setOpenedAt] = useState(pathname);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Following a link closes the menu.
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  const toggle = () => {
    setOpenedAt(pathname);
    setOpen((was) => !was);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <header className="border-b border-line bg-paper" onKeyDown={onKeyDown}>
      <div className="relative mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <LocalizedLink to="/" className="text-lg font-extrabold tracking-tight text-ink no-underline xl:shrink-0 xl:whitespace-nowrap">
          {PRODUCT_NAME}
        </LocalizedLink>
        <div className="flex items-center gap-2">
          <HeaderSearch />
          <div className="hidden lg:block">
            <MainNav layout="row" label={t('nav.label')} />
          </div>
          <HeaderBell />
          {hydrating ? (
            <a href={`#${MENU_ID}`} className={`${BUTTON_CLASSES} text-ink no-underline`}>
              <Menu aria-hidden="true" className="size-5" />
              {t('nav.menu')}
              <MenuUnreadBadge />
            </a>
          ) : (
            <button ref={buttonRef} type="button" className={BUTTON_CLASSES} aria-expanded={open} aria-controls={MENU_ID} onClick={toggle}>
              {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
              {t('nav.menu')}
              <MenuUnreadBadge />
            </button>
          )}
        </div>
      </div>
      <div
        id={MENU_ID}
        ref={panelRef}
        hidden={!hydrating && !open}
        className={`border-t border-line px-4 py-3 lg:hidden ${hydrating ? 'hidden target:block' : ''}`}
      >
        <MainNav layout="column" label={t('nav.label')} />
      </div>
    </header>
  );
}
