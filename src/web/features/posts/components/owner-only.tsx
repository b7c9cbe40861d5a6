import type { ReactNode } from 'react';
import { useLocation } from '../../../routing';
import type { SessionUser } from '../../../../common/schemas/session';
import { usernameKey } from '../../../../common/username';
import { useSession } from '../../../lib/session';
import { LoginGate } from '../../../ui/login-gate';
import { NotFound } from '../../../ui/not-found';
import { postRouteParams } from '../paths';

/**
 * The posts pages live under the owner's profile path: visitors go to login (and come back),
 * a logged-in user on another's path sees not found.
 */
export function OwnerOnly({ children }: { children: (user: SessionUser) => ReactNode }) {
  return (
    <LoginGate namespace="posts">
      <OwnerCheck>{children}</OwnerCheck>
    </LoginGate>
  );
}

function OwnerCheck({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { user } = useSession();
  const { username } = postRouteParams(useLocation().pathname);
  if (!user) return null;
  if (usernameKey(username) !== usernameKey(user.username)) return <NotFound />;
  return <>{children(user)}</>;
}
