import { UserCheck, UserPlus } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { useFollowState, useToggleFollow } from './api';

/**
 * Follow / Following for a logged-in visitor of an artist's or studio's profile: a toggle
 * button (aria-pressed), optimistic, that says in its name whom it follows.
 */
export function FollowButton({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation('follows');
  const state = useFollowState(userId);
  const toggle = useToggleFollow(userId);
  const following = state.data?.following ?? false;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      aria-label={t(following ? 'button.followingName' : 'button.followName', { name })}
      disabled={!state.data}
      icon={following ? <UserCheck aria-hidden="true" className="size-4" /> : <UserPlus aria-hidden="true" className="size-4" />}
      onClick={() => toggle.mutate(!following, { onError: (err) => toast.error(err.message || t('button.failed')) })}
    >
      {t(following ? 'button.following' : 'button.follow')}
    </Button>
  );
}
