import { ADMIN_MONEY_PAGE, type CatalogueProduct, type LedgerRow, type PaymentsQuery } from '../../../common/schemas/admin-money';
import { PRODUCT_TYPES, type ProductType } from '../../../common/schemas/payments';
import { notFound } from '../../errors';
import { writeAudit } from './audit';
import type { AdminRouteOptions } from './options';
import { decodeCursor, encodeCursor } from './premium-cursor';
import * as repo from './premium-repo';

const isProductType = (v: string): v is ProductType => (PRODUCT_TYPES as readonly string[]).includes(v);

function presentProduct(row: repo.ProductRow): CatalogueProduct {
  return { productType: row.product_type as ProductType, amountCents: row.amount_cents, currency: row.currency, updatedAt: row.updated_at };
}

/** A completed order's receipt, which the receipts route serves an admin like its buyer. */
export const receiptPath = (orderId: string) => `/api/payments/${orderId}/receipt.pdf`;

function presentLedgerRow(row: repo.LedgerDbRow): LedgerRow {
  return {
    id: row.id,
    productType: row.product_type as ProductType,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status as LedgerRow['status'],
    provider: row.provider,
    providerOrderId: row.provider_order_id,
    receiptNumber: row.receipt_number,
    receiptUrl: row.receipt_number ? receiptPath(row.id) : null,
    user: row.user_id === null ? null : { id: row.user_id, username: row.username ?? '', name: row.name ?? '' },
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** The largest ledger one CSV holds; the filters narrow a bigger one. */
export const CSV_MAX_ROWS = 50_000;

const CSV_HEADER = ['created_at', 'completed_at', 'order_id', 'status', 'product_type', 'amount', 'currency', 'provider', 'provider_order_id', 'receipt_number', 'receipt_url', 'user_id', 'username', 'name'];

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a text a spreadsheet would
 * run as a formula (= + - @ first) gets a leading apostrophe, since buyers choose their names.
 */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type PremiumService = ReturnType<typeof createPremiumService>;

/** The catalogue's prices and the ledger of every order. */
export function createPremiumService({ db, ctx }: Pick<AdminRouteOptions, 'db' | 'ctx'>) {
  async function catalogue(): Promise<{ products: CatalogueProduct[] }> {
    const rows = (await repo.listCatalogue(db)).filter((r) => isProductType(r.product_type));
    rows.sort((a, b) => PRODUCT_TYPES.indexOf(a.product_type as ProductType) - PRODUCT_TYPES.indexOf(b.product_type as ProductType));
    return { products: rows.map(presentProduct) };
  }

  /** Sets a price: the next order copies it, orders made before keep theirs. */
  async function setPrice(adminId: number, productType: string, amountCents: number): Promise<CatalogueProduct> {
    if (!isProductType(productType)) throw notFound('productNotFound');
    const now = new Date().toISOString();
    const updated = await db.transaction().execute(async (trx) => {
      const before = await repo.findCatalogueEntry(trx, productType);
      if (!before) throw notFound('productNotFound');
      await repo.setPrice(trx, productType, amountCents, now);
      await writeAudit(trx, {
        adminId,
        action: 'product.price',
        targetType: 'product',
        targetId: productType,
        details: { before: { amountCents: before.amount_cents }, after: { amountCents } },
      });
      return { ...before, amount_cents: amountCents, updated_at: now };
    });
    return presentProduct(updated);
  }

  async function ledger(query: PaymentsQuery): Promise<{ payments: LedgerRow[]; nextCursor: string | null }> {
    const { cursor, ...filters } = query;
    const at = cursor === undefined ? undefined : decodeCursor(cursor, 'string');
    const rows = await repo.listLedger(db, filters, at ? { createdAt: at.value ?? '', id: at.id } : undefined, ADMIN_MONEY_PAGE + 1);
    const page = rows.slice(0, ADMIN_MONEY_PAGE);
    const last = page[page.length - 1];
    return { payments: page.map(presentLedgerRow), nextCursor: rows.length > ADMIN_MONEY_PAGE && last ? encodeCursor(last.created_at, last.id) : null };
  }

  /** The filtered ledger as CSV (amounts in euros with a point, times in UTC), page by page up to the cap. */
  async function ledgerCsv(query: Omit<PaymentsQuery, 'cursor'>): Promise<string> {
    const lines = [CSV_HEADER.join(',')];
    let after: { createdAt: string; id: string } | undefined;
    const batch = 1000;
    for (let taken = 0; taken < CSV_MAX_ROWS; taken += batch) {
      const rows = await repo.listLedger(db, query, after, batch);
      for (const r of rows) {
        lines.push(
          [
            r.created_at, r.completed_at, r.id, r.status, r.product_type, (r.amount_cents / 100).toFixed(2), r.currency, r.provider,
            r.provider_order_id, r.receipt_number, r.receipt_number ? `${ctx.config.publicUrl}${receiptPath(r.id)}` : null, r.user_id,
            r.username, r.name,
          ]
            .map(csvCell)
            .join(','),
        );
      }
      const last = rows[rows.length - 1];
      if (rows.length < batch || !last) break;
      after = { createdAt: last.created_at, id: last.id };
    }
    return `${lines.join('\r\n')}\r\n`;
  }

  return { catalogue, setPrice, ledger, ledgerCsv };
}
