import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet, RouterProvider } from './components';
import { createMemoryRouter } from './router';
import { ScrollRestoration } from './scroll-restoration';
import type { Location } from './types';

const STORAGE_KEY = 'test-scroll';

// As the app keys them: the first entry of a load by its address, the others by their key.
const keyOf = (location: Location) => (location.key === 'default' ? `entry:${location.pathname}` : location.key);

function Layout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={keyOf} storageKey={STORAGE_KEY} />
    </>
  );
}

const scrolledTo = vi.fn<(x: number, y: number) => void>();
const scrolledIntoView = vi.fn();

function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => scrolledTo(x, y)) as typeof window.scrollTo);
  Element.prototype.scrollIntoView = scrolledIntoView;
  scrollBy(0);
});

afterEach(() => {
  scrolledTo.mockReset();
  scrolledIntoView.mockReset();
});

function mount(path: string) {
  const router = createMemoryRouter([{ Component: Layout, children: [{ path: '*', element: <h1 id="section">page</h1> }] }], { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

const lastScroll = () => scrolledTo.mock.calls.at(-1);

describe('ScrollRestoration', () => {
  it('takes the scroll over from the browser, and goes back to the position kept for the first page', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ 'entry:/list': 2646 }));
    mount('/list');
    expect(window.history.scrollRestoration).toBe('manual');
    expect(lastScroll()).toEqual([0, 2646]);
  });

  it('starts a new entry at the top and brings Back and Forward to where each entry was left', async () => {
    const { router } = mount('/list');
    scrollBy(1200);
    await act(() => router.navigate('/detail'));
    expect(lastScroll()).toEqual([0, 0]);
    const detailKey = router.state.location.key;

    scrollBy(300);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/list');
    expect(lastScroll()).toEqual([0, 1200]);

    scrollBy(1200);
    await act(() => router.navigate(1));
    expect(router.state.location.key).toBe(detailKey);
    expect(lastScroll()).toEqual([0, 300]);
  });

  it("scrolls to the hash's element, and leaves the scroll alone when the navigation asks", async () => {
    const { router } = mount('/list');
    scrolledTo.mockClear();
    await act(() => router.navigate('/detail#section'));
    expect(scrolledIntoView).toHaveBeenCalledTimes(1);
    expect(scrolledTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/detail?tab=reviews', { preventScrollReset: true }));
    expect(scrolledTo).not.toHaveBeenCalled();
  });

  it('keeps the positions in sessionStorage when the page is left, and gives the scroll back to the browser', async () => {
    const { router } = mount('/list');
    scrollBy(800);
    await act(() => router.navigate('/detail'));
    scrollBy(450);
    window.dispatchEvent(new Event('pagehide'));
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    expect(kept).toMatchObject({ 'entry:/list': 800, [router.state.location.key]: 450 });
    expect(window.history.scrollRestoration).toBe('auto');
  });
});
