import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../common/constants';
import { LocalizedLink } from '../../i18n/localized-link';
import { MainNav } from './main-nav';

const MENU_ID = 'mobile-menu';

/**
 * The top bar: product name home, the navigation, and below 1024 px a menu button instead (the
 * row of links with the account links does not fit a tablet's width in every language).
 */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
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
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <LocalizedLink to="/" className="text-lg font-extrabold tracking-tight text-ink no-underline">
          {PRODUCT_NAME}
        </LocalizedLink>
        <div className="hidden lg:block">
          <MainNav layout="row" label={t('nav.label')} />
        </div>
        <button
          ref={buttonRef}
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded border border-line-strong px-3 text-sm font-semibold lg:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={toggle}
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          {t('nav.menu')}
        </button>
      </div>
      <div id={MENU_ID} ref={panelRef} hidden={!open} className="border-t border-line px-4 py-3 lg:hidden">
        <MainNav layout="column" label={t('nav.label')} />
      </div>
    </header>
  );
}
