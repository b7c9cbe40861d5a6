import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { toast } from '../../ui/toast';
import { TOAST_DURATION_MS } from '../../../common/constants';
import { ApiError } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { Button, buttonClasses } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDeleteListing } from './api/delete-listing';
import { useToggleListing } from './api/toggle-listing';
import type { Listing, ListingKind } from './kind';

/**
 * Edit, activate/deactivate and delete (after a confirmation) of one listing the viewer may
 * change (`can`); the toggle's result is announced as a toast.
 */
export function OwnerActions({
  kind,
  listing,
  onDeleted,
  size = 'sm',
}: {
  kind: ListingKind;
  listing: Pick<Listing, 'id' | 'slug' | 'title' | 'isActive' | 'can'>;
  onDeleted?: () => unknown;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('listingsEntry');
  const toggle = useToggleListing(kind);
  const remove = useDeleteListing(kind);
  const [confirming, setConfirming] = useState(false);
  const { title, isActive } = listing;
  const onToggle = () => {
    const next = !isActive;
    toggle.mutateAsync({ id: listing.id, isActive: next }).then(
      () => toast.success(t(next ? 'actions.activated' : 'actions.deactivated', { title }), { duration: TOAST_DURATION_MS }),
      (err: unknown) => toast.error(err instanceof ApiError ? err.message : t('errors:generic'), { duration: TOAST_DURATION_MS }),
    );
  };
  const onDelete = () =>
    remove.mutateAsync(listing.id).then(onDeleted, (err: unknown) => {
      throw new Error(err instanceof ApiError ? err.message : t('errors:generic'), { cause: err });
    });
  return (
    <div className="flex flex-wrap gap-2">
      {listing.can.edit && (
        <>
          <LocalizedLink to={kind.editPath(listing)} className={buttonClasses({ size })} aria-label={t('actions.editNamed', { title })}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('actions.edit')}
          </LocalizedLink>
          <Button
            size={size}
            loading={toggle.isPending}
            icon={isActive ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
            onClick={onToggle}
            aria-label={t(isActive ? 'actions.deactivateNamed' : 'actions.activateNamed', { title })}
          >
            {t(isActive ? 'actions.deactivate' : 'actions.activate')}
          </Button>
        </>
      )}
      {listing.can.delete && (
        <Button
          size={size}
          variant="ghost"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => setConfirming(true)}
          aria-label={t('actions.deleteNamed', { title })}
        >
          {t('actions.delete')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        texts={{ title: t('actions.confirmTitle'), text: t('actions.confirmText', { title }),
          confirm: t('actions.delete'), cancel: t('cancel'), close: t('close'), failed: t('errors:generic') }}
        onConfirm={onDelete}
      />
    </div>
  );
}
