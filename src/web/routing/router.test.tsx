import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outlet, RouterProvider } from './components';
import { data, isRouteErrorResponse } from './errors';
import { useLocation, useNavigation, useParams, useRouteError } from './hooks';
import { createBrowserRouter, createMemoryRouter } from './router';
import { createStaticRouter } from './server';
import type { LoaderFunctionArgs, RouteObject } from './types';

/** A promise a test settles by hand. */
function gate() {
  let open: () => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise<null>((resolve, reject) => {
    open = () => resolve(null);
    fail = reject;
  });
  return { promise, open, fail };
}

function Layout() {
  const navigation = useNavigation();
  return (
    <div>
      <p role="status">{navigation.state === 'loading' ? `loading ${navigation.location?.pathname}` : 'idle'}</p>
      <Outlet />
    </div>
  );
}

function Page({ name }: { name: string }) {
  const { pathname } = useLocation();
  const { id } = useParams();
  return <h1>{`${name} ${pathname}${id ? ` #${id}` : ''}`}</h1>;
}

function ShowError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <h1>{`error ${error.status}`}</h1>;
  return <h1>{`failed: ${(error as Error).message}`}</h1>;
}

const heading = () => screen.getByRole('heading').textContent;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('navigation', () => {
  it('keeps the old screen while the next one loads, says so, and then shows it', async () => {
    const pending = gate();
    const loader = vi.fn((args: LoaderFunctionArgs) => (new URL(args.request.url).pathname === '/b' ? pending.promise : null));
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          children: [
            { path: '/a', loader, element: <Page name="a" /> },
            { path: '/b', loader, element: <Page name="b" /> },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    await act(() => router.ready);
    render(<RouterProvider router={router} />);
    expect(heading()).toBe('a /a');

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = router.navigate('/b');
    });
    expect(screen.getByRole('status').textContent).toBe('loading /b');
    expect(heading()).toBe('a /a');
    expect(router.state.location.pathname).toBe('/a');

    await act(async () => {
      pending.open();
      await done;
    });
    expect(heading()).toBe('b /b');
    expect(screen.getByRole('status').textContent).toBe('idle');
    expect(router.state.historyAction).toBe('PUSH');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('drops a pending navigation when a newer one starts', async () => {
    const slow = gate();
    const router = createMemoryRouter(
      [
        { path: '/', element: <Page name="home" /> },
        { path: '/slow', loader: () => slow.promise, element: <Page name="slow" /> },
        { path: '/fast', loader: () => null, element: <Page name="fast" /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = router.navigate('/slow');
    });
    await act(() => router.navigate('/fast'));
    expect(heading()).toBe('fast /fast');
    await act(async () => {
      slow.open();
      await first;
    });
    expect(heading()).toBe('fast /fast');
    expect(router.state.location.pathname).toBe('/fast');
  });

  it('shows a route whose loader throws a 404 through its error boundary, inside the layout', async () => {
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          ErrorBoundary: () => <h1>layout failed</h1>,
          children: [
            {
              path: '/:id',
              loader: () => {
                throw data(null, { status: 404 });
              },
              element: <Page name="item" />,
              ErrorBoundary: ShowError,
            },
          ],
        },
      ],
      { initialEntries: ['/7'] },
    );
    await act(() => router.ready);
    render(<RouterProvider router={router} />);
    expect(heading()).toBe('error 404');
    expect(screen.getByRole('status').textContent).toBe('idle');
    expect(router.state.error).toMatchObject({ boundary: 1, value: { status: 404 } });
  });

  it('lets a failure climb to the nearest route with an error boundary', async () => {
    const router = createMemoryRouter(
      [{ Component: Layout, ErrorBoundary: ShowError, children: [{ path: '/x', loader: () => Promise.reject(new Error('no data')), element: <Page name="x" /> }] }],
      { initialEntries: ['/x'] },
    );
    await act(() => router.ready);
    render(<RouterProvider router={router} />);
    expect(heading()).toBe('failed: no data');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a render error in the route error boundary and recovers on the next location', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('render broke');
    }
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          children: [
            { path: '/broken', Component: Broken, ErrorBoundary: ShowError },
            { path: '/fine', element: <Page name="fine" />, ErrorBoundary: ShowError },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(heading()).toBe('failed: render broke');
    await act(() => router.navigate('/fine'));
    expect(heading()).toBe('fine /fine');
  });

  it('runs a kept route loader again only as its rule says, and a screen loader on every change of its page', async () => {
    const rootLoader = vi.fn(() => null);
    const itemLoader = vi.fn((_args: LoaderFunctionArgs) => null);
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          loader: rootLoader,
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname.split('/')[1] !== nextUrl.pathname.split('/')[1],
          children: [{ path: '/:lang/:id', loader: itemLoader, element: <Page name="item" /> }],
        },
      ],
      { initialEntries: ['/en/1'] },
    );
    await act(() => router.ready);
    render(<RouterProvider router={router} />);
    expect([rootLoader.mock.calls.length, itemLoader.mock.calls.length]).toEqual([1, 1]);

    await act(() => router.navigate('/en/2'));
    await act(() => router.navigate('/en/2?tab=reviews'));
    expect([rootLoader.mock.calls.length, itemLoader.mock.calls.length]).toEqual([1, 3]);
    // Only the hash changes: nothing loads.
    await act(() => router.navigate('/en/2?tab=reviews#top'));
    expect([rootLoader.mock.calls.length, itemLoader.mock.calls.length]).toEqual([1, 3]);

    await act(() => router.navigate('/de/2'));
    expect([rootLoader.mock.calls.length, itemLoader.mock.calls.length]).toEqual([2, 4]);
    expect(heading()).toBe('item /de/2 #2');
    expect(itemLoader.mock.calls.at(-1)?.[0].params).toEqual({ lang: 'de', id: '2' });
  });

  it('loads a lazy route once, in parallel with its loader, and goes back and forth through loaders', async () => {
    const lazy = vi.fn(async () => ({ Component: () => <Page name="lazy" /> }));
    const loader = vi.fn(() => null);
    const router = createMemoryRouter(
      [
        { path: '/', element: <Page name="home" /> },
        { path: '/lazy', lazy, loader },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/lazy'));
    expect(heading()).toBe('lazy /lazy');
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(heading()).toBe('home /'));
    expect(router.state.historyAction).toBe('POP');
    await act(() => router.navigate(1));
    await vi.waitFor(() => expect(heading()).toBe('lazy /lazy'));
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('renders nothing until the first location has loaded', async () => {
    const pending = gate();
    const router = createMemoryRouter([{ path: '/', loader: () => pending.promise, element: <Page name="home" /> }]);
    const { container } = render(<RouterProvider router={router} />);
    expect(container.innerHTML).toBe('');
    await act(async () => {
      pending.open();
      await router.ready;
    });
    expect(heading()).toBe('home /');
  });
});

describe('the browser router', () => {
  it('keys the first entry "default", gives pushed entries their own key in history.state, and finds it again on Back', async () => {
    window.history.replaceState(null, '', '/start');
    const router = createBrowserRouter([{ path: '*', element: <Page name="any" /> }]);
    render(<RouterProvider router={router} />);
    expect(router.state.location.key).toBe('default');

    await act(() => router.navigate('/next?x=1', { state: { from: 'start' } }));
    const { key } = router.state.location;
    expect(key).toMatch(/^[a-z0-9]+$/);
    expect(window.location.pathname + window.location.search).toBe('/next?x=1');
    expect(window.history.state).toEqual({ usr: { from: 'start' }, key });

    await act(() => router.navigate('/third'));
    await act(async () => {
      window.history.back();
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/next'));
    });
    expect(router.state.location).toMatchObject({ key, search: '?x=1', state: { from: 'start' } });
    expect(heading()).toBe('any /next');
  });

  it('replaces the entry when asked', async () => {
    window.history.replaceState(null, '', '/one');
    const router = createBrowserRouter([{ path: '*', element: <Page name="any" /> }]);
    const before = window.history.length;
    await router.navigate('/two', { replace: true });
    expect(window.history.length).toBe(before);
    expect(window.location.pathname).toBe('/two');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a hydrated page at once, without running its loaders', () => {
    window.history.replaceState(null, '', '/rendered');
    const loader = vi.fn(() => null);
    const router = createBrowserRouter([{ path: '/rendered', loader, element: <Page name="server" /> }], { hydrated: true });
    render(<RouterProvider router={router} />);
    expect(heading()).toBe('server /rendered');
    expect(loader).not.toHaveBeenCalled();
    expect(router.state.restoreScrollPosition).toBe(false);
  });
});

describe('the server router', () => {
  const routes = (): RouteObject[] => [
    {
      children: [
        { path: '/page/:id', loader: ({ params }) => (params.id === '404' ? Promise.reject(data(null, { status: 404 })) : null), lazy: async () => ({ Component: () => <Page name="page" /> }), ErrorBoundary: ShowError },
      ],
    },
  ];

  it('has run the lazy parts and loaders of the address when it is handed over', async () => {
    const router = await createStaticRouter(routes(), 'https://example.test/page/3?x=1');
    expect(router.state).toMatchObject({ initialized: true, error: null, location: { pathname: '/page/3', search: '?x=1', key: 'default' } });
    render(<RouterProvider router={router} />);
    expect(heading()).toBe('page /page/3 #3');
  });

  it('reports a loader that threw, and an address no route takes', async () => {
    expect((await createStaticRouter(routes(), 'https://example.test/page/404')).state.error).toMatchObject({ boundary: 1, value: { status: 404 } });
    expect((await createStaticRouter(routes(), 'https://example.test/else')).state.error?.value).toMatchObject({ status: 404 });
  });
});

describe('a router state read by a component that also keeps its own', () => {
  it('does not lose the component state on a navigation within the same route', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      const { search } = useLocation();
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {`${count} ${search}`}
        </button>
      );
    }
    const router = createMemoryRouter([{ path: '/', element: <Counter /> }]);
    render(<RouterProvider router={router} />);
    act(() => screen.getByRole('button').click());
    await act(() => router.navigate('/?page=2'));
    expect(screen.getByRole('button').textContent).toBe('1 ?page=2');
  });
});
