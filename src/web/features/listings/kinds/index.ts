import type { KindName, ListingKind } from '../kind';
import { AVAILABILITY } from './availability';
import { GUEST_SPOTS } from './guest-spots';

export { AVAILABILITY, GUEST_SPOTS };

/** Every kind by name; a kind names the other kind it is matched with. */
export const KINDS = { guestSpots: GUEST_SPOTS, availability: AVAILABILITY } as unknown as Record<KindName, ListingKind>;
