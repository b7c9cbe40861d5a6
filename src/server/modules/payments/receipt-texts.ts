import { FEATURED_DAYS } from '../../../common/constants';
import { translate, type Dict } from '../../../common/i18n';
import { LOCALES, type Language } from '../../../common/languages';
import type { ProductType } from '../../../common/schemas/payments';
import de from '../../../common/locales/de/receipts.json';
import en from '../../../common/locales/en/receipts.json';
import es from '../../../common/locales/es/receipts.json';
import fr from '../../../common/locales/fr/receipts.json';
import pt from '../../../common/locales/pt/receipts.json';

// The receipts namespace lives in src/common so the web's printable receipt and history can show
// the same product names and labels as the PDF; the server reads it here, where it is used.
const dicts: Record<Language, Dict> = { en, de, es, fr, pt };

/** A text of the receipts namespace ("receipt.number", "products.instagram_reel"). */
export function receiptText(lang: Language, key: string, params?: Record<string, unknown>): string {
  return translate(dicts, lang, key, params);
}

/** What was bought, in the language: "Featured-Künstler (14 Tage)", "Reel-Promotion"; the web's premium box and checkout read the same words. */
export function productDescription(productType: ProductType | string, lang: Language): string {
  return receiptText(lang, `products.${productType}`, { days: FEATURED_DAYS });
}

/** A VAT rate as the language writes a percentage (de "19 %", en "19%"). */
export function formatRate(rate: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
}

/** The words that mark a test receipt: translated, with the English always there for anyone checking. */
export function testMark(lang: Language): string {
  const english = receiptText('en', 'receipt.test');
  const own = receiptText(lang, 'receipt.test');
  return own === english ? english : `${own} · ${english}`;
}
