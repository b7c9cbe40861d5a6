import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, jsonResponse } from '../test/factories';
import { renderWithApp } from '../test/render';
import UnknownPathPage from './legacy-redirect';

/** Where redirects land: each page just names itself. */
const landings = ['/guestspots', '/guestspots/manage', '/guestspot/:slug', '/guestspot/:slug/edit', '/tattooartist/:slug', '/tattooartists', '/privacy', '/Anna-Maier']
  .flatMap((path) => ['', '/de', '/es', '/fr', '/pt'].map((prefix) => prefix + path))
  .map((path) => ({ path, element: <h1>landed {path}</h1> }));

const render = (path: string) => renderWithApp(<UnknownPathPage />, { path, routes: landings });

const stubAnswers = (answers: Parameters<typeof answerFetch>[0]) => vi.stubGlobal('fetch', vi.fn(answerFetch(answers)));

/** Opens a legacy path and waits until the app replaced it with `pathname`. */
async function expectLanding(path: string, pathname: string): Promise<void> {
  const { router, unmount } = await render(path);
  await vi.waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  unmount();
}

describe('legacy paths in the app', () => {
  it('replaces a fixed legacy path with its target, keeping language and query', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({})));
    const { router } = await render('/de/kunstler?style=3');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/de/tattooartists'));
    expect(router.state.location.search).toBe('?style=3');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Seite nicht gefunden')).toBeNull();
  });

  it('looks a spot up by id, shows the spinner meanwhile, and opens its edit page', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = vi.fn(
      answerFetch({
        '/api/guest-spots/5': async () => {
          await gate;
          return jsonResponse({ id: 5, slug: 'winter-in-berlin' });
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = await render('/fr/guestspots/5/edit');
    expect((await screen.findByRole('status')).textContent).toBe('Redirection...');
    expect(screen.queryByRole('heading')).toBeNull();
    release();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/fr/guestspot/winter-in-berlin/edit'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/guest-spots/5');
  });

  it('looks a German path up by slug, and an availability by id', async () => {
    stubAnswers({
      '/api/guest-spots/sommer-in-m%C3%BCnchen': () => jsonResponse({ id: 8, slug: 'sommer-in-muenchen' }),
      '/api/artist-availability/7': () => jsonResponse({ id: 7, slug: 'fine-line-trip' }),
    });
    await expectLanding('/de/gastpl%C3%A4tze/sommer-in-m%C3%BCnchen', '/de/guestspot/sommer-in-muenchen');
    await expectLanding('/tattooartists/7', '/tattooartist/fine-line-trip');
  });

  it('gives an availability one address: its id address opens the title slug page', async () => {
    stubAnswers({ '/api/artist-availability/7': () => jsonResponse({ id: 7, slug: 'fine-line-trip' }) });
    await expectLanding('/de/artist-availability/7', '/de/tattooartist/fine-line-trip');
  });

  it('opens the profile for /profile/{username} inside the app, as the server\'s 301 does', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({})));
    const { router } = await render('/pt/profile/Anna-Maier?tab=reviews');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pt/Anna-Maier'));
    expect(router.state.location.search).toBe('?tab=reviews');
    expect(screen.getByRole('heading', { name: 'landed /pt/Anna-Maier' })).toBeTruthy();
  });

  it('goes to the fallback when the lookup finds nothing', async () => {
    stubAnswers({
      '/api/artist-availability/99': () => jsonResponse({ success: false, error: 'Not found' }, 404),
      '/api/guest-spots/98': () => jsonResponse({ success: false, error: 'Not found' }, 404),
    });
    await expectLanding('/es/availability/99', '/es/tattooartists');
    await expectLanding('/de/gastplatze/98/bearbeiten', '/de/guestspots/manage');
  });

  it.each([
    ['a server error', () => jsonResponse({ success: false }, 500)],
    ['a gateway error without a body', () => new Response('', { status: 502 })],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('goes to the fallback, never an error screen, when the lookup fails with %s', async (_name, fail) => {
    stubAnswers({ '/api/artist-availability/7': fail, '/api/guest-spots/5': fail });
    await expectLanding('/de/availability/7', '/de/tattooartists');
    await expectLanding('/guestspots/5/old-title', '/guestspots');
    await expectLanding('/fr/gastplatze/5/bearbeiten', '/fr/guestspots/manage');
    await expectLanding('/pt/gastplatze/sommer', '/pt/guestspots');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the query on the way to the fallback', async () => {
    stubAnswers({ '/api/artist-availability/7': () => jsonResponse({}, 503) });
    const { router } = await render('/tattooartists/7?style=3');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tattooartists'));
    expect(router.state.location.search).toBe('?style=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lands on the page when the app navigates to a legacy path, and Back skips the legacy entry', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/guest-spots/5': () => jsonResponse({ id: 5, slug: 'winter-in-berlin' }) })));
    const { router } = await render('/guestspots');
    expect(screen.getByRole('heading', { name: 'landed /guestspots' })).toBeTruthy();
    await act(() => router.navigate('/guestspots/5/old-title'));
    expect(await screen.findByRole('heading', { name: 'landed /guestspot/:slug' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/guestspot/winter-in-berlin');
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/guestspots'));
  });

  it('shows the 404 for any other unknown path', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({})));
    await render('/no-such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
