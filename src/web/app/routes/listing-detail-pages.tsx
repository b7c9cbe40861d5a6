import {
  AvailabilityDetailPage as AvailabilityDetail,
  GuestSpotDetailPage as GuestSpotDetail,
  type ContactSlot,
  type MatchActionSlot,
} from '../../features/listings/detail-page';
import type { Availability } from '../../../common/schemas/availability';
import type { DealTerms } from '../../../common/schemas/deal-terms';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { ApplyAction, InviteAction } from '../../features/deals';
import { MessageButton } from '../../features/messages';
import { ReportAction } from '../../ui/report-action';

// A guest spot's contact actions: artists apply with their days and a message (or open the
// conversation they started), and anyone may write to the studio; logged-in users other than the studio may report it.
const guestSpotContact: ContactSlot = ({ listing, owner, refresh }) => {
  const spot = listing as GuestSpot & { terms?: DealTerms | null };
  return (
    <div className="flex flex-col gap-2">
      <ApplyAction spot={spot} studioId={owner.id} hasApplied={spot.hasApplied ?? false} onApplied={refresh} />
      <MessageButton recipient={{ id: owner.id, name: owner.name }} variant="secondary" />
      <ReportAction target={{ targetType: 'guest_spot', targetId: listing.id }} owner={owner} label="menu.reportListing" className="self-start" />
    </div>
  );
};

// Studios invite the artist as guest; anyone may write to them.
const availabilityContact: ContactSlot = ({ listing, owner }) => (
  <div className="flex flex-col gap-2">
    <InviteAction availability={{ id: listing.id, startDate: listing.startDate, endDate: listing.endDate, artist: owner }} />
    <MessageButton recipient={{ id: owner.id, name: owner.name }} />
    <ReportAction target={{ targetType: 'availability', targetId: listing.id }} owner={owner} label="menu.reportListing" className="self-start" />
  </div>
);

// The studio's matches of its own spot: artists it may invite.
const inviteMatch: MatchActionSlot = (matched) => {
  const availability = matched as Availability;
  return (
    <InviteAction
      size="sm"
      availability={{ id: availability.id, startDate: availability.startDate, endDate: availability.endDate, artist: availability.artist }}
    />
  );
};

/** /guestspot/{slug}: the listing with Apply, the message dialog and Report; for its studio, Invite on each match. */
export function GuestSpotDetailPage() {
  return <GuestSpotDetail contact={guestSpotContact} matchAction={inviteMatch} />;
}

/** /tattooartist/{slug} and /artist-availability/{id}: the listing with the message dialog and Report. */
export function AvailabilityDetailPage() {
  return <AvailabilityDetail contact={availabilityContact} />;
}
