import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation } from 'react-router';
import type { SessionUser } from '../../../../common/schemas/session';
import { usernameKey } from '../../../../common/username';
import { RequireLogin, useSession } from '../../../lib/session';
import { NotFound } from '../../../ui/not-found';
import { PageSpinner } from '../../../ui/page-spinner';
import { postRouteParams } from '../paths';

/**
 * The posts pages live under the owner's profile path: visitors go to login (and come back),
 * a logged-in user on another's path sees not found.
 */
export function OwnerOnly({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { t } = useTranslation('posts');
  return (
    <RequireLogin fallback={<PageSpinner label={t('loading')} />}>
      <OwnerCheck>{children}</OwnerCheck>
    </RequireLogin>
  );
}

function OwnerCheck({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { user } = useSession();
  const { username } = postRouteParams(useLocation().pathname);
  if (!user) return null;
  if (usernameKey(username) !== usernameKey(user.username)) return <NotFound />;
  return <>{children(user)}</>;
}
