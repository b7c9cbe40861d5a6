import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { GlobePlace } from './globe-geometry';
import { markerRadius } from './globe-geometry';

/** The part of Google's Maps JavaScript API this view uses. */
interface LatLng {
  lat: number;
  lng: number;
}
interface GoogleMapInstance {
  panTo(point: LatLng): void;
  setZoom(zoom: number): void;
  getZoom(): number | undefined;
}
interface GoogleMarker {
  setMap(map: GoogleMapInstance | null): void;
  addListener(event: 'click', handler: () => void): void;
}
interface GoogleMapsApi {
  Map: new (element: HTMLElement, options: Record<string, unknown>) => GoogleMapInstance;
  Marker: new (options: Record<string, unknown>) => GoogleMarker;
  SymbolPath: { CIRCLE: number };
}

const mapsApi = () => (globalThis as unknown as { google: { maps: GoogleMapsApi } }).google.maps;

/**
 * The places on Google Maps, once its script is ready: a circle a city, sized by its count as on
 * the globe; a click chooses the city. Loaded as its own chunk after the script.
 */
export default function GoogleMap({ places, focus, onSelect }: { places: GlobePlace[]; focus: LatLng | null; onSelect: (cityId: number) => void }) {
  const { t } = useTranslation('map');
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<GoogleMapInstance | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!element.current || map.current) return;
    map.current = new (mapsApi().Map)(element.current, {
      center: { lat: 35, lng: 10 },
      zoom: 2,
      mapTypeControl: false,
      streetViewControl: false,
      fullscreenControl: false,
    });
  }, []);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const api = mapsApi();
    const markers = places
      .filter((p) => p.count > 0)
      .map((place) => {
        const marker = new api.Marker({
          map: current,
          position: { lat: place.lat, lng: place.lng },
          title: place.name,
          label: { text: String(place.count), color: '#ffffff', fontSize: '12px', fontWeight: '700' },
          icon: { path: api.SymbolPath.CIRCLE, scale: markerRadius(place.count), fillColor: '#b3261e', fillOpacity: 0.9, strokeColor: '#ffffff', strokeWeight: 1.5 },
        });
        marker.addListener('click', () => select.current(place.cityId));
        return marker;
      });
    return () => markers.forEach((m) => m.setMap(null));
  }, [places]);

  useEffect(() => {
    if (!focus || !map.current) return;
    map.current.panTo(focus);
    if ((map.current.getZoom() ?? 0) < 8) map.current.setZoom(8);
  }, [focus]);

  return <div ref={element} role="region" aria-label={t('title')} className="h-[60vh] min-h-80 w-full rounded border border-line" data-testid="google-map" />;
}
