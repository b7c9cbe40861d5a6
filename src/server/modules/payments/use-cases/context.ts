import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../../common/languages';
import type { SessionUser } from '../../../../common/schemas/session';
import type { AppContext } from '../../../context';
import { AppError, notFound } from '../../../errors';
import { noInvalidation, type Invalidation } from '../../../lib/answer-cache/index';
import type { EventKind, Outbox } from '../../../lib/outbox/index';
import type { CreditsPort } from '../entitlements';
import type { PaymentCompleted } from '../events';
import { createPaypalProvider } from '../providers/paypal';
import { centsToValue, type PaymentProvider, type ProviderAmount } from '../providers/provider';
import { createTestProvider, type TestProvider } from '../providers/test-provider';
import * as repo from '../repo';

export type OrderRow = repo.OrderRow;

export interface Log {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PaymentDeps extends Pick<AppContext, 'db' | 'config' | 'rateLimits'>, Partial<Pick<AppContext, 'invalidation' | 'metrics'>> {
  credits: CreditsPort;
  /**
   * The completion's outbox event (the receipt mail, the cleared caches), written in its
   * transaction; services.ts defines it. Without it (the demo seed) a completion sets off nothing.
   */
  completed?: EventKind<PaymentCompleted>;
  outbox?: Pick<Outbox, 'afterCommit'>;
  /** The provider; made from the config when not given (tests pass their own). */
  provider?: PaymentProvider | null;
  /** The clock of every decision (featured end, expiry); tests fix it. */
  now?: () => Date;
  log?: Log;
}

/** What every payment use case works with: the dependencies, resolved once per service. */
export interface PaymentContext extends Pick<AppContext, 'db' | 'config' | 'rateLimits'> {
  credits: CreditsPort;
  invalidation: Invalidation;
  provider: PaymentProvider | null;
  testProvider: TestProvider | null;
  now: () => Date;
  iso: () => string;
  log: Log;
  completed?: { event: EventKind<PaymentCompleted>; outbox: Pick<Outbox, 'afterCommit'> };
  metrics?: AppContext['metrics'];
}

export function providerFromConfig(config: AppContext['config'], db: AppContext['db'], now: () => Date): PaymentProvider | null {
  const payments = config.payments;
  if (payments.provider === 'paypal' && payments.paypal) return createPaypalProvider(payments.paypal);
  if (payments.provider === 'test') return createTestProvider(db, now);
  return null;
}

export function paymentContext(deps: PaymentDeps): PaymentContext {
  const { db, config, rateLimits, credits, invalidation = noInvalidation } = deps;
  const now = deps.now ?? (() => new Date());
  const provider = deps.provider === undefined ? providerFromConfig(config, db, now) : deps.provider;
  return {
    db,
    config,
    rateLimits,
    credits,
    invalidation,
    provider,
    testProvider: provider?.name === 'test' ? (provider as TestProvider) : null,
    now,
    iso: () => now().toISOString(),
    log: deps.log ?? { error: () => undefined, warn: () => undefined },
    completed: deps.completed && deps.outbox ? { event: deps.completed, outbox: deps.outbox } : undefined,
    metrics: deps.metrics,
  };
}

export function languageOf(order: Pick<OrderRow, 'language'>): Language {
  return isLanguage(order.language) ? order.language : DEFAULT_LANGUAGE;
}

/** A payment call's error: the error handler writes `{success: false, message, error}`. */
export const paymentError = (status: number, code: string) => new AppError(status, code);

export const amountMatches = (order: OrderRow, amount: ProviderAmount | null) =>
  !!amount && amount.value === centsToValue(order.amount_cents) && amount.currency === order.currency;

export const featuredOf = (ctx: PaymentContext, order: OrderRow) =>
  order.user_id === null ? Promise.resolve(null) : repo.featuredUntilOf(ctx.db, order.user_id);

export async function requireOwnOrder(ctx: PaymentContext, viewer: SessionUser, orderId: string): Promise<OrderRow> {
  const order = await repo.findOrder(ctx.db, orderId);
  // Another's order is answered as a missing one: its existence is not the viewer's business.
  if (!order || order.user_id !== viewer.id) throw notFound('orderNotFound');
  return order;
}
