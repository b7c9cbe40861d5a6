import { geoGraticule10, geoInterpolate, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { Minus, Plus, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110Url from 'world-atlas/land-110m.json?url';
import land50Url from 'world-atlas/land-50m.json?url';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/button';
import {
  DETAIL_ZOOM,
  clampLat,
  clampZoom,
  clusterAt,
  clusterPlaces,
  dragged,
  projectionFor,
  wrapLng,
  type Cluster,
  type GlobePlace,
  type GlobeView,
} from './globe-geometry';

/** The largest globe drawn, in CSS pixels: bigger only costs pixels. */
const MAX_SIZE = 640;
/** Europe, where most of the platform's places are, filling the globe's frame. */
export const START_VIEW: GlobeView = { lng: 10, lat: 45, zoom: 1.6 };
const KEY_TURN = 10;
const ZOOM_STEP = 1.5;
/** A press that moved less than this is a click, not a drag. */
const CLICK_SLOP = 5;

type Atlas = GeoPermissibleObjects;
const atlases = new Map<string, Promise<Atlas>>();

/** Natural Earth's land from world-atlas, a hashed asset fetched once when first drawn. */
function loadAtlas(url: string): Promise<Atlas> {
  let atlas = atlases.get(url);
  if (!atlas) {
    atlas = fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`atlas ${res.status}`);
        return res.json() as Promise<Topology<{ land: GeometryCollection }>>;
      })
      .then((topology) => feature(topology, topology.objects.land) as Atlas);
    atlas.catch(() => atlases.delete(url));
    atlases.set(url, atlas);
  }
  return atlas;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function colors(element: Element) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    ocean: read('--color-surface', '#fffdf9'),
    land: read('--color-sunken', '#ece5da'),
    line: read('--color-line', '#ddd4c7'),
    edge: read('--color-line-strong', '#8a7f72'),
    marker: read('--color-accent', '#b3261e'),
    onMarker: read('--color-on-accent', '#ffffff'),
    ink: read('--color-ink', '#1c1916'),
  };
}

/**
 * A globe drawn on a canvas: d3-geo's orthographic projection over Natural Earth's land (1:110m,
 * 1:50m once zoomed in), the places as markers sized by count and merged when close. Turned by
 * dragging or the arrow keys, zoomed by wheel, pinch, + and − or the buttons. A marker of one
 * city selects it; a merged one zooms in on it. The list beside it carries the same places for
 * keyboard and screen reader users, so the canvas itself is one labelled image.
 */
