import type { TFunction } from 'i18next';
import type { ProductType } from '../../../../common/schemas/payments';

/** A product's name in the interface language (the payments namespace). */
export function productName(t: TFunction<'payments'>, productType: ProductType): string {
  return t(`products.${productType}`);
}
