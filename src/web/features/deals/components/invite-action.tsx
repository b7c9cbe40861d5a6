import { UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { Button, type ButtonSize } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';

const InviteForm = lazy(() => import('./invite-form').then((m) => ({ default: m.InviteForm })));

export interface InviteTarget {
  /** The availability's id. */
  id: number;
  startDate: string;
  endDate: string;
  artist: { id: number; name: string };
}

/**
 * "Invite as guest" for a studio looking at an artist's availability (its page, or the matches
 * of the studio's own spot): a dialog to name one of the studio's active spots or dates and
 * terms of its own, and a message. Nobody else sees it.
 */
export function InviteAction({ availability, size = 'md' }: { availability: InviteTarget; size?: ButtonSize }) {
  const { t } = useTranslation('deals');
  const { state, user } = useSession();
  const [open, setOpen] = useState(false);
  if (state !== 'loggedIn' || user?.userType !== 'studio' || user.id === availability.artist.id) return null;
  const name = availability.artist.name;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('invite.title', { name })}
      description={t('invite.description', { name })}
      closeLabel={t('invite.close')}
      trigger={
        <Button variant={size === 'md' ? 'primary' : 'secondary'} size={size} icon={<UserPlus aria-hidden="true" className="size-5" />}>
          {t('invite.button')}
        </Button>
      }
    >
      {open && (
        <Suspense fallback={null}>
          <InviteForm availability={availability} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
