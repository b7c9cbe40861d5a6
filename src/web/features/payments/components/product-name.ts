import type { TFunction } from '../../../i18n/texts';
import { FEATURED_DAYS } from '../../../../common/constants';
import type { ProductType } from '../../../../common/schemas/payments';

/**
 * The namespaces a screen naming products needs: the names live in the receipts namespace, so
 * the premium box, the checkout page, the history and the receipt use the same words.
 */
export const PRODUCT_NAME_NAMESPACES = ['payments', 'receipts'] as const;

/** A product's name in the interface language, as the receipt writes it. */
export function productName(t: TFunction, productType: ProductType): string {
  return t(`receipts:products.${productType}`, { days: FEATURED_DAYS });
}
