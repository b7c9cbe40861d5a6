import type { Db } from '../../db/index';
import { PRODUCT_TYPES, type ProductType } from '../../../common/schemas/payments';

/** One catalogue row: what a product costs now. An order copies it, so later changes never touch it. */
export interface CatalogueEntry {
  productType: ProductType;
  amountCents: number;
  currency: string;
}

const isProductType = (v: string): v is ProductType => (PRODUCT_TYPES as readonly string[]).includes(v);

/** The whole catalogue in the order the products are listed everywhere (featured first). */
export async function listProducts(db: Db): Promise<CatalogueEntry[]> {
  const rows = await db.selectFrom('products').select(['product_type', 'amount_cents', 'currency']).execute();
  const entries = rows
    .filter((r) => isProductType(r.product_type))
    .map((r) => ({ productType: r.product_type as ProductType, amountCents: r.amount_cents, currency: r.currency }));
  return entries.sort((a, b) => PRODUCT_TYPES.indexOf(a.productType) - PRODUCT_TYPES.indexOf(b.productType));
}

export async function findProduct(db: Db, productType: ProductType): Promise<CatalogueEntry | undefined> {
  const row = await db.selectFrom('products').select(['product_type', 'amount_cents', 'currency']).where('product_type', '=', productType).executeTakeFirst();
  return row ? { productType, amountCents: row.amount_cents, currency: row.currency } : undefined;
}
