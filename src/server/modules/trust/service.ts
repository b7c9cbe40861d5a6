import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { SessionUser } from '../../../common/schemas/session';
import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import {
  REVIEW_PROMPT_DAYS,
  TRUST_MIN_ANSWERED,
  TRUST_WINDOW_DAYS,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_TYPES,
  type AdminVerification,
  type OwnVerification,
  type ReviewPrompt,
  type TrustFigures,
  type VerificationStatus,
} from '../../../common/schemas/trust';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-log';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { noInvalidation, tags } from '../../lib/answer-cache/index';
import { defineChange, type Emitted } from '../../lib/outbox/index';
import * as repo from './repo';

/** Where verification documents are stored: never served under /uploads, only through their guarded route. */
export const VERIFICATION_PREFIX = 'verifications/';

/** Whether a storage key is a private verification document. */
export const isPrivateDocumentKey = (key: string): boolean => key.startsWith(VERIFICATION_PREFIX);

export type TrustDeps = Pick<AppContext, 'db' | 'storage'> & Partial<Pick<AppContext, 'invalidation' | 'outbox'>> & {
  /** Today in Berlin and now; tests move them. */
  today?: () => string;
  now?: () => Date;
};
export type TrustService = ReturnType<typeof createTrustService>;

/** The newest requests the response figures read at most: a sample large enough for any studio's 90 days. */
const REQUEST_SAMPLE = 1000;
/** Prompts on the dashboard at most. */
const PROMPTS_MAX = 20;
/** The admin queue's length; the oldest come first, so nothing waits unseen. */
const QUEUE_MAX = 100;
const HOUR_MS = 3_600_000;
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

const userNotFound = () => notFound('userNotFound');
const verificationNotFound = () => notFound('verificationNotFound');

/** The median of a non-empty list of numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The response figures of a user's requests: answered ones (accepted or declined) against those
 * that needed an answer (answered, expired, or pending past their first day, which read as
 * expired); withdrawn ones and those still open in time count for neither. Below the minimum of
 * answered requests the rate and time are null, so a few requests never make a verdict.
 */
export function responseFigures(rows: repo.RequestTiming[], today: string): Pick<TrustFigures, 'responseRate' | 'typicalResponseHours' | 'answeredRequests'> {
  const answered = rows.filter((r) => (r.status === 'accepted' || r.status === 'declined') && r.decided_at);
  const missed = rows.filter((r) => r.status === 'expired' || (r.status === 'pending' && r.start_date < today)).length;
  if (answered.length < TRUST_MIN_ANSWERED) return { responseRate: null, typicalResponseHours: null, answeredRequests: answered.length };
  const hours = answered.map((r) => Math.max(0, Date.parse(r.decided_at as string) - Date.parse(r.created_at)) / HOUR_MS);
  return {
    responseRate: Math.round((answered.length * 100) / (answered.length + missed)),
    typicalResponseHours: Math.round(median(hours) * 10) / 10,
    answeredRequests: answered.length,
  };
}

