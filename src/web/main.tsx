import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPreloadErrorHandler } from './app/preload-error';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { initTheme } from './app/theme';
import { initI18n } from './i18n/i18n';
import { initialLanguage } from './i18n/language';

initTheme();

const { lang, redirect } = initialLanguage(window.location, navigator.languages ?? [navigator.language]);
// Before the router reads the address, so the first screen is already the right language's.
if (redirect) window.history.replaceState(null, '', redirect);
void initI18n(lang);

const router = createAppRouter({ serverTitle: !redirect });
installPreloadErrorHandler(() => {
  const next = router.state.navigation.location;
  return next ? next.pathname + next.search + next.hash : null;
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={createQueryClient()} />
  </StrictMode>,
);
