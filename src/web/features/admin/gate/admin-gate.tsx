import type { ReactNode } from 'react';
import { splitLanguage, withLanguage } from '../../../../common/languages';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { RequireLogin, useSession } from '../../../lib/session';
import { Navigate, useLocation } from '../../../routing';
import { PageSpinner } from '../../../ui/page-spinner';
import { useAdminCheck } from '../api/admin-api';

/** Why the not-authorised page is shown: the server said no, or the check itself failed. */
export type DeniedReason = 'denied' | 'failed';

/**
 * The gate of the admin area: visitors log in first; a user whose role is not admin goes to the
 * not-authorised page without asking the server; an admin is let in once the server confirms it
 * (the role may have changed since the session was loaded). A spinner stands while it checks.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const checking = <PageSpinner label={t('gate.checking')} />;
  return (
    <RequireLogin fallback={checking}>
      <AdminCheck checking={checking}>{children}</AdminCheck>
    </RequireLogin>
  );
}

function AdminCheck({ checking, children }: { checking: ReactNode; children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const isAdmin = user?.role === 'admin';
  const check = useAdminCheck(isAdmin);
  const deniedTo = (reason: DeniedReason) => `${withLanguage('/admin/not-authorized', splitLanguage(pathname).lang)}?reason=${reason}`;
  if (!isAdmin) return <Navigate to={deniedTo('denied')} replace />;
  if (check.isError) {
    // A 401 or 403 is the server's no; anything else (no answer, a 500) is a failed check.
    const said = check.error instanceof ApiError && (check.error.status === 401 || check.error.status === 403);
    return <Navigate to={deniedTo(said ? 'denied' : 'failed')} replace />;
  }
  if (!check.isSuccess) return <>{checking}</>;
  return <>{children}</>;
}
