import { lazy, Suspense, useState } from 'react';
import { DemandCard, type DemandPlace } from '../../features/demand';
import { useHydrating } from '../../ui/use-hydrating';

// The globe (d3-geo, the atlas, the map's texts) only decorates the table beside it: its code
// loads once the card shows, as on the tour page.
const Globe = lazy(() => import('../../features/map/globe').then((m) => ({ default: m.Globe })));

/** The demand's cities on the key-less globe, turned to the fullest; its box keeps its size while the code arrives. */
function DemandGlobe({ places }: { places: DemandPlace[] }) {
  const hydrating = useHydrating();
  const [selected, setSelected] = useState<number | null>(null);
  const first = places[0];
  return (
    <div className="mx-auto aspect-square w-full max-w-[320px]">
      {!hydrating && (
        <Suspense fallback={null}>
          <Globe places={places} selectedId={selected} focus={first ? { lat: first.lat, lng: first.lng } : null} onSelect={setSelected} />
        </Suspense>
      )}
    </div>
  );
}

/** The dashboard's demand card (demand feature) with the map feature's globe, combined here as features never import each other. */
export function DashboardDemandCard() {
  return <DemandCard globe={(places) => <DemandGlobe places={places} />} />;
}
