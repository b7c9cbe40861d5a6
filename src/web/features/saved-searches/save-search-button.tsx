import { BellPlus, LogIn } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { SavedSearchKind } from '../../../common/schemas/saved-searches';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/session';
import { useLocation } from '../../routing';
import { Button, buttonClasses } from '../../ui/button';

// The dialog (its form and texts) loads when the pointer or focus reaches the button: the public
// list pages carry only the button in their first load.
const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })));

export interface SaveSearchButtonProps {
  kind: SavedSearchKind;
  /** The list's filters as its address holds them ('' for unset). */
  filters: Record<string, string | undefined>;
}

/** "Save this search" beside a public list's filters: a dialog for members, the login link for visitors. */
export function SaveSearchButton(props: SaveSearchButtonProps) {
  return (
    <Suspense fallback={null}>
      <SaveSearchAction {...props} />
    </Suspense>
  );
}

function SaveSearchAction({ kind, filters }: SaveSearchButtonProps) {
  const { t } = useTranslation('savedSearches');
  const { state } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing still animates and returns focus.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  if (state !== 'loggedIn') {
    // The path already carries its language prefix; the login page keeps it.
    const redirect = encodeURIComponent(location.pathname + location.search);
    return (
      <LocalizedLink to={`/login?redirect=${redirect}`} className={buttonClasses({ variant: 'ghost' })}>
        <LogIn aria-hidden="true" className="size-4" />
        {t('button.login')}
      </LocalizedLink>
    );
  }
  // A failed early load is no failure: the dialog loads again when it opens.
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <Button
        variant="ghost"
        icon={<BellPlus aria-hidden="true" className="size-4" />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {t('button.save')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <SaveSearchDialog kind={kind} filters={filters} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
