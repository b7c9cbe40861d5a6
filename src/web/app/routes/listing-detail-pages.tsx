import {
  AvailabilityDetailPage as AvailabilityDetail,
  GuestSpotDetailPage as GuestSpotDetail,
  type ContactSlot,
} from '../../features/listings/detail-page';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { ApplyButton, MessageButton } from '../../features/messages';
import { ReportAction } from '../../ui/report-action';

// A guest spot's contact actions: artists apply in one click (or open the conversation they
// started), and anyone may write to the studio; logged-in users other than the studio may report it.
const guestSpotContact: ContactSlot = ({ listing, owner, refresh }) => {
  const spot = listing as GuestSpot;
  return (
    <div className="flex flex-col gap-2">
      <ApplyButton spot={spot} studioId={owner.id} hasApplied={spot.hasApplied ?? false} onApplied={refresh} />
      <MessageButton recipient={{ id: owner.id, name: owner.name }} variant="secondary" />
      <ReportAction target={{ targetType: 'guest_spot', targetId: listing.id }} owner={owner} label="menu.reportListing" className="self-start" />
    </div>
  );
};

const availabilityContact: ContactSlot = ({ listing, owner }) => (
  <div className="flex flex-col gap-2">
    <MessageButton recipient={{ id: owner.id, name: owner.name }} />
    <ReportAction target={{ targetType: 'availability', targetId: listing.id }} owner={owner} label="menu.reportListing" className="self-start" />
  </div>
);

/** /guestspot/{slug}: the listing with Apply, the message dialog and Report. */
export function GuestSpotDetailPage() {
  return <GuestSpotDetail contact={guestSpotContact} />;
}

/** /tattooartist/{slug} and /artist-availability/{id}: the listing with the message dialog and Report. */
export function AvailabilityDetailPage() {
  return <AvailabilityDetail contact={availabilityContact} />;
}
