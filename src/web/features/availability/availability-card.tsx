import type { Availability } from '../../../common/schemas/availability';
import { OwnedListingCard, wantedPlaceText } from '../listings';
import { availabilityPath } from './api';

/** An availability in the public list: the artist's picture, title, artist, wanted place, period and styles. */
export function AvailabilityCard({ entry, priority = false }: { entry: Availability; priority?: boolean }) {
  return <OwnedListingCard listing={entry} owner={entry.artist} href={availabilityPath(entry)} place={wantedPlaceText(entry)} priority={priority} />;
}
