import type { DealRequestStatus, StayStatus } from '../../../../common/deal-limits';
import { pageQueryKeys } from '../../../../common/page-queries';

export type RequestRole = 'sent' | 'received';
export type RequestKind = 'application' | 'invitation';

/**
 * The query keys of the deals feature, all under `['deals', me]`, so a live `deal.changed` or
 * a decision refreshes every list, count and stay of the viewer in one call.
 */
export const dealKeys = {
  mine: (me: number) => ['deals', me] as const,
  requests: (me: number, filter: { role: RequestRole; status?: DealRequestStatus; kind?: RequestKind }) =>
    ['deals', me, 'requests', filter.role, filter.status ?? 'all', filter.kind ?? 'all'] as const,
  requestLists: (me: number) => ['deals', me, 'requests'] as const,
  stays: (me: number, status: StayStatus) => ['deals', me, 'stays', status] as const,
  summary: (me: number) => ['deals', me, 'summary'] as const,
  ownSpots: (me: number) => ['deals', me, 'ownSpots'] as const,
  /** A profile's public stays: the same for every viewer. */
  userStays: pageQueryKeys.userStays,
};
