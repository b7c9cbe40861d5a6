import type { Availability } from '../../../common/schemas/availability';
import { ListingCard, usePeriodText, wantedPlaceText } from '../listings';
import { availabilityPath } from './api';

/** An availability in the public list: the artist's picture, title, artist, wanted place, period and styles. */
export function AvailabilityCard({ entry, priority = false }: { entry: Availability; priority?: boolean }) {
  const period = usePeriodText();
  return (
    <ListingCard
      href={availabilityPath(entry)}
      imageSrc={entry.artist.avatar}
      imageName={entry.artist.name}
      seed={entry.artist.id}
      title={entry.title}
      owner={entry.artist.name}
      place={wantedPlaceText(entry)}
      period={period(entry.startDate, entry.endDate)}
      styles={entry.styles}
      priority={priority}
    />
  );
}
