/**
 * The text namespace of a listing kind. The shared screens read the kind's own texts there under
 * one key layout (`list.*`, `detail.*`, `form.*`), and the common ones from `listings`.
 */
export type ListingNamespace = 'guestSpots' | 'availability';
