import { EyeOff } from 'lucide-react';
import { useTranslation } from '../../i18n/react';

/**
 * The mark of a listing moderation hid, with the reason its owner was given. Only the owner (and
 * admins) receive `hiddenReason`, so the mark shows nowhere else; the owner may still delete it.
 */
export function HiddenByModeration({ reason }: { reason: string | undefined }) {
  const { t } = useTranslation('listingsEntry');
  if (reason === undefined) return null;
  return (
    <p className="flex items-start gap-2 rounded bg-danger-soft px-3 py-2 text-sm font-semibold text-danger">
      <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{t('hiddenByModeration', { reason })}</span>
    </p>
  );
}
