import { lazy, Suspense, useState } from 'react';
import { CityAlertButton } from '../../features/city-alerts';
import TourPage, { type TourPlace } from '../../features/tour/tour-page';
import { useSession } from '../../lib/session';
import { useHydrating } from '../../ui/use-hydrating';

// The globe (d3-geo, the atlas, the map's texts) is decoration beside the list: its code loads
// once the page shows, so a tour opened from a link paints the list first.
const Globe = lazy(() => import('../../features/map/globe').then((m) => ({ default: m.Globe })));

/** The tour's cities on the key-less globe, turned to the first stop; its box keeps its size while the code arrives. */
function TourGlobe({ places }: { places: TourPlace[] }) {
  // Neither the server's markup nor the hydrated page draws it: it is the browser's alone.
  const hydrating = useHydrating();
  const [selected, setSelected] = useState<number | null>(null);
  const first = places[0];
  return (
    <div className="mx-auto aspect-square w-full max-w-[420px]">
      {!hydrating && (
        <Suspense fallback={null}>
          <Globe places={places} selectedId={selected} focus={first ? { lat: first.lat, lng: first.lng } : null} onSelect={setSelected} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * /{username}/tour: the tour feature's page with the map feature's globe beside the list, and the
 * city alert button for anyone but the artist herself.
 */
export default function TourRoute() {
  const session = useSession();
  // The server renders for visitors: the artist's own session hides the button after hydration.
  const hydrating = useHydrating();
  return (
    <TourPage
      globe={(places) => <TourGlobe places={places} />}
      alert={(artist) => (!hydrating && session.user?.id === artist.id ? null : <CityAlertButton artist={{ id: artist.id, name: artist.name }} />)}
    />
  );
}
