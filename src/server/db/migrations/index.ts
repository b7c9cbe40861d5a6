import type { Migration } from 'kysely';
import * as foundation from './2026-11-22-000-foundation';
import * as accounts from './2026-11-22-001-accounts';
import * as profiles from './2026-11-22-002-profiles';
import * as listings from './2026-11-22-003-listings';
import * as listingIndexes from './2026-11-22-004-listing-indexes';
import * as listingSearch from './2026-11-22-005-listing-search';
import * as reviewsMessages from './2026-11-24-000-reviews-messages';
import * as pictures from './2026-11-25-000-pictures';
import * as cityNames from './2026-11-25-001-city-names';
import * as payments from './2026-11-26-000-payments';
import * as listingOwnerIndexes from './2026-11-26-001-listing-owner-indexes';
import * as admin from './2026-11-27-000-admin';
import * as adminUsers from './2026-11-27-001-admin-users';
import * as adminModeration from './2026-11-27-002-admin-moderation';
import * as adminMoney from './2026-11-27-003-admin-money';
import * as adminInbox from './2026-11-27-004-admin-inbox';
import * as adminCities from './2026-11-27-005-admin-cities';
import * as search from './2026-11-27-060-search';
import * as appealsAndImportHeartbeat from './2026-11-27-020-appeals-and-import-heartbeat';
import * as locationSearch from './2026-11-27-050-location-search';
import * as notifications from './2026-11-27-010-notifications';
import * as forum from './2026-11-27-070-forum';
import * as listOrderIndexes from './2026-11-27-071-list-order-indexes';
import * as unreadCounters from './2026-11-27-075-unread-counters';
import * as idempotencyKeys from './2026-11-27-160-idempotency-keys';
import * as rateLimits from './2026-11-27-120-rate-limits';
import * as storageDeletions from './2026-11-27-110-storage-deletions';
import * as jobLeases from './2026-11-27-130-job-leases';
import * as outbox from './2026-11-27-131-outbox';
import * as dealTerms from './2026-11-28-000-deal-terms';
import * as dealRequests from './2026-11-28-010-deal-requests';
import * as calendarFeeds from './2026-11-28-030-calendar-feeds';
import * as agreementAcceptances from './2026-11-28-040-agreement-acceptances';
import * as trust from './2026-11-28-050-trust';
import * as follows from './2026-11-28-100-follows';
import * as cityAlerts from './2026-11-28-110-city-alerts';
import * as savedSearches from './2026-11-28-120-saved-searches';
import * as forumCategoryStats from './2026-11-28-130-forum-category-stats';
import * as idempotencyStoredRef from './2026-11-29-100-idempotency-stored-ref';
import * as userPictures from './2026-11-29-110-user-pictures';
import * as featuredIds from './2026-11-29-120-featured-ids';
import * as forumPostKinds from './2026-11-29-130-forum-post-kinds';
import * as searchKinds from './2026-11-29-140-search-kinds';
import * as mapIndexes from './2026-11-29-150-map-indexes';
import * as paymentUserDone from './2026-11-29-160-payment-user-done';

/** Every migration in order; the name is its file name, so the order is by ISO date. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-000-foundation': foundation,
  '2026-11-22-001-accounts': accounts,
  '2026-11-22-002-profiles': profiles,
  '2026-11-22-003-listings': listings,
  '2026-11-22-004-listing-indexes': listingIndexes,
  '2026-11-22-005-listing-search': listingSearch,
  '2026-11-24-000-reviews-messages': reviewsMessages,
  '2026-11-25-000-pictures': pictures,
  '2026-11-25-001-city-names': cityNames,
  '2026-11-26-000-payments': payments,
  '2026-11-26-001-listing-owner-indexes': listingOwnerIndexes,
  '2026-11-27-000-admin': admin,
  '2026-11-27-001-admin-users': adminUsers,
  '2026-11-27-002-admin-moderation': adminModeration,
  '2026-11-27-003-admin-money': adminMoney,
  '2026-11-27-004-admin-inbox': adminInbox,
  '2026-11-27-005-admin-cities': adminCities,
  '2026-11-27-060-search': search,
  '2026-11-27-020-appeals-and-import-heartbeat': appealsAndImportHeartbeat,
  '2026-11-27-050-location-search': locationSearch,
  '2026-11-27-010-notifications': notifications,
  '2026-11-27-070-forum': forum,
  '2026-11-27-071-list-order-indexes': listOrderIndexes,
  '2026-11-27-075-unread-counters': unreadCounters,
  '2026-11-27-160-idempotency-keys': idempotencyKeys,
  '2026-11-27-120-rate-limits': rateLimits,
  '2026-11-27-110-storage-deletions': storageDeletions,
  '2026-11-27-130-job-leases': jobLeases,
  '2026-11-27-131-outbox': outbox,
  '2026-11-28-000-deal-terms': dealTerms,
  '2026-11-28-010-deal-requests': dealRequests,
  '2026-11-28-030-calendar-feeds': calendarFeeds,
  '2026-11-28-040-agreement-acceptances': agreementAcceptances,
  '2026-11-28-050-trust': trust,
  '2026-11-28-100-follows': follows,
  '2026-11-28-110-city-alerts': cityAlerts,
  '2026-11-28-120-saved-searches': savedSearches,
  '2026-11-28-130-forum-category-stats': forumCategoryStats,
  '2026-11-29-100-idempotency-stored-ref': idempotencyStoredRef,
  '2026-11-29-110-user-pictures': userPictures,
  '2026-11-29-120-featured-ids': featuredIds,
  '2026-11-29-130-forum-post-kinds': forumPostKinds,
  '2026-11-29-140-search-kinds': searchKinds,
  '2026-11-29-150-map-indexes': mapIndexes,
  '2026-11-29-160-payment-user-done': paymentUserDone,
};
