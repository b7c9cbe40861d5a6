import { describe, expect, it } from 'vitest';
import { FEATURED_DAYS } from '../../../common/constants';
import { LANGUAGES, type Language } from '../../../common/languages';
import { PRODUCT_TYPES, PROMOTION_PRODUCTS } from '../../../common/schemas/payments';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>(['../../i18n/locales/*/{payments,posts,dashboard}.json', '../../../common/locales/*/receipts.json'], {
  eager: true,
  import: 'default',
});

function text(lang: Language, file: string, key: string): string {
  const tree = Object.entries(files).find(([path]) => path.endsWith(`/${lang}/${file}.json`))?.[1];
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`${lang}/${file}.json has no text ${key}`);
  return value;
}

/** A product's one name, as the receipt, history, premium box and checkout page show it. */
const nameOf = (lang: Language, type: string) => text(lang, 'receipts', `products.${type}`).replace('{{days}}', String(FEATURED_DAYS));

describe.each(LANGUAGES)('product texts in %s', (lang) => {
  const featuredText = text(lang, 'dashboard', 'payment.success');

  it.each(PROMOTION_PRODUCTS)("the success message after buying %s names that promotion and is not the featured text", (type) => {
    const message = text(lang, 'payments', `premium.flow.success.${type}`);
    expect(message.toLocaleLowerCase(lang)).toContain(nameOf(lang, type).toLocaleLowerCase(lang));
    expect(message).not.toBe(featuredText);
    for (const other of PROMOTION_PRODUCTS.filter((o) => o !== type)) {
      expect(message.toLocaleLowerCase(lang)).not.toContain(nameOf(lang, other).toLocaleLowerCase(lang));
    }
  });

  it("a featured purchase keeps the spec's payment=success text", () => {
    expect(text(lang, 'payments', 'premium.flow.success.featured_artist')).toBe(featuredText);
    expect(text(lang, 'payments', 'premium.flow.success.featured_studio')).toBe(featuredText);
  });

  it('every product has one distinct name, and the posts screens use the same words for the promotions', () => {
    const names = PRODUCT_TYPES.map((type) => nameOf(lang, type));
    expect(new Set(names).size).toBe(PRODUCT_TYPES.length);
    for (const type of PROMOTION_PRODUCTS) expect(text(lang, 'posts', `products.${type}`)).toBe(nameOf(lang, type));
  });
});
