import type { Language } from '../../../common/languages';
import { PAYMENT_HISTORY_PAGE, type CaptureStatus, type PaymentHistoryAnswer, type PaymentHistoryItem, type ProductType } from '../../../common/schemas/payments';
import type { Db } from '../../db/index';
import { productDescription, receiptText } from './receipt-texts';
import * as repo from './repo';

type HistoryRow = repo.HistoryRow;

/**
 * How each stored status shows in the history. A capture under way (`capturing`) is still
 * pending for the buyer; orders never paid (created, cancelled, expired) are not listed.
 */
const SHOWN: Record<string, CaptureStatus> = {
  completed: 'completed',
  pending: 'pending',
  capturing: 'pending',
  failed: 'failed',
};

/** A history row as the answer carries it, the product named in `lang`. */
export function presentHistoryItem(row: HistoryRow, lang: Language): PaymentHistoryItem {
  const status = SHOWN[row.status] ?? 'pending';
  return {
    id: row.id,
    createdAt: row.created_at,
    description: productDescription(row.product_type, lang),
    productType: row.product_type as ProductType,
    orderId: row.provider_order_id ?? row.id,
    amount: row.amount_cents / 100,
    amountCents: row.amount_cents,
    currency: 'EUR',
    status,
    completedAt: status === 'completed' ? row.completed_at : null,
    receiptUrl: status === 'completed' ? `/api/payments/${row.id}/receipt.pdf` : null,
    test: row.provider === 'test',
  };
}

/** GET /api/payments/history: the viewer's payments, 20 a page, newest first. */
export async function paymentHistory(db: Db, userId: number, page: number, lang: Language): Promise<PaymentHistoryAnswer> {
  const rows = await repo.listHistory(db, userId, Object.keys(SHOWN), page);
  const payments = rows.slice(0, PAYMENT_HISTORY_PAGE).map((row) => presentHistoryItem(row, lang));
  // An empty first page is an empty history; an empty later page is simply past the end.
  const message = payments.length === 0 && page === 1 ? receiptText(lang, 'history.empty') : receiptText(lang, 'history.listed');
  return { success: true, payments, message, page, hasMore: rows.length > PAYMENT_HISTORY_PAGE };
}
