import type { Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import type { PaymentHistoryAnswer, ProductType, Receipt } from '../../../common/schemas/payments';
import type { SessionUser } from '../../../common/schemas/session';
import type { PaymentsConfig } from '../../config';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Mail } from '../../lib/mail/index';
import { paymentHistory } from './history';
import { composeReceiptMail } from './receipt-mail';
import { receiptFileName, renderReceiptPdf } from './receipt-pdf';
import { productDescription } from './receipt-texts';
import * as repo from './repo';

/** The buyer as the receipt names them, copied at completion so it outlives the account. */
export interface BuyerSnapshot {
  name: string;
  email: string;
  username: string | null;
}

/** The seller as the receipt names them, copied at completion so a later change of the settings leaves old receipts alone. */
export interface SellerSnapshot {
  name: string;
  address: string;
  vatId: string | null;
  vatRate: number;
}

type OrderRow = repo.OrderRow;

/** 2026, 1 -> "2026-000001". */
export function formatReceiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** The VAT contained in a gross amount, in cents: gross * rate / (100 + rate), rounded to the cent. */
export function vatContained(grossCents: number, ratePercent: number): number {
  return Math.round((grossCents * ratePercent) / (100 + ratePercent));
}

/**
 * Gives a completing order its receipt number and copies buyer and seller onto it. Runs inside
 * the caller's completion transaction, so a rollback takes the number back with it: the
 * counter row of the year is incremented under its row lock (PostgreSQL; SQLite has one writer),
 * which keeps the numbers of a year gapless and unique however many orders complete at once.
 * An order that has its number already keeps it, so calling twice costs no number.
 */
export async function assignReceipt(trx: Transaction<Database>, orderId: string, completedAt: string, seller: PaymentsConfig['invoice']): Promise<string> {
  const order = await repo.lockReceiptOf(trx, orderId);
  if (!order) throw new Error(`payment order ${orderId} does not exist`);
  if (order.receipt_number) return order.receipt_number;

  const year = new Date(completedAt).getUTCFullYear();
  if (!Number.isInteger(year)) throw new Error(`completedAt ${completedAt} is not a date`);
  const number = formatReceiptNumber(year, await repo.nextReceiptSequence(trx, year));

  const user = order.user_id === null ? undefined : await repo.findBuyer(trx, order.user_id);
  const buyer: BuyerSnapshot = { name: user?.name ?? '', email: user?.email ?? '', username: user?.username ?? null };
  const sellerSnapshot: SellerSnapshot = { name: seller.sellerName, address: seller.sellerAddress, vatId: seller.vatId ?? null, vatRate: seller.vatRate };
  await repo.setReceipt(trx, orderId, { number, buyer: JSON.stringify(buyer), seller: JSON.stringify(sellerSnapshot) });
  return number;
}

/** Only a completed order with its number has a receipt. */
function hasReceipt(row: OrderRow | undefined): row is OrderRow & { receipt_number: string; completed_at: string } {
  return !!row && row.status === 'completed' && !!row.receipt_number && !!row.completed_at;
}

/** The receipt of a completed order, from its snapshots; the product's name in `lang`. */
export function presentReceipt(row: OrderRow & { receipt_number: string; completed_at: string }, lang: Language): Receipt {
  const seller = parseJson<Partial<SellerSnapshot>>(row.seller_snapshot);
  const buyer = parseJson<Partial<BuyerSnapshot>>(row.buyer_snapshot);
  const vatRate = typeof seller.vatRate === 'number' ? seller.vatRate : 0;
  return {
    id: row.id,
    number: row.receipt_number,
    issuedAt: row.completed_at,
    seller: { name: seller.name ?? '', address: seller.address ?? '', vatId: seller.vatId ?? null },
    buyer: { name: buyer.name ?? '', email: buyer.email ?? '', username: buyer.username ?? null },
    productType: row.product_type as ProductType,
    description: productDescription(row.product_type, lang),
    amountCents: row.amount_cents,
    currency: 'EUR',
    vatRate,
    vatCents: vatContained(row.amount_cents, vatRate),
    provider: row.provider === 'paypal' ? 'paypal' : 'test',
    providerOrderId: row.provider_order_id ?? row.id,
    test: row.provider === 'test',
    language: row.language,
  };
}

function parseJson<T>(text: string | null): T {
  if (!text) return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return {} as T;
  }
}

/** The language the order was placed in, which its receipt and mail speak. */
function orderLanguage(row: OrderRow): Language {
  return isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
}

export type ReceiptDeps = Pick<AppContext, 'db' | 'config' | 'mailer'>;
export type ReceiptService = ReturnType<typeof createReceiptService>;

export function createReceiptService({ db, config, mailer }: ReceiptDeps) {
  /**
   * The receipt the viewer may see: the buyer's own, or any for an admin. Anyone else, and an
   * order without a receipt, gets the same 404, so no one learns which orders exist.
   */
  async function readable(viewer: SessionUser, id: string) {
    const row = await repo.findOrder(db, id);
    if (!hasReceipt(row) || (row.user_id !== viewer.id && viewer.role !== 'admin')) throw notFound('paymentReceiptNotFound');
    return row;
  }

  return {
    /** GET /api/payments/history: the viewer's own orders, a page at a time. */
    history(viewer: SessionUser, page: number, lang: Language): Promise<PaymentHistoryAnswer> {
      return paymentHistory(db, viewer.id, page, lang);
    },

    /** GET /api/payments/{id}/receipt: the receipt as data, the product named in the request's language. */
    async receipt(viewer: SessionUser, id: string, lang: Language): Promise<Receipt> {
      return presentReceipt(await readable(viewer, id), lang);
    },

    /** GET /api/payments/{id}/receipt.pdf: in the order's language, like the mailed copy. */
    async receiptPdf(viewer: SessionUser, id: string): Promise<{ fileName: string; pdf: Buffer }> {
      const row = await readable(viewer, id);
      const lang = orderLanguage(row);
      const receipt = presentReceipt(row, lang);
      return { fileName: receiptFileName(receipt.number, lang), pdf: await renderReceiptPdf(receipt, lang) };
    },

    /**
     * Mails the buyer their receipt with the PDF attached, in the order's language; called once
     * the completion has committed (its outbox event, whose `key` the mail carries). Answers
     * whether a mail went out: an order without a receipt or an address (the account is gone)
     * sends nothing.
     */
    async mailReceipt(orderId: string, key?: Mail['key']): Promise<boolean> {
      const row = await repo.findOrder(db, orderId);
      if (!hasReceipt(row)) return false;
      const lang = orderLanguage(row);
      const receipt = presentReceipt(row, lang);
      if (!receipt.buyer.email) return false;
      const pdf = await renderReceiptPdf(receipt, lang);
      await mailer.send({ ...composeReceiptMail(config, receipt, lang, pdf), ...(key ? { key } : {}) });
      return true;
    },
  };
}
