import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { Skeleton } from '../../ui/skeleton';
import { PageSpinner } from '../../ui/page-spinner';
import { RequireLogin } from '../../lib/session';
import type { ListingKind } from './kind';

/** Login-only listing screens: visitors go to /login?redirect=...; a spinner while the session loads. */
export function LoginOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('listings');
  return (
    <RequireLogin fallback={<PageSpinner label={t('loading')} />}>{children}</RequireLogin>
  );
}

/** A login-only screen of one kind. */
export function loginOnlyScreen(Screen: ComponentType<{ kind: ListingKind }>, kind: ListingKind) {
  return function LoginOnlyScreen() {
    return (
      <LoginOnly>
        <Screen kind={kind} />
      </LoginOnly>
    );
  };
}

/** Field errors the server sent with a 400 (`fields: {name: errorKey}`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields = (error.body as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [path, key] of Object.entries(fields as Record<string, unknown>)) {
    const field = path.split('.')[0];
    if (field && typeof key === 'string' && !(field in out)) out[field] = key;
  }
  return out;
}

/** Two placeholder rows of a list that is loading (manage page, matches). */
export function LoadingRows({ height }: { height: 'h-20' | 'h-28' }) {
  const { t } = useTranslation('listings');
  return (
    <div role="status" aria-label={t('loading')} className="space-y-3">
      <Skeleton className={`${height} w-full`} />
      <Skeleton className={`${height} w-full`} />
    </div>
  );
}
