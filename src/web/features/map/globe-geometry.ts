import { geoDistance, geoOrthographic, type GeoProjection } from 'd3-geo';

/** A place the globe draws: where it is and how much is there under the shown toggles. */
export interface GlobePlace {
  cityId: number;
  name: string;
  lat: number;
  lng: number;
  count: number;
}

/** Markers drawn as one: the places in it, its screen position (the largest place's) and its total. */
export interface Cluster {
  x: number;
  y: number;
  r: number;
  count: number;
  places: GlobePlace[];
}

/** The view: the point of the globe facing the viewer and the zoom (1 = the whole globe fits). */
export interface GlobeView {
  lng: number;
  lat: number;
  zoom: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 24;
/** Zoom from which the finer atlas (1:50m) is worth its download. */
export const DETAIL_ZOOM = 3;
/** Markers closer than this (CSS pixels, edge to edge plus this) are drawn as one. */
const MERGE_GAP = 6;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
export const clampLat = (lat: number) => Math.min(89, Math.max(-89, lat));
/** A longitude brought into -180..180. */
export const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** A marker's radius: grows with the square root of the count, so the area tells the size. */
export const markerRadius = (count: number) => 5 + 3 * Math.sqrt(count);

/** The orthographic projection of a view in a square canvas of `size` CSS pixels. */
export function projectionFor(view: GlobeView, size: number): GeoProjection {
  return geoOrthographic()
    .rotate([-view.lng, -view.lat])
    .scale((size / 2 - 4) * view.zoom)
    .translate([size / 2, size / 2])
    .clipAngle(90)
    .precision(0.5);
}

/**
 * The markers of the places on the facing side, largest first; a place whose marker would touch
 * a larger one's joins it, so crowded regions show one marker with the sum.
 */
export function clusterPlaces(places: readonly GlobePlace[], view: GlobeView, size: number): Cluster[] {
  const projection = projectionFor(view, size);
  const centre: [number, number] = [view.lng, view.lat];
  const clusters: Cluster[] = [];
  const sorted = [...places].filter((p) => p.count > 0).sort((a, b) => b.count - a.count || a.cityId - b.cityId);
  for (const place of sorted) {
    // Beyond a quarter turn from the centre a place is on the far side.
    if (geoDistance([place.lng, place.lat], centre) > Math.PI / 2) continue;
    const point = projection([place.lng, place.lat]);
    if (!point) continue;
    const [x, y] = point;
    const r = markerRadius(place.count);
    const near = clusters.find((c) => Math.hypot(c.x - x, c.y - y) < c.r + r + MERGE_GAP);
    if (near) {
      near.places.push(place);
      near.count += place.count;
      near.r = markerRadius(near.count);
    } else {
      clusters.push({ x, y, r, count: place.count, places: [place] });
    }
  }
  return clusters;
}

/** The marker under a point, the smallest first (drawn last, so on top). */
export function clusterAt(clusters: readonly Cluster[], x: number, y: number): Cluster | undefined {
  let hit: Cluster | undefined;
  for (const c of clusters) if (Math.hypot(c.x - x, c.y - y) <= Math.max(c.r, 12) && (!hit || c.r < hit.r)) hit = c;
  return hit;
}

/** The view after dragging by (dx, dy) CSS pixels: a drag across the globe's radius turns it by about a radian. */
export function dragged(view: GlobeView, dx: number, dy: number, size: number): GlobeView {
  const degreesPerPixel = 180 / Math.PI / ((size / 2 - 4) * view.zoom);
  return { ...view, lng: wrapLng(view.lng - dx * degreesPerPixel), lat: clampLat(view.lat + dy * degreesPerPixel) };
}
