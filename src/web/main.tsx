import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPreloadErrorHandler } from './app/preload-error';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { initTheme } from './app/theme';
import { initI18n } from './i18n/i18n';
import { initialLanguage } from './i18n/language';
import { ServerSessionContext } from './lib/session';
import { prepareHydration, SERVER_SESSION } from './ssr/hydrate';
import { readServerState } from './ssr/state';

initTheme();

const { lang, redirect } = initialLanguage(window.location, navigator.languages ?? [navigator.language]);
// Before the router reads the address, so the first screen is already the right language's.
if (redirect) window.history.replaceState(null, '', redirect);
void initI18n(lang);

// A page the server rendered is hydrated; after a language redirect it is another page, rendered anew.
const server = redirect ? null : readServerState();
const { router, queryClient } = server
  ? await prepareHydration(server)
  : { router: createAppRouter({ serverTitle: !redirect }), queryClient: createQueryClient() };
installPreloadErrorHandler(() => {
  const next = router.state.navigation.location;
  return next ? next.pathname + next.search + next.hash : null;
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);
if (server) hydrateRoot(root, <ServerSessionContext.Provider value={SERVER_SESSION}>{app}</ServerSessionContext.Provider>);
else createRoot(root).render(app);
