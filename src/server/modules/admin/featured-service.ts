import {
  ADMIN_MONEY_PAGE,
  ENDING_SOON_DAYS,
  type FeaturedAnswer,
  type FeaturedEntry,
  type FeaturedPeriod,
  type FeaturedQuery,
  type GrantFeaturedInput,
} from '../../../common/schemas/admin-money';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/languages';
import { FEATURED_DEFAULT_LIMIT } from '../../../common/constants';
import { conflict, notFound } from '../../errors';
import { tags } from '../../lib/answer-cache/index';
import { credits } from '../instagram/index';
import { FEATURED_CREDITS } from '../payments/index';
import { writeAudit } from './audit';
import { adminEffects, type AdminEffects } from './effects';
import type { Emitted } from '../../lib/outbox/index';
import * as repo from './featured-repo';
import type { AdminRouteOptions } from './options';
import { decodeCursor, encodeCursor } from './premium-cursor';

const DAY_MS = 86_400_000;

function presentPeriod(row: repo.PeriodRow): FeaturedPeriod {
  return {
    id: row.id,
    source: row.source === 'admin' ? 'admin' : 'purchase',
    orderId: row.order_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    revokedAt: row.revoked_at,
    reason: row.reason,
  };
}

export function daysLeft(featuredUntil: string | null, now: Date): number {
  if (!featuredUntil) return 0;
  return Math.max(0, Math.ceil((Date.parse(featuredUntil) - now.getTime()) / DAY_MS));
}

export interface FeaturedChange {
  userId: number;
  featuredUntil: string;
  periodId?: number;
}

export type AdminFeaturedService = ReturnType<typeof createAdminFeaturedService>;

/**
 * Featured status by hand: grants (from the later of now and the current end, like a purchase)
 * and revokes, each with its period row and its audit entry in the transaction that moves
 * featured_until; and the list of who is featured, with the home page's current rows.
 */
export function createAdminFeaturedService({ db, ctx, services }: AdminRouteOptions, clock: () => Date = () => new Date()) {
  /** The public answers that show featured status: the user's cards and session, the featured lists, the orderings by it. */
  const effects = adminEffects(ctx);
  const featuredChanged = (trx: Parameters<AdminEffects['clear']>[0], userId: number) =>
    effects.clear(trx, [tags.user(userId), tags.profile(userId), tags.featured, tags.artists, tags.listings('guest-spots'), tags.listings('availabilities')]);

  async function grant(adminId: number, userId: number, input: GrantFeaturedInput): Promise<FeaturedChange> {
    const now = clock();
    const at = now.toISOString();
    let events: Emitted[] = [];
    const change = await db.transaction().execute(async (trx) => {
      const user = await repo.lockUser(trx, userId);
      if (!user) throw notFound('userNotFound');
      const start = Math.max(now.getTime(), user.featured_until ? Date.parse(user.featured_until) || 0 : 0);
      const startsAt = new Date(start).toISOString();
      const endsAt = new Date(start + input.days * DAY_MS).toISOString();
      await repo.setFeaturedUntil(trx, userId, endsAt, at);
      const periodId = await repo.insertAdminPeriod(trx, { userId, adminId, startsAt, endsAt, reason: input.reason, now: at });
      if (input.includePromotions) for (const kind of FEATURED_CREDITS) await credits.grantCredit(trx, userId, kind, 1);
      await writeAudit(trx, {
        adminId,
        action: 'featured.grant',
        targetType: 'user',
        targetId: userId,
        reason: input.reason,
        details: {
          before: { featuredUntil: user.featured_until },
          after: { featuredUntil: endsAt, days: input.days, promotions: input.includePromotions ? [...FEATURED_CREDITS] : [] },
        },
      });
      events = [await featuredChanged(trx, userId)];
      return { userId, featuredUntil: endsAt, periodId };
    });
    effects.committed(events);
    return change;
  }

  /** Ends featured status now; promotion credits the user holds stay theirs. 409 when it is not active. */
  async function revoke(adminId: number, userId: number, reason: string): Promise<FeaturedChange> {
    const now = clock();
    const at = now.toISOString();
    let events: Emitted[] = [];
    const change = await db.transaction().execute(async (trx) => {
      const user = await repo.lockUser(trx, userId);
      if (!user) throw notFound('userNotFound');
      if (!user.featured_until || Date.parse(user.featured_until) <= now.getTime()) throw conflict('featuredNotActive');
      await repo.setFeaturedUntil(trx, userId, at, at);
      await repo.revokePeriods(trx, userId, at);
      await writeAudit(trx, {
        adminId,
        action: 'featured.revoke',
        targetType: 'user',
        targetId: userId,
        reason,
        details: { before: { featuredUntil: user.featured_until }, after: { featuredUntil: at } },
      });
      events = [await featuredChanged(trx, userId)];
      return { userId, featuredUntil: at };
    });
    effects.committed(events);
    return change;
  }

  async function list(query: FeaturedQuery, lang: Language = DEFAULT_LANGUAGE): Promise<FeaturedAnswer> {
    const now = clock();
    const at = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'number');
    const rows = await repo.listFeaturedUsers(db, query, now.toISOString(), at ? { until: at.value ?? '', id: at.id } : undefined, ADMIN_MONEY_PAGE + 1);
    const page = rows.slice(0, ADMIN_MONEY_PAGE);
    const periods = await repo.findPeriods(db, page.map((r) => r.id));
    const entries: FeaturedEntry[] = page.map((r) => {
      const left = daysLeft(r.featured_until, now);
      return {
        user: { id: r.id, username: r.username, name: r.name, userType: r.user_type === 'studio' ? 'studio' : 'artist' },
        featuredUntil: r.featured_until,
        daysLeft: left,
        endingSoon: query.status === 'active' && Date.parse(r.featured_until ?? '') - now.getTime() <= ENDING_SOON_DAYS * DAY_MS,
        periods: periods.filter((p) => p.user_id === r.id).map(presentPeriod),
      };
    });
    const last = page[page.length - 1];
    const [artists, studios] = await Promise.all([
      services.featured.artists(FEATURED_DEFAULT_LIMIT, lang),
      services.featured.studios(FEATURED_DEFAULT_LIMIT, lang),
    ]);
    const preview = (users: { id: number; username: string; name: string }[]) => users.map(({ id, username, name }) => ({ id, username, name }));
    return {
      entries,
      nextCursor: rows.length > ADMIN_MONEY_PAGE && last ? encodeCursor(last.featured_until, last.id) : null,
      home: { artists: preview(artists), studios: preview(studios) },
    };
  }

  return { grant, revoke, list };
}
