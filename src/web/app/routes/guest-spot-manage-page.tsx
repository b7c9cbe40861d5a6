import { ApplicationsOfSpot, MoreApplications } from '../../features/deals';
import { GuestSpotManageWith } from '../../features/listings/manage-page';

/** /guestspots/manage: the studio's spots, each with the applications it received (Accept, Decline). */
export default function GuestSpotManagePage() {
  return <GuestSpotManageWith extras={{ below: (entry) => <ApplicationsOfSpot spotId={entry.id} title={entry.title} />, footer: <MoreApplications /> }} />;
}
