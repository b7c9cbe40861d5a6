import type { ProfileUser } from '../../../common/schemas/profile';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/session';
import { useHydrating } from '../../ui/use-hydrating';
import { useFollowState } from './api';
import { FollowButton } from './follow-button';

/**
 * A profile's follower count, with the Follow button for a logged-in visitor who is not its
 * owner. Loaded in the browser after the page shows (the server's markup has none), so the
 * profile's first load carries none of it.
 */
export function ProfileFollow({ profile }: { profile: Pick<ProfileUser, 'id' | 'name' | 'followers' | 'can'> }) {
  return useHydrating() ? null : <Follow profile={profile} />;
}

function Follow({ profile }: { profile: Pick<ProfileUser, 'id' | 'name' | 'followers' | 'can'> }) {
  const { t } = useTranslation('follows');
  const session = useSession();
  const canFollow = session.state === 'loggedIn' && session.user?.id !== profile.id && !profile.can.edit;
  const state = useFollowState(profile.id);
  const followers = (canFollow ? state.data?.followers : undefined) ?? profile.followers;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {canFollow && <FollowButton userId={profile.id} name={profile.name} />}
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t('count', { count: followers })}
      </p>
    </div>
  );
}
