import { LogIn, MessagesSquare, Send } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from '../../routing';
import { toast } from '../../ui/toast';
import { LocalizedLink } from '../../i18n/localized-link';
import { localizePath, useLanguage } from '../../i18n/language';
import { useSession } from '../../lib/session';
import { Button, buttonClasses } from '../../ui/button';
import { useApplyToGuestSpot } from './api/apply-to-guest-spot';

/**
 * Apply to a guest spot in one click (artists only): the studio gets the first message with the
 * spot attached, and the conversation opens. After applying it reads "Open conversation".
 * Visitors log in first; studios do not see it.
 */
export function ApplyButton({
  spot,
  studioId,
  hasApplied,
  onApplied,
}: {
  spot: { id: number; title: string; isActive: boolean };
  studioId: number;
  hasApplied: boolean;
  /** Lets the page load the spot again (its `hasApplied`). */
  onApplied?: () => void;
}) {
  const { t } = useTranslation('messages');
  const { state, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const apply = useApplyToGuestSpot(user?.id ?? 0);
  const conversation = `/messages/${studioId}`;

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
      <LocalizedLink to={conversation} className={buttonClasses({ variant: 'primary' })}>
        <MessagesSquare aria-hidden="true" className="size-5" />
        {t('apply.openConversation')}
      </LocalizedLink>
    );
  }
  if (!spot.isActive) return null;
  return (
    <Button
      variant="primary"
      loading={apply.isPending}
      icon={<Send aria-hidden="true" className="size-5" />}
      onClick={() =>
        apply.mutate(
          { spotId: spot.id },
          {
            onSuccess: () => {
              onApplied?.();
              navigate(localizePath(conversation, lang));
            },
            onError: (err) => toast.error(err.message || t('apply.failed')),
          },
        )
      }
    >
      {t('apply.button')}
    </Button>
  );
}
