import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportInput } from '../../common/schemas/messages';
import { useTranslation } from '../i18n/react';
import { useSession } from '../lib/session';
import { Button, type ButtonSize, type ButtonVariant } from './button';

// Fetched on the first click: the public pages that offer it never load the form or its call.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

export interface ReportActionProps {
  /** What is reported: an image or a listing (the dialog also takes users, messages and reviews). */
  target: Pick<ReportInput, 'targetType' | 'targetId'>;
  /** Who posted it: they see no Report action, and the dialog's title names them. */
  owner: { id: number; name: string };
  /** The button's text key in the messages namespace, e.g. `menu.reportImage`. */
  label: 'menu.reportImage' | 'menu.reportListing' | 'menu.reportPost';
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

function ReportButton({ target, owner, label, variant = 'ghost', size = 'sm', className }: ReportActionProps) {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        icon={<Flag aria-hidden="true" className="size-4" />}
      >
        {t(label)}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} name={owner.name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A Report button that opens the report dialog (reason, optional details, then thanks in a
 * toast): for logged-in users other than the owner only. Visitors and owners get nothing, and
 * load neither the messages texts nor the dialog.
 */
export function ReportAction(props: ReportActionProps) {
  const { state, user } = useSession();
  if (state !== 'loggedIn' || !user || user.id === props.owner.id) return null;
  return (
    <Suspense fallback={null}>
      <ReportButton {...props} />
    </Suspense>
  );
}
