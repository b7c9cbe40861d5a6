import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from '../../routing';
import { SessionProvider } from '../../lib/session';
import { splitLanguage } from '../../../common/languages';
import { LoadingShape, SkeletonLines } from '../../ui/skeleton';
import { Footer } from './footer';
import { Header } from './header';
import { SCROLL_STORAGE_KEY, scrollKey } from './scroll';

const MAIN_ID = 'main';

const AppToaster = lazy(() => import('./toaster'));

/**
 * Toasts only follow user actions, so their code (sonner) loads once the page is idle instead
 * of on the critical path of the first screen.
 */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 1500);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <Suspense>
      <AppToaster />
    </Suspense>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <LoadingShape label={t('loading')} className="mx-auto max-w-6xl space-y-4 px-4 py-10">
      <SkeletonLines lines={['h-10 w-2/3 max-w-md', 'h-4 w-full max-w-2xl', 'h-4 w-5/6 max-w-xl']} />
    </LoadingShape>
  );
}

/** A thin bar at the top while the next screen downloads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full w-1/3 bg-accent motion-safe:animate-[progress_1s_ease-in-out_infinite]" />
    </div>
  );
}

/** Moves focus to the content after a client-side navigation, as a page load would. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The admin area brings its own frame (sidebar, its header, its main): the site's would repeat
 * it. Its not-authorised page is for anyone the gate turns away, so it keeps the site's frame.
 */
function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/(?!not-authorized\/?$)|$)/.test(splitLanguage(pathname).path);
}

/** The frame of the content: skip link, header, main, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useFocusMainOnNavigate();
  if (isAdminPath(pathname)) {
    return (
      <>
        <a
          href={`#${MAIN_ID}`}
          className="sr-only z-50 rounded bg-ink px-4 py-2 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('skipToContent')}
        </a>
        <NavigationProgress />
        {children}
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded bg-ink px-4 py-2 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** The root route: session, frame, toasts; screens render into the outlet. */
export function RootLayout() {
  return (
    <SessionProvider>
      <Shell>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Shell>
      <DeferredToaster />
      <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_STORAGE_KEY} />
    </SessionProvider>
  );
}
