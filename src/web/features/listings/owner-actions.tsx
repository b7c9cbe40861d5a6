import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_DURATION_MS } from '../../../common/constants';
import { ApiError } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { Button, buttonClasses } from '../../ui/button';
import { ConfirmDialog } from './confirm-dialog';

/** Edit, activate/deactivate and delete (after a confirmation) of one own listing. */
export function OwnerActions({
  title,
  isActive,
  editHref,
  onToggle,
  toggling,
  onDelete,
  deleting,
  size = 'sm',
}: {
  title: string;
  isActive: boolean;
  editHref: string;
  /** Resolves with the new state; success and failure are announced as toasts. */
  onToggle: () => Promise<unknown>;
  toggling: boolean;
  /** Resolves when deleted; a rejection is shown in the dialog. */
  onDelete: () => Promise<unknown>;
  deleting: boolean;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('listings');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = () => {
    setError(null);
    onDelete().then(
      () => setConfirming(false),
      (err: unknown) => setError(err instanceof ApiError ? err.message : t('errors:generic')),
    );
  };
  const toggle = () => {
    const next = !isActive;
    onToggle().then(
      () => toast.success(t(next ? 'actions.activated' : 'actions.deactivated', { title }), { duration: TOAST_DURATION_MS }),
      (err: unknown) => toast.error(err instanceof ApiError ? err.message : t('errors:generic'), { duration: TOAST_DURATION_MS }),
    );
  };
  return (
    <div className="flex flex-wrap gap-2">
      <LocalizedLink to={editHref} className={buttonClasses({ size })} aria-label={t('actions.editNamed', { title })}>
        <Pencil aria-hidden="true" className="size-4" />
        {t('actions.edit')}
      </LocalizedLink>
      <Button
        size={size}
        loading={toggling}
        icon={isActive ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
        onClick={toggle}
        aria-label={t(isActive ? 'actions.deactivateNamed' : 'actions.activateNamed', { title })}
      >
        {t(isActive ? 'actions.deactivate' : 'actions.activate')}
      </Button>
      <Button
        size={size}
        variant="ghost"
        icon={<Trash2 aria-hidden="true" className="size-4" />}
        onClick={() => setConfirming(true)}
        aria-label={t('actions.deleteNamed', { title })}
      >
        {t('actions.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setError(null);
        }}
        title={t('actions.confirmTitle')}
        text={t('actions.confirmText', { title })}
        confirmLabel={t('actions.delete')}
        onConfirm={remove}
        pending={deleting}
        error={error}
      />
    </div>
  );
}

/** The add button of a manage page or an owner's empty state. */
export function AddLink({ to, label, variant = 'primary' }: { to: string; label: string; variant?: 'primary' | 'secondary' }) {
  return (
    <LocalizedLink to={to} className={buttonClasses({ variant })}>
      <Plus aria-hidden="true" className="size-5" />
      {label}
    </LocalizedLink>
  );
}
