import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { ADMIN_MONEY_PAGE, type PromotionRequest, type PromotionsQuery } from '../../../common/schemas/admin-money';
import type { PromotionProduct } from '../../../common/schemas/payments';
import { pathTo } from '../../../common/routes';
import { profilePath } from '../../../common/username';
import { t } from '../../i18n';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Emitted } from '../../lib/outbox/index';
import { writeAudit } from './audit';
import { adminEffects } from './effects';
import * as repo from './instagram-repo';
import type { AdminRouteOptions } from './options';
import { decodeCursor, encodeCursor } from './premium-cursor';

const STATUS_NAME = { requested: 'open', done: 'published', rejected: 'rejected' } as const;

function hashtagsOf(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function presentRequest(row: repo.RequestRow, now: Date): PromotionRequest {
  const status = STATUS_NAME[row.status as keyof typeof STATUS_NAME] ?? 'open';
  return {
    id: row.id,
    productType: row.product_type as PromotionProduct,
    status,
    user: { id: row.user_id, username: row.username, name: row.name },
    post: {
      id: row.post_id,
      type: row.post_type,
      caption: row.caption,
      hashtags: hashtagsOf(row.hashtags),
      plannedAt: row.planned_at,
      media: row.image_url && row.thumbnail_url ? { url: row.image_url, thumbnailUrl: row.thumbnail_url } : null,
    },
    permalink: row.permalink,
    reason: row.reason,
    overdue: status === 'open' && row.planned_at !== null && Date.parse(row.planned_at) < now.getTime(),
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

export type AdminInstagramService = ReturnType<typeof createAdminInstagramService>;

/**
 * The promotion requests: the queue by planned time, and the three decisions on an open one.
 * Each decision goes through the planned-posts service, whose guarded update lets exactly one
 * of any number of parallel decisions win; the audit entry is written inside that transaction.
 * The owner's mail is written in that transaction too and leaves after the commit (through the
 * outbox, retried while the mail server refuses); a failed mail never undoes the decision.
 */
export function createAdminInstagramService({ db, ctx, services }: AdminRouteOptions) {
  const effects = adminEffects(ctx);

  async function list(query: PromotionsQuery): Promise<{ requests: PromotionRequest[]; nextCursor: string | null }> {
    const { cursor, ...filters } = query;
    const at = cursor === undefined ? undefined : decodeCursor(cursor, 'number');
    const rows = await repo.listRequests(db, filters, at ? { value: at.value ?? '', id: at.id } : undefined, ADMIN_MONEY_PAGE + 1);
    const page = rows.slice(0, ADMIN_MONEY_PAGE);
    const last = page[page.length - 1];
    const now = new Date();
    const sortValue = (r: repo.RequestRow) => (filters.status === 'open' ? r.planned_at : r.decided_at) ?? '';
    return { requests: page.map((r) => presentRequest(r, now)), nextCursor: rows.length > ADMIN_MONEY_PAGE && last ? encodeCursor(sortValue(last), last.id) : null };
  }

  async function answer(id: number): Promise<PromotionRequest> {
    const row = await repo.findRequest(db, id);
    if (!row) throw new Error(`promotion ${id} vanished after its decision`);
    return presentRequest(row, new Date());
  }

  /** The owner's mail in their language, written in the decision's transaction. */
  async function tell(trx: Transaction<Database>, userId: number, compose: (lang: Language, name: string, link: string) => { subject: string; text: string }): Promise<Emitted | null> {
    const owner = await repo.findOwnerContact(trx, userId);
    if (!owner) return null;
    const lang = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
    const link = `${ctx.config.publicUrl}${pathTo('userPosts', { username: profilePath(owner.username) }, lang)}`;
    return effects.send(trx, { to: owner.email, ...compose(lang, owner.name || owner.username, link) });
  }

  const typeName = (lang: Language, productType: string) => t(lang, `mail:adminPromotion.types.${productType}`);

  async function publish(adminId: number, id: number, permalink: string): Promise<PromotionRequest> {
    await services.instagram.decidePromotion(id, 'done', {
      permalink,
      also: (trx, row) =>
        writeAudit(trx, {
          adminId,
          action: 'promotion.publish',
          targetType: 'post_promotion',
          targetId: id,
          details: { before: { status: 'requested' }, after: { status: 'done', permalink, postId: row.post_id } },
        }),
    });
    return answer(id);
  }

  /** Rejects it: the credit spent (or the product bought for it) comes back as a credit, and the owner learns why. */
  async function reject(adminId: number, id: number, reason: string): Promise<PromotionRequest> {
    let mail: Emitted | null = null;
    await services.instagram.decidePromotion(id, 'rejected', {
      reason,
      also: async (trx, row) => {
        await writeAudit(trx, {
          adminId,
          action: 'promotion.reject',
          targetType: 'post_promotion',
          targetId: id,
          reason,
          details: { before: { status: 'requested' }, after: { status: 'rejected', creditReturned: row.product_type, postId: row.post_id } },
        });
        mail = await tell(trx, row.user_id, (lang, name, link) => ({
          subject: t(lang, 'mail:adminPromotion.rejectedSubject', { type: typeName(lang, row.product_type) }),
          text: t(lang, 'mail:adminPromotion.rejectedBody', { name, type: typeName(lang, row.product_type), reason, link }),
        }));
      },
    });
    effects.committed([mail]);
    return answer(id);
  }

  /** Moves the post to another time (future, else 400); the owner is told the new time. */
  async function reschedule(adminId: number, id: number, plannedAt: string): Promise<PromotionRequest> {
    let mail: Emitted | null = null;
    const at = new Date(plannedAt).toISOString();
    await services.instagram.reschedulePromotion(id, plannedAt, async (trx, before) => {
      await writeAudit(trx, {
        adminId,
        action: 'promotion.reschedule',
        targetType: 'post_promotion',
        targetId: id,
        details: { before: { plannedAt: before.plannedAt }, after: { plannedAt: at }, postId: before.postId },
      });
      mail = await tell(trx, before.userId, (lang, name, link) => {
        const when = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(at));
        return {
          subject: t(lang, 'mail:adminPromotion.rescheduledSubject', { type: typeName(lang, before.productType) }),
          text: t(lang, 'mail:adminPromotion.rescheduledBody', { name, type: typeName(lang, before.productType), when, link }),
        };
      });
    });
    effects.committed([mail]);
    return answer(id);
  }

  return { list, publish, reject, reschedule };
}
