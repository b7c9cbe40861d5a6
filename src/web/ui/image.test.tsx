import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Image, LAZY_IMAGE_DELAY_MS, LAZY_IMAGE_MARGIN_PX } from './image';

/** A stand-in IntersectionObserver the test moves the viewport of. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe = vi.fn();
  disconnect = vi.fn();
  unobserve = vi.fn();
  takeRecords = () => [];
  /** Reports the observed box as within (or out of) the margin. */
  report(isIntersecting: boolean) {
    act(() => this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

const SRC = '/uploads/gallery/4/9-large.webp';

describe('Image below the first screen', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the placeholder until the box has been within 200 px of the viewport for 100 ms', () => {
    const { container } = render(<Image src={SRC} alt="Rose" ratio="4/5" width={800} height={1000} />);
    expect(container.querySelector('img')).toBeNull();
    const [observer] = FakeObserver.all;
    expect(observer?.options.rootMargin).toBe(`${LAZY_IMAGE_MARGIN_PX}px`);

    observer?.report(true);
    act(() => vi.advanceTimersByTime(LAZY_IMAGE_DELAY_MS - 1));
    expect(container.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(SRC);
    expect(img?.getAttribute('width')).toBe('800');
    expect(img?.getAttribute('height')).toBe('1000');
    expect(img?.getAttribute('srcset')).toContain('-thumbnail.webp 400w');
    expect(observer?.disconnect).toHaveBeenCalled();
  });

  it('does not load a picture that was only scrolled past', () => {
    const { container } = render(<Image src={SRC} alt="Rose" />);
    const [observer] = FakeObserver.all;
    observer?.report(true);
    act(() => vi.advanceTimersByTime(50));
    observer?.report(false);
    act(() => vi.advanceTimersByTime(500));
    expect(container.querySelector('img')).toBeNull();
  });

  it('loads the first picture at once, and a server render carries the picture for the hydration', () => {
    const { container } = render(<Image src={SRC} alt="Rose" priority />);
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(FakeObserver.all).toHaveLength(0);
    expect(renderToString(<Image src={SRC} alt="Rose" />)).toContain(`src="${SRC}"`);
  });
});
