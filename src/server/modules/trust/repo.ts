import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { isVerifiedStudio } from '../../db/verified';

/** A stay counts as completed once its last day has passed and nobody cancelled it. */
const COMPLETED = ['confirmed', 'completed'];

export interface PromptRow {
  stay_id: number;
  end_date: string;
  other_id: number;
  other_name: string;
  other_username: string;
  other_avatar: string | null;
}

/**
 * The caller's completed stays that ended in [since, today), newest first, with the other side's
 * card, leaving out those whose other side the caller reviewed already or where either blocked
 * the other. One query; the stays' artist and studio indexes find the caller's rows.
 */
export async function reviewPrompts(db: Db, userId: number, since: string, today: string, limit: number): Promise<PromptRow[]> {
  const { rows } = await sql<PromptRow>`
    select s.id as stay_id, s.end_date, o.id as other_id, o.name as other_name, o.username as other_username, o.avatar as other_avatar
    from stays s
    join users o on o.id = case when s.artist_id = ${userId} then s.studio_id else s.artist_id end
    where (s.artist_id = ${userId} or s.studio_id = ${userId})
      and s.status in (${sql.join(COMPLETED)}) and s.end_date < ${today} and s.end_date >= ${since}
      and not exists (select 1 from reviews r where r.reviewer_id = ${userId} and r.reviewed_id = o.id)
      and not exists (select 1 from blocks b where (b.blocker_id = ${userId} and b.blocked_id = o.id) or (b.blocker_id = o.id and b.blocked_id = ${userId}))
    order by s.end_date desc, s.id desc
    limit ${limit}`.execute(db);
  return rows;
}

export interface RequestTiming {
  status: string;
  start_date: string;
  created_at: string;
  decided_at: string | null;
}

/**
 * The requests a user had to answer since `since`: applications to the studio's spots and
 * invitations to the artist's availabilities, newest first and at most `limit` (the figures read
 * a recent sample, never an unbounded list).
 */
export function requestsToAnswer(db: Db, userId: number, since: string, limit: number): Promise<RequestTiming[]> {
  return db
    .selectFrom('deal_requests')
    .select(['status', 'start_date', 'created_at', 'decided_at'])
    .where('created_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'application'), eb('studio_id', '=', userId)]),
        eb.and([eb('kind', '=', 'invitation'), eb('artist_id', '=', userId)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** How many completed stays a user had, on either side. */
export async function countCompletedStays(db: Db, userId: number, today: string): Promise<number> {
  const row = await db
    .selectFrom('stays')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.or([eb('artist_id', '=', userId), eb('studio_id', '=', userId)]))
    .where('status', 'in', COMPLETED)
    .where('end_date', '<', today)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user the figures are about, and whether an admin approved one of their documents. */
export function findTrustUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.user_type', 'users.role'])
    .select(isVerifiedStudio('users.id').as('verified'))
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type VerificationRow = Selectable<Database['studio_verifications']>;

const VERIFICATION_COLUMNS = ['id', 'user_id', 'status', 'document_key', 'content_type', 'reason', 'created_at', 'decided_at', 'decided_by'] as const;

/** A studio's newest upload, which is its status. */
export function latestVerification(db: Db, userId: number) {
  return db.selectFrom('studio_verifications').select(VERIFICATION_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Whether the studio holds an approved document already. */
export async function hasApproved(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('studio_verifications').select('id').where('user_id', '=', userId).where('status', '=', 'approved').limit(1).executeTakeFirst();
  return row !== undefined;
}

export function findVerification(db: Db, id: number) {
  return db.selectFrom('studio_verifications').select(VERIFICATION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * A new pending upload, or null when one waits already: the pending key decides, so of parallel
 * uploads one row is made.
 */
export async function insertVerification(db: Db, input: { userId: number; key: string; contentType: string; now: string }): Promise<number | null> {
  try {
    const row = await db
      .insertInto('studio_verifications')
      .values({ user_id: input.userId, status: 'pending', document_key: input.key, content_type: input.contentType, reason: null, created_at: input.now, decided_at: null, decided_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    const code = (err as { code?: string } | null)?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return null;
    throw err;
  }
}

/** One page of the admin queue by status, oldest first, with each studio's card. */
export function listVerifications(db: Db, status: string, limit: number) {
  return db
    .selectFrom('studio_verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.status', 'v.content_type', 'v.reason', 'v.created_at', 'v.decided_at', 'u.id as user_id', 'u.name', 'u.username', 'u.avatar'])
    .where('v.status', '=', status)
    .orderBy('v.id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Moves a pending verification to its decision, guarded by its status: of parallel decisions
 * exactly one update takes the row, and the caller writes its audit entry in the same
 * transaction. Answers the studio's id, or null when it was no longer pending.
 */
export async function decideVerification(
  trx: Transaction<Database>,
  input: { id: number; status: 'approved' | 'rejected'; reason: string | null; adminId: number; now: string },
): Promise<number | null> {
  const row = await trx
    .updateTable('studio_verifications')
    .set({ status: input.status, reason: input.reason, decided_at: input.now, decided_by: input.adminId })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export interface ReviewMailCandidate {
  stay_id: number;
  end_date: string;
  user_id: number;
  email: string;
  name: string;
  language: string | null;
  other_name: string;
  other_username: string;
}

/**
 * Sides of stays that ended in [since, today) and were not mailed yet, and whose other side
 * they have not reviewed: each stay twice, once per side. Oldest stays first.
 */
export async function dueReviewMails(db: Db, since: string, today: string, limit: number): Promise<ReviewMailCandidate[]> {
  const { rows } = await sql<ReviewMailCandidate>`
    select s.id as stay_id, s.end_date, u.id as user_id, u.email, u.name, u.language, o.name as other_name, o.username as other_username
    from stays s
    join users u on u.id = s.artist_id or u.id = s.studio_id
    join users o on o.id = case when u.id = s.artist_id then s.studio_id else s.artist_id end
    where s.status in (${sql.join(COMPLETED)}) and s.end_date < ${today} and s.end_date >= ${since}
      and not exists (select 1 from stay_review_mails m where m.stay_id = s.id and m.user_id = u.id)
      and not exists (select 1 from reviews r where r.reviewer_id = u.id and r.reviewed_id = o.id)
    order by s.end_date, s.id, u.id
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * Claims sides of stays for their mail: the primary key lets one insert of each pair through,
 * whichever process runs, and only what this call inserted is answered (and mailed).
 */
export async function claimReviewMails(db: Db, sides: { stayId: number; userId: number }[], now: string): Promise<{ stay_id: number; user_id: number }[]> {
  if (sides.length === 0) return [];
  return db
    .insertInto('stay_review_mails')
    .values(sides.map((s) => ({ stay_id: s.stayId, user_id: s.userId, sent_at: now })))
    .onConflict((oc) => oc.columns(['stay_id', 'user_id']).doNothing())
    .returning(['stay_id', 'user_id'])
    .execute();
}
