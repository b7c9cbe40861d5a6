import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type Router } from '../routing';
import { i18n } from '../i18n/i18n';
import { TextsProvider } from '../i18n/react';

/** The providers around the router: data cache and translations. Session and toasts live in the root route. */
export function App({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TextsProvider texts={i18n}>
        <RouterProvider router={router} />
      </TextsProvider>
    </QueryClientProvider>
  );
}
