import type { TFunction } from '../../../i18n/texts';
import type { ProductType } from '../../../../common/schemas/payments';

/** A product's name in the interface language (the payments namespace). */
export function productName(t: TFunction, productType: ProductType): string {
  return t(`products.${productType}`);
}
