import { Coins } from 'lucide-react';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { OwnedListingCard, placeText } from '../listings';
import { guestSpotPath } from './api';

/** A guest spot in the public list: the studio's picture, title, studio, city, period, compensation and styles. */
export function GuestSpotCard({ spot, priority = false }: { spot: GuestSpot; priority?: boolean }) {
  return (
    <OwnedListingCard
      listing={spot}
      owner={spot.studio}
      href={guestSpotPath(spot)}
      place={placeText(spot.cityName, spot.countryName)}
      extra={
        spot.compensation ? (
          <span className="flex items-start gap-1.5">
            <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
            <span className="min-w-0 break-words">{spot.compensation}</span>
          </span>
        ) : null
      }
      priority={priority}
    />
  );
}