export function Globe({
  places,
  selectedId,
  focus,
  onSelect,
}: {
  places: GlobePlace[];
  selectedId: number | null;
  /** A point to turn to (a city chosen in the list); turned to smoothly unless motion is reduced. */
  focus: { lat: number; lng: number } | null;
  onSelect: (cityId: number) => void;
}) {
  const { t } = useTranslation('map');
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<GlobeView>(START_VIEW);
  const clusters = useRef<Cluster[]>([]);
  const frame = useRef(0);
  const animation = useRef(0);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const press = useRef<{ x: number; y: number; moved: number } | null>(null);
  const pinch = useRef<number | null>(null);
  const [size, setSize] = useState(0);
  const [atlas, setAtlas] = useState<{ coarse: Atlas | null; fine: Atlas | null; failed: boolean }>({ coarse: null, fine: null, failed: false });
  const latest = useRef({ places, selectedId, atlas, size });
  latest.current = { places, selectedId, atlas, size };

  const draw = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      const { size: s, atlas: a, places: p, selectedId: sel } = latest.current;
      if (!canvas || !s) return;
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(s * ratio)) {
        canvas.width = Math.round(s * ratio);
        canvas.height = Math.round(s * ratio);
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const c = colors(canvas);
      const v = view.current;
      const projection = projectionFor(v, s);
      const path = geoPath(projection, ctx);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, s, s);
      ctx.beginPath();
      path({ type: 'Sphere' });
      ctx.fillStyle = c.ocean;
      ctx.fill();
      ctx.beginPath();
      path(geoGraticule10());
      ctx.strokeStyle = c.line;
      ctx.lineWidth = 0.5;
      ctx.stroke();
      const land = v.zoom >= DETAIL_ZOOM && a.fine ? a.fine : a.coarse;
      if (land) {
        ctx.beginPath();
        path(land);
        ctx.fillStyle = c.land;
        ctx.fill();
        ctx.strokeStyle = c.edge;
        ctx.lineWidth = 0.6;
        ctx.stroke();
      }
      ctx.beginPath();
      path({ type: 'Sphere' });
      ctx.strokeStyle = c.edge;
      ctx.lineWidth = 1;
      ctx.stroke();

      const found = clusterPlaces(p, v, s);
      clusters.current = found;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      // Largest first, so the small ones stay clickable on top.
      for (const cluster of found) {
        const chosen = cluster.places.some((pl) => pl.cityId === sel);
        ctx.beginPath();
        ctx.arc(cluster.x, cluster.y, cluster.r, 0, Math.PI * 2);
        ctx.globalAlpha = 0.88;
        ctx.fillStyle = c.marker;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.lineWidth = chosen ? 3 : 1.5;
        ctx.strokeStyle = chosen ? c.ink : c.onMarker;
        ctx.stroke();
        if (cluster.r >= 9) {
          ctx.fillStyle = c.onMarker;
          ctx.font = `bold ${Math.min(14, Math.round(cluster.r * 0.9))}px system-ui, sans-serif`;
          ctx.fillText(String(cluster.count), cluster.x, cluster.y + 0.5);
        }
      }
    });
  };

  // The globe takes its column's width, up to MAX_SIZE.
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const measure = () => setSize(Math.min(MAX_SIZE, Math.floor(wrap.clientWidth)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let alive = true;
    loadAtlas(land110Url).then(
      (coarse) => alive && setAtlas((a) => ({ ...a, coarse })),
      () => alive && setAtlas((a) => ({ ...a, failed: true })),
    );
    return () => {
      alive = false;
    };
  }, []);

  const needFine = () => {
    if (view.current.zoom < DETAIL_ZOOM || latest.current.atlas.fine) return;
    loadAtlas(land50Url).then(
      (fine) => setAtlas((a) => ({ ...a, fine })),
      () => undefined,
    );
  };

  useEffect(draw);
  useEffect(() => () => {
    cancelAnimationFrame(frame.current);
    cancelAnimationFrame(animation.current);
  }, []);

  const setView = (next: GlobeView) => {
    cancelAnimationFrame(animation.current);
    view.current = { lng: wrapLng(next.lng), lat: clampLat(next.lat), zoom: clampZoom(next.zoom) };
    needFine();
    draw();
  };

  /** Turns (and zooms) to a view: smoothly, or at once when the visitor asked for less motion. */
  const flyTo = (target: GlobeView) => {
    cancelAnimationFrame(animation.current);
    if (prefersReducedMotion()) return setView(target);
    const from = view.current;
    const turn = geoInterpolate([from.lng, from.lat], [target.lng, target.lat]);
    const started = performance.now();
    const step = (now: number) => {
      const k = Math.min(1, (now - started) / 700);
      const eased = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      const [lng, lat] = turn(eased);
      view.current = { lng, lat, zoom: from.zoom + (target.zoom - from.zoom) * eased };
      draw();
      if (k < 1) animation.current = requestAnimationFrame(step);
      else needFine();
    };
    animation.current = requestAnimationFrame(step);
  };

  const focusKey = focus ? `${focus.lat},${focus.lng}` : '';
  useEffect(() => {
    if (!focus) return;
    flyTo({ lng: focus.lng, lat: focus.lat, zoom: Math.max(view.current.zoom, 2.5) });
    // The point is what changes, not the object holding it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);

  const zoomBy = (factor: number) => setView({ ...view.current, zoom: view.current.zoom * factor });

  // Wheel zooming must cancel the page's scroll: React's wheel listener is passive.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const v = view.current;
      view.current = { ...v, zoom: clampZoom(v.zoom * Math.exp(-event.deltaY * 0.0015)) };
      needFine();
      draw();
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  });

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const p = point(event);
    pointers.current.set(event.pointerId, p);
    cancelAnimationFrame(animation.current);
    if (pointers.current.size === 1) press.current = { ...p, moved: 0 };
    else {
      press.current = null;
      const [a, b] = [...pointers.current.values()];
      pinch.current = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const p = point(event);
    pointers.current.set(event.pointerId, p);
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch.current) setView({ ...view.current, zoom: view.current.zoom * (distance / pinch.current) });
      pinch.current = distance;
      return;
    }
    if (press.current) press.current.moved += Math.hypot(p.x - last.x, p.y - last.y);
    view.current = dragged(view.current, p.x - last.x, p.y - last.y, size);
    draw();
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    const pressed = press.current;
    press.current = null;
    if (!pressed || pressed.moved > CLICK_SLOP) return;
    const { x, y } = point(event);
    const hit = clusterAt(clusters.current, x, y);
    if (!hit) return;
    const [first] = hit.places;
    if (hit.places.length === 1 && first) onSelect(first.cityId);
    else if (first) flyTo({ lng: first.lng, lat: first.lat, zoom: Math.min(view.current.zoom * 2.5, 24) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const v = view.current;
    const turn = KEY_TURN / v.zoom;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => setView({ ...v, lng: v.lng - turn }),
      ArrowRight: () => setView({ ...v, lng: v.lng + turn }),
      ArrowUp: () => setView({ ...v, lat: v.lat + turn }),
      ArrowDown: () => setView({ ...v, lat: v.lat - turn }),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      _: () => zoomBy(1 / ZOOM_STEP),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const shown = places.filter((p) => p.count > 0).length;
  return (
    <div ref={wrapRef} className="relative mx-auto w-full max-w-[640px]">
      <canvas
        ref={canvasRef}
        role="img"
        tabIndex={0}
        aria-label={t('globe.label', { count: shown })}
        aria-busy={!atlas.coarse && !atlas.failed}
        data-testid="globe"
        style={{ width: size || undefined, height: size || undefined }}
        className="block aspect-square w-full cursor-grab touch-none rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ink active:cursor-grabbing"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      />
      {!atlas.coarse && !atlas.failed && <p className="pointer-events-none absolute inset-x-0 top-1/2 text-center text-sm text-ink-muted">{t('loading.globe')}</p>}
      {atlas.failed && <p className="mt-2 text-center text-sm text-ink-muted">{t('globe.atlasFailed')}</p>}
      <div role="group" aria-label={t('globe.controls')} className="absolute right-0 bottom-0 flex flex-col gap-2">
        <Button className="w-11 px-0" aria-label={t('globe.zoomIn')} title={t('globe.zoomIn')} onClick={() => zoomBy(ZOOM_STEP)}>
          <Plus aria-hidden="true" className="size-4" />
        </Button>
        <Button className="w-11 px-0" aria-label={t('globe.zoomOut')} title={t('globe.zoomOut')} onClick={() => zoomBy(1 / ZOOM_STEP)}>
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <Button className="w-11 px-0" aria-label={t('globe.reset')} title={t('globe.reset')} onClick={() => flyTo(START_VIEW)}>
          <RotateCcw aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
