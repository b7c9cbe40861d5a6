import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ProductType } from '../../../common/schemas/payments';
import type { TestUser } from '../../test/factories';

/** Test helpers for the payment flow through the API, as the browser drives it. */

export function paymentCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { as?: TestUser; payload?: unknown; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(opts.as ? { cookie: opts.as.cookie } : {}), ...(opts.lang ? { 'x-language': opts.lang } : {}) },
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
  });
}

/** Starts a purchase and answers our order id (fails the test on anything but 201). */
export async function startOrder(
  app: FastifyInstance,
  buyer: TestUser,
  productType: ProductType,
  extra: { postId?: number; returnPath?: string; lang?: string } = {},
): Promise<string> {
  const { lang, ...body } = extra;
  const res = await paymentCall(app, 'POST', '/api/payments/create-order', { as: buyer, payload: { productType, ...body }, lang });
  if (res.statusCode !== 201) throw new Error(`create-order answered ${res.statusCode}: ${res.body}`);
  return res.json().orderId as string;
}

/** The buyer's decision on the test provider's page; answers the call's result. */
export function decideTestOrder(app: FastifyInstance, buyer: TestUser, orderId: string, action: 'approve' | 'decline' | 'cancel', lang?: string) {
  return paymentCall(app, 'POST', `/api/payments/test-provider/orders/${orderId}`, { as: buyer, payload: { action }, lang });
}

/** A whole purchase on the test provider: create, approve (which captures). Answers the order id. */
export async function buyWithTestProvider(app: FastifyInstance, buyer: TestUser, productType: ProductType, extra: { postId?: number; returnPath?: string } = {}): Promise<string> {
  const orderId = await startOrder(app, buyer, productType, extra);
  const res = await decideTestOrder(app, buyer, orderId, 'approve');
  if (res.statusCode !== 200 || res.json().status !== 'completed') throw new Error(`approving answered ${res.statusCode}: ${res.body}`);
  return orderId;
}

export function orderRow(app: FastifyInstance, orderId: string) {
  return app.ctx.db.selectFrom('payment_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** The user's featuredUntil as the session answers it (what the browser refreshes after paying). */
export async function sessionFeaturedUntil(app: FastifyInstance, user: TestUser): Promise<string | null> {
  const res = await paymentCall(app, 'GET', '/api/auth/refresh-session', { as: user });
  return res.json().user.featuredUntil as string | null;
}

/** Inserts a planned post for the user straight into the table (the posts module's API is tested there). */
export async function insertPlannedPost(app: FastifyInstance, userId: number, status = 'planned'): Promise<number> {
  const now = new Date().toISOString();
  const row = await app.ctx.db
    .insertInto('instagram_posts')
    .values({ user_id: userId, type: 'story', caption: 'Flash day', hashtags: '[]', planned_at: new Date(Date.now() + 86_400_000).toISOString(), status, media_id: null, reminded_at: null, published_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