export function createTrustService({ db, storage, invalidation = noInvalidation, outbox, today = () => todayInBerlin(), now = () => new Date() }: TrustDeps) {
  /**
   * An approved studio: the badge shows wherever the studio does, its profile and cards, the
   * featured, directory and guest spot lists, and the site search's guest spot hits (filed under
   * the spots' list).
   */
  const verified = defineChange<{ studioId: number }>(outbox, invalidation, 'trust.studio-verified', ({ studioId }) => [
    tags.user(studioId),
    tags.profile(studioId),
    tags.featured,
    tags.artists,
    tags.listings('guest-spots'),
  ]);

  /** GET /api/users/{id}/trust: public, four reads whatever the numbers. */
  async function figures(userId: number): Promise<TrustFigures> {
    const day = today();
    const since = new Date(now().getTime() - TRUST_WINDOW_DAYS * 24 * HOUR_MS).toISOString();
    const [user, requests, completedStays] = await Promise.all([
      repo.findTrustUser(db, userId),
      repo.requestsToAnswer(db, userId, since, REQUEST_SAMPLE),
      repo.countCompletedStays(db, userId, day),
    ]);
    // An admin is staff, with no public profile to show figures on.
    if (!user || user.role === 'admin') throw userNotFound();
    return { ...responseFigures(requests, day), completedStays, verifiedStudio: user.user_type === 'studio' && Boolean(user.verified) };
  }

  /** The caller's completed stays of the last 60 days whose other side they have not reviewed, one per person. */
  async function reviewPrompts(viewer: SessionUser): Promise<{ prompts: ReviewPrompt[] }> {
    const day = today();
    const rows = await repo.reviewPrompts(db, viewer.id, addDays(day, -REVIEW_PROMPT_DAYS), day, PROMPTS_MAX);
    const seen = new Set<number>();
    const prompts: ReviewPrompt[] = [];
    // A pair with several stays has one review: the latest stay asks for it.
    for (const row of rows) {
      if (seen.has(row.other_id)) continue;
      seen.add(row.other_id);
      prompts.push({ stayId: row.stay_id, endDate: row.end_date, otherUser: { id: row.other_id, name: row.other_name, username: row.other_username, avatar: row.other_avatar } });
    }
    return { prompts };
  }

  function presentOwn(row: repo.VerificationRow | undefined): OwnVerification {
    if (!row) return { status: 'none', id: null, reason: null, createdAt: null, decidedAt: null };
    return { status: row.status as VerificationStatus, id: row.id, reason: row.reason, createdAt: row.created_at, decidedAt: row.decided_at };
  }

  async function ownVerification(viewer: SessionUser): Promise<OwnVerification> {
    if (viewer.userType !== 'studio') throw forbidden('verificationStudiosOnly');
    return presentOwn(await repo.latestVerification(db, viewer.id));
  }

  /**
   * Stores a studio's document privately and files it for review. The type is sniffed from the
   * bytes (the name and the browser's type are the sender's word); one document waits at a time,
   * the pending key deciding between parallel uploads, and an approved studio has nothing to send.
   */
  async function upload(viewer: SessionUser, buffer: Buffer): Promise<OwnVerification> {
    if (viewer.userType !== 'studio') throw forbidden('verificationStudiosOnly');
    if (buffer.length > VERIFICATION_DOCUMENT_MAX_BYTES) throw new AppError(413, 'verificationTooLarge', { maxMb: 10 });
    const sniffed = await fileTypeFromBuffer(buffer);
    const type = VERIFICATION_DOCUMENT_TYPES.find((t) => t === sniffed?.mime);
    if (!type) throw new AppError(400, 'verificationType', {}, { field: 'document' });
    if (await repo.hasApproved(db, viewer.id)) throw conflict('verificationApproved');
    const key = `${VERIFICATION_PREFIX}${viewer.id}/${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
    await storage.put(key, buffer, type);
    let id: number | null;
    try {
      id = await repo.insertVerification(db, { userId: viewer.id, key, contentType: type, now: now().toISOString() });
    } catch (err) {
      await storage.delete([key]);
      throw err;
    }
    if (id === null) {
      await storage.delete([key]);
      throw conflict('verificationPending');
    }
    return presentOwn(await repo.latestVerification(db, viewer.id));
  }

  /** The document's bytes, to its studio and admins only: everyone else learns nothing, not even that it exists. */
  async function document(viewer: SessionUser | null, id: number): Promise<{ body: Buffer; contentType: string; name: string }> {
    const row = await repo.findVerification(db, id);
    if (!row || !viewer || (viewer.id !== row.user_id && viewer.role !== 'admin')) throw verificationNotFound();
    const body = await storage.get(row.document_key);
    if (!body) throw verificationNotFound();
    return { body, contentType: row.content_type, name: `verification-${row.id}.${EXTENSIONS[row.content_type] ?? 'bin'}` };
  }

  async function queue(status: VerificationStatus): Promise<{ verifications: AdminVerification[] }> {
    const rows = await repo.listVerifications(db, status, QUEUE_MAX);
    return {
      verifications: rows.map((r) => ({
        id: r.id,
        status: r.status as VerificationStatus,
        contentType: r.content_type,
        reason: r.reason,
        createdAt: r.created_at,
        decidedAt: r.decided_at,
        studio: { id: r.user_id, name: r.name, username: r.username, avatar: r.avatar },
      })),
    };
  }

  /** Approves or rejects a pending document, with its audit entry in the same transaction; a decided one is 409. */
  async function decide(admin: SessionUser, id: number, decision: { status: 'approved' | 'rejected'; reason: string | null }): Promise<void> {
    const at = now().toISOString();
    let events: Emitted[] = [];
    const outcome = await db.transaction().execute(async (trx) => {
      const studioId = await repo.decideVerification(trx, { id, status: decision.status, reason: decision.reason, adminId: admin.id, now: at });
      if (studioId === null) return null;
      await writeAudit(trx, {
        adminId: admin.id,
        action: decision.status === 'approved' ? 'verification.approve' : 'verification.reject',
        targetType: 'verification',
        targetId: id,
        reason: decision.reason,
        details: { before: { status: 'pending' }, after: { status: decision.status, studioId } },
      });
      if (decision.status !== 'approved') return 0;
      events = await verified.emit(trx, { studioId });
      return studioId;
    });
    if (outcome) verified.committed(events, { studioId: outcome });
    if (outcome !== null) return;
    if (!(await repo.findVerification(db, id))) throw verificationNotFound();
    throw conflict('verificationDecided');
  }

  return { figures, reviewPrompts, ownVerification, upload, document, queue, decide };
}
