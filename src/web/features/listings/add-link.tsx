import { Plus } from 'lucide-react';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';

/**
 * The add button of a list, a manage page or an owner's empty state. A file of its own: the
 * public lists show it, and they must not load the owner actions' dialog and toasts with it.
 */
export function AddLink({ to, label, variant = 'primary' }: { to: string; label: string; variant?: 'primary' | 'secondary' }) {
  return (
    <LocalizedLink to={to} className={buttonClasses({ variant })}>
      <Plus aria-hidden="true" className="size-5" />
      {label}
    </LocalizedLink>
  );
}
