import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RouterProvider } from './components';
import { useSearchParams } from './hooks';
import { Link, Navigate, NavLink } from './links';
import { createMemoryRouter } from './router';
import type { RouteObject } from './types';

function renderAt(path: string, element: ReactNode, routes: RouteObject[] = []) {
  const router = createMemoryRouter([...routes, { path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  it('renders its path as href and navigates in the app on a plain left click', () => {
    const router = renderAt('/', <Link to="/guestspots?page=2">Spots</Link>);
    const link = screen.getByRole('link', { name: 'Spots' });
    expect(link.getAttribute('href')).toBe('/guestspots?page=2');
    const click = fireEvent.click(link);
    expect(click).toBe(false);
    expect(router.state.location).toMatchObject({ pathname: '/guestspots', search: '?page=2' });
    expect(router.state.historyAction).toBe('PUSH');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves a %s click to the browser', (_, init) => {
    const router = renderAt('/', <Link to="/guestspots">Spots</Link>);
    expect(fireEvent.click(screen.getByRole('link'), init)).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves links to another window, to a full load and to another site to the browser', () => {
    const router = renderAt(
      '/',
      <>
        <Link to="/a" target="_blank">
          tab
        </Link>
        <Link to="/b" reloadDocument>
          reload
        </Link>
        <Link to="https://example.test/x">site</Link>
      </>,
    );
    for (const name of ['tab', 'reload', 'site']) expect(fireEvent.click(screen.getByRole('link', { name }))).toBe(true);
    expect(screen.getByRole('link', { name: 'site' }).getAttribute('href')).toBe('https://example.test/x');
    expect(router.state.location.pathname).toBe('/');
  });

  it("calls the link's own onClick first and stays put when it prevented the default", () => {
    const seen: string[] = [];
    const router = renderAt(
      '/',
      <>
        <Link to="/one" onClick={() => seen.push('one')}>
          one
        </Link>
        <Link
          to="/two"
          onClick={(event) => {
            seen.push('two');
            event.preventDefault();
          }}
        >
          two
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'two' }));
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('link', { name: 'one' }));
    expect(router.state.location.pathname).toBe('/one');
    expect(seen).toEqual(['two', 'one']);
  });

  it('replaces the entry when it leads to the page it is on, and passes the other props on', () => {
    const router = renderAt(
      '/here?x=1',
      <Link to="/here?x=1" className="plain" aria-label="This page" data-kind="self">
        here
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'This page' });
    expect(link.className).toBe('plain');
    expect(link.getAttribute('data-kind')).toBe('self');
    fireEvent.click(link);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('resolves a relative link against the current location', () => {
    renderAt('/guestspots?page=2#top', <Link to="?page=3">next</Link>);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/guestspots?page=3');
  });
});

describe('NavLink', () => {
  const nav = (
    <nav>
      <NavLink to="/" end>
        Home
      </NavLink>
      <NavLink to="/guestspots" className={({ isActive, isPending }) => `${isActive ? 'on' : 'off'}${isPending ? ' pending' : ''}`}>
        Spots
      </NavLink>
      <NavLink to="/tattooartists">{({ isActive }) => (isActive ? 'Artists (here)' : 'Artists')}</NavLink>
    </nav>
  );

  it('marks the link of the current page and of the pages below it, unless `end`', () => {
    renderAt('/guestspots/page/2', nav);
    const spots = screen.getByRole('link', { name: 'Spots' });
    expect(spots.getAttribute('aria-current')).toBe('page');
    expect(spots.className).toBe('on');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Artists' }).getAttribute('aria-current')).toBeNull();
  });

  it('tells a link whose page the navigation under way goes to', async () => {
    let open: () => void = () => {};
    const router = renderAt('/', nav, [{ path: '/guestspots', loader: () => new Promise((resolve) => (open = () => resolve(null))), element: nav }]);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    act(() => void router.navigate('/guestspots'));
    expect(screen.getByRole('link', { name: 'Spots' }).className).toBe('off pending');
    await act(async () => open());
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Spots' }).className).toBe('on'));
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('renders children given as a function of its state', () => {
    renderAt('/tattooartists', nav);
    expect(screen.getByRole('link', { name: 'Artists (here)' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('Navigate', () => {
  it('replaces the entry with its target once rendered', async () => {
    const router = renderAt('/old?x=1', <Navigate to="/new?x=1" replace />, [{ path: '/new', element: <h1>new</h1> }]);
    await screen.findByRole('heading', { name: 'new' });
    expect(router.state.location).toMatchObject({ pathname: '/new', search: '?x=1' });
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p>{params.get('style') ?? 'any'}</p>
        <button
          type="button"
          onClick={() =>
            setParams(
              (current) => {
                current.set('style', 'dotwork');
                return current;
              },
              { replace: true },
            )
          }
        >
          dotwork
        </button>
        <button type="button" onClick={() => setParams(new URLSearchParams())}>
          clear
        </button>
      </>
    );
  }

  it('reads the query and navigates to the same path with a new one, dropping the hash', () => {
    const router = renderAt('/gallery?page=2#grid', <Filters />);
    expect(screen.getByText('any')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'dotwork' }));
    expect(router.state.location).toMatchObject({ pathname: '/gallery', search: '?page=2&style=dotwork', hash: '' });
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
