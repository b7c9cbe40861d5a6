import type { ReportState, ReportTargetType } from '../../../common/schemas/admin-moderation';
import { isPostgresDb, type Db } from '../../db/index';
import { indexListing } from '../search/index';

/** A place in the queue: the last group's first report time and its target. */
export interface GroupCursor {
  at: string;
  type: string;
  id: number;
}

/**
 * One page of reported targets: the reports of one state grouped by what they are about. Open
 * ones come oldest first (whoever waits longest is served first), closed ones newest first.
 */
export function listGroups(db: Db, filter: { status: ReportState; targetType?: ReportTargetType; after?: GroupCursor; limit: number }) {
  const ascending = filter.status === 'open';
  let query = db
    .selectFrom((eb) => {
      let grouped = eb
        .selectFrom('reports')
        .select((r) => [
          'reports.target_type',
          'reports.target_id',
          r.fn.countAll<number>().as('count'),
          r.fn.min('reports.created_at').as('first_at'),
          r.fn.max('reports.created_at').as('last_at'),
        ])
        .where('reports.status', '=', filter.status);
      if (filter.targetType) grouped = grouped.where('reports.target_type', '=', filter.targetType);
      return grouped.groupBy(['reports.target_type', 'reports.target_id']).as('g');
    })
    .selectAll('g');
  const key = ascending ? ('g.first_at' as const) : ('g.last_at' as const);
  if (filter.after) {
    const { at, type, id } = filter.after;
    query = query.where((eb) => eb(eb.refTuple(key, 'g.target_type', 'g.target_id'), ascending ? '>' : '<', eb.tuple(at, type, id)));
  }
  const direction = ascending ? 'asc' : 'desc';
  return query.orderBy(key, direction).orderBy('g.target_type', direction).orderBy('g.target_id', direction).limit(filter.limit).execute();
}

/** The reports of the given targets in one state, oldest first. */
export function findReportsOf(db: Db, status: ReportState, targets: { type: string; id: number }[]) {
  if (targets.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reports')
    .select(['target_type', 'target_id', 'reason', 'details', 'snapshot', 'created_at'])
    .where('status', '=', status)
    .where((eb) => eb.or(targets.map((t) => eb.and([eb('target_type', '=', t.type), eb('target_id', '=', t.id)]))))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Reported targets with open reports: the dashboard's count, as the queue lists them. */
export async function countOpenReports(db: Db): Promise<number> {
  const row = await db
    .selectFrom((eb) => eb.selectFrom('reports').select(['target_type', 'target_id']).where('status', '=', 'open').groupBy(['target_type', 'target_id']).as('g'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The open reports on a target with their reporters, locked until the transaction ends on
 * PostgreSQL, so two admins resolving it at once close them once.
 */
export function lockOpenReports(db: Db, type: string, id: number) {
  const query = db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .select([
      'reports.id', 'reports.reporter_id', 'reports.target_user_id', 'reports.created_at',
      'users.email as reporter_email', 'users.name as reporter_name', 'users.language as reporter_language',
    ])
    .where('reports.target_type', '=', type)
    .where('reports.target_id', '=', id)
    .where('reports.status', '=', 'open')
    .orderBy('reports.id');
  return (isPostgresDb(db) ? query.forUpdate('reports') : query).execute();
}

export async function closeReports(db: Db, ids: number[], change: { status: string; resolution: string; reason: string; now: string }): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: change.status, resolution: change.resolution, resolution_reason: change.reason, resolved_at: change.now })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

export type ListingTable = 'guest_spots' | 'availabilities';

/** A listing with its owner, locked for the step that hides or removes it. */
export function lockListing(db: Db, table: ListingTable, id: number) {
  const base =
    table === 'guest_spots'
      ? db.selectFrom('guest_spots as l').innerJoin('users', 'users.id', 'l.studio_id').select('l.studio_id as owner_id')
      : db.selectFrom('availabilities as l').innerJoin('users', 'users.id', 'l.artist_id').select('l.artist_id as owner_id');
  const query = base
    .select(['l.id', 'l.title', 'l.hidden_at', 'l.is_active', 'users.name as owner_name', 'users.email as owner_email', 'users.language as owner_language'])
    .where('l.id', '=', id);
  return (isPostgresDb(db) ? query.forUpdate('l') : query).executeTakeFirst();
}

/** Hides a listing: inactive and marked, so its owner cannot show it again on their own. */
export async function hideListing(db: Db, table: ListingTable, id: number, reason: string, now: string): Promise<void> {
  await db.updateTable(table).set({ hidden_at: now, hidden_reason: reason, is_active: 0, updated_at: now }).where('id', '=', id).execute();
  await indexListing(db, table === 'guest_spots' ? 'guestspots' : 'availabilities', id);
}

export async function deleteListing(db: Db, table: ListingTable, id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
  await indexListing(db, table === 'guest_spots' ? 'guestspots' : 'availabilities', id);
}

/** A message's parties, locked for its removal. */
export function lockMessage(db: Db, id: number) {
  const query = db.selectFrom('messages').select(['id', 'sender_id', 'receiver_id', 'removed_at']).where('id', '=', id);
  return (isPostgresDb(db) ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Removes a message's text for good while keeping its place in the thread (both sides read it
 * was removed), and out of the conversation lists' previews that copied it.
 */
export async function removeMessage(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('messages').set({ content: '', removed_at: now }).where('id', '=', id).execute();
  await db.updateTable('conversations').set({ last_message: '' }).where('last_message_id', '=', id).execute();
}

/** A review's reviewer, to know whether it still exists before removing it. */
export function findReview(db: Db, id: number) {
  return db.selectFrom('reviews').select(['id', 'reviewer_id', 'reviewed_id']).where('id', '=', id).executeTakeFirst();
}

export function findUser(db: Db, id: number) {
  return db.selectFrom('users').select(['id']).where('id', '=', id).executeTakeFirst();
}
