import { LogIn, MessagesSquare, Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { DealTerms } from '../../../../common/schemas/deal-terms';
import { useLocation } from '../../../routing';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSession } from '../../../lib/session';
import { Button, buttonClasses } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';

// The form (and the date fields' code) loads when the dialog first opens.
const ApplyForm = lazy(() => import('./apply-form').then((m) => ({ default: m.ApplyForm })));

export interface ApplySpot {
  id: number;
  title: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
  terms?: DealTerms | null;
}

/**
 * Apply on a guest spot's page (artists only): a dialog with the first and last day (inside the
 * spot's window, the whole window by default) and a message. After applying it reads "Open
 * conversation". Visitors log in first; studios do not see it.
 */
export function ApplyAction({ spot, studioId, hasApplied, onApplied }: { spot: ApplySpot; studioId: number; hasApplied: boolean; onApplied?: () => void }) {
  const { t } = useTranslation('deals');
  const { state, user } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (state === 'loading' || user?.userType === 'studio') return null;
  if (state === 'loggedOut' || !user) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return (
      <LocalizedLink to={`/login?redirect=${redirect}`} className={buttonClasses({ variant: 'primary' })}>
        <LogIn aria-hidden="true" className="size-5" />
        {t('apply.loginFirst')}
      </LocalizedLink>
    );
  }
  if (hasApplied) {
    return (
      <LocalizedLink to={`/messages/${studioId}`} className={buttonClasses({ variant: 'primary' })}>
        <MessagesSquare aria-hidden="true" className="size-5" />
        {t('apply.openConversation')}
      </LocalizedLink>
    );
  }
  if (!spot.isActive) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('apply.title', { title: spot.title })}
      description={t('apply.description')}
      closeLabel={t('apply.close')}
      trigger={
        <Button variant="primary" icon={<Send aria-hidden="true" className="size-5" />}>
          {t('apply.button')}
        </Button>
      }
    >
      {open && (
        <Suspense fallback={null}>
          <ApplyForm
            spot={spot}
            onCancel={() => setOpen(false)}
            onSent={() => {
              setOpen(false);
              onApplied?.();
            }}
          />
        </Suspense>
      )}
    </Dialog>
  );
}
