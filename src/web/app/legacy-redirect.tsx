import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react';
import { Navigate, useLocation } from '../routing';
import { legacyTarget, parseLegacyPath, type LegacyLookupKind, type LegacyRoute } from '../../common/legacy-paths';
import { api, isNotFound } from '../lib/api';
import { Spinner } from '../ui/spinner';
import NotFoundPage from './errors/not-found-page';

/** The call that answers a looked-up listing (by id, or by slug for guest spots) with its slug. */
const LOOKUP_API: Record<LegacyLookupKind, string> = {
  guestSpot: '/api/guest-spots',
  guestSpotEdit: '/api/guest-spots',
  availability: '/api/artist-availability',
};

/**
 * The screen of a path no route knows. A legacy or German path goes where the server's 301
 * would send it (src/common/legacy-paths.ts), replacing the history entry; anything else is
 * the 404.
 */
export default function UnknownPathPage() {
  const { pathname, search, hash } = useLocation();
  const route = parseLegacyPath(pathname);
  if (!route) return <NotFoundPage />;
  if (route.type === 'fixed') return <Navigate to={legacyTarget(route) + search + hash} replace />;
  return <LegacyLookup key={pathname} route={route} rest={search + hash} />;
}

/**
 * Finds a listing's slug through the API and opens its page. Nothing found, and a lookup that
 * fails for any reason (a server error, no answer), opens the fallback list: an old link always
 * leads somewhere useful, never to an error screen.
 */
function LegacyLookup({ route, rest }: { route: Extract<LegacyRoute, { type: 'lookup' }>; rest: string }) {
  const { t } = useTranslation();
  const slug = useQuery({
    queryKey: ['legacy-path', route.kind, route.key],
    queryFn: ({ signal }) =>
      api.get<{ slug?: unknown }>(`${LOOKUP_API[route.kind]}/${encodeURIComponent(String(route.key))}`, { signal }).then(
        (entry) => (typeof entry?.slug === 'string' && entry.slug ? entry.slug : null),
        (error: unknown) => {
          if (isNotFound(error)) return null;
          throw error;
        },
      ),
    // Other failures get the app's usual retry before they lead to the fallback.
    throwOnError: false,
  });
  if (slug.isSuccess) return <Navigate to={legacyTarget(route, slug.data) + rest} replace />;
  if (slug.isError) return <Navigate to={legacyTarget(route) + rest} replace />;
  // The specification's 'Weiterleitung...' while the lookup runs.
  return (
    <p role="status" className="my-16 flex items-center justify-center gap-3 text-lg">
      <Spinner className="text-2xl" />
      {t('redirecting')}
    </p>
  );
}
