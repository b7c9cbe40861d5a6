import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { RequireLogin } from '../lib/session';
import { PageSpinner } from './page-spinner';

/**
 * Its children for a logged-in user only: visitors go to login, and while the session loads a
 * spinner stands, announced with the `loading` text of `namespace` (the page's own).
 */
export function LoginGate({ namespace, children }: { namespace: string; children: ReactNode }) {
  const { t } = useTranslation(namespace);
  return <RequireLogin fallback={<PageSpinner label={t('loading')} />}>{children}</RequireLogin>;
}

/** A route's page behind the login gate: `Screen` once the user is logged in. */
export function loginGatedPage(Screen: ComponentType, namespace: string) {
  return function LoginGatedPage() {
    return (
      <LoginGate namespace={namespace}>
        <Screen />
      </LoginGate>
    );
  };
}
