import {
  AvailabilityDetailPage as AvailabilityDetail,
  GuestSpotDetailPage as GuestSpotDetail,
  type ContactSlot,
} from '../../features/listings/detail-page';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { ApplyButton, MessageButton } from '../../features/messages';

// A guest spot's contact actions: artists apply in one click (or open the conversation they
// started), and anyone may write to the studio.
const guestSpotContact: ContactSlot = ({ listing, owner, refresh }) => {
  const spot = listing as GuestSpot;
  return (
    <div className="flex flex-col gap-2">
      <ApplyButton spot={spot} studioId={owner.id} hasApplied={spot.hasApplied ?? false} onApplied={refresh} />
      <MessageButton recipient={{ id: owner.id, name: owner.name }} variant="secondary" />
    </div>
  );
};

const availabilityContact: ContactSlot = ({ owner }) => <MessageButton recipient={{ id: owner.id, name: owner.name }} />;

/** /guestspot/{slug}: the listing with Apply and the message dialog. */
export function GuestSpotDetailPage() {
  return <GuestSpotDetail contact={guestSpotContact} />;
}

/** /tattooartist/{slug} and /artist-availability/{id}: the listing with the message dialog. */
export function AvailabilityDetailPage() {
  return <AvailabilityDetail contact={availabilityContact} />;
}
