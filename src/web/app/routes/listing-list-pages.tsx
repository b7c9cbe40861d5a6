import { AvailabilityListPage as AvailabilityList, GuestSpotListPage as GuestSpotList } from '../../features/listings/list-page';
import { SaveSearchButton } from '../../features/saved-searches';

/** The public lists of guest spots and availabilities, with "Save this search" beside their filters. */
export const GuestSpotListPage = () => <GuestSpotList filterAction={(filters) => <SaveSearchButton kind="guest_spots" filters={filters} />} />;

export const AvailabilityListPage = () => <AvailabilityList filterAction={(filters) => <SaveSearchButton kind="availabilities" filters={filters} />} />;
