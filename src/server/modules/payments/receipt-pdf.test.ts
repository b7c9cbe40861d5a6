import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../common/languages';
import type { Receipt } from '../../../common/schemas/payments';
import { featuredReceipt, PAID_WITH_PAYPAL } from '../../../common/schemas/payments.testing';
import { expectToContainAll } from '../../test/expect-text';
import { readPdf } from '../../test/pdf';
import { receiptFileName, renderReceiptPdf } from './receipt-pdf';
import { productDescription, receiptText } from './receipt-texts';

const base = featuredReceipt();

describe('receipt PDF', () => {
  it('is a German small-amount invoice: seller, number, date, buyer, product, gross with VAT, payment', async () => {
    const pdf = await renderReceiptPdf(base, 'de');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await readPdf(pdf);
    expect(pages).toBe(1);
    expectToContainAll(text, [
      'Tinte & Nadel GmbH',
      'Hauptstraße 5',
      '10115 Berlin',
      'USt-IdNr.: DE999999999',
      'Rechnungsnummer',
      '2026-000001',
      '24.11.2026',
      'Kleinbetragsrechnung',
      'Łukasz Żółć',
      'lukasz@example.test',
      'Featured-Künstler (14 Tage)',
      'Gesamtbetrag (brutto): 19,90 €',
      'Darin enthalten 19 % USt.: 3,18 €',
      'Bezahlt mit: Testanbieter (keine echte Zahlung)',
      'Bestellnummer beim Zahlungsdienst: TESTORDER-1',
    ]);
  });

  it('marks a test purchase in the receipt’s language and always in English', async () => {
    const { text } = await readPdf(await renderReceiptPdf(base, 'de'));
    expect(text).toContain('TEST: keine Zahlung erfolgt');
    expect(text).toContain('TEST: no payment made');
    expect(text).toContain('Diese Rechnung gehört zu einem Testkauf.');
  });

  it('prints a Cyrillic name, English money and no test mark for a paid order', async () => {
    const paid: Receipt = {
      ...base,
      buyer: { name: 'Юлия Смирнова', email: 'yulia@example.test', username: null },
      description: 'Instagram reel',
      productType: 'instagram_reel',
      amountCents: 1490,
      vatCents: 238,
      ...PAID_WITH_PAYPAL,
      language: 'en',
    };
    const { text } = await readPdf(await renderReceiptPdf(paid, 'en'));
    expectToContainAll(text, ['Юлия Смирнова', 'Total (gross): €14.90', 'Includes 19% VAT: €2.38', '11/24/2026', 'Paid with: PayPal', '5O190127TN364715T']);
    expect(text).not.toContain('TEST');
  });

  it('leaves out the VAT id line when the seller has none, and handles a rate with decimals', async () => {
    const { text } = await readPdf(await renderReceiptPdf({ ...base, seller: { ...base.seller, vatId: null }, vatRate: 7.7, vatCents: 142 }, 'de'));
    expect(text).not.toContain('USt-IdNr.');
    expect(text).toContain('Darin enthalten 7,7 % USt.: 1,42 €');
  });

  it('speaks each interface language, with its money format', async () => {
    const money: Record<Language, string> = { en: '€19.90', de: '19,90 €', es: '19,90 €', fr: '19,90 €', pt: '19,90 €' };
    for (const lang of LANGUAGES) {
      const receipt = { ...base, description: productDescription('featured_artist', lang), language: lang };
      const { text } = await readPdf(await renderReceiptPdf(receipt, lang));
      expect(text, lang).toContain(receiptText(lang, 'receipt.number'));
      expect(text, lang).toContain(receiptText(lang, 'receipt.buyer'));
      expect(text, lang).toContain(productDescription('featured_artist', lang));
      expect(text, lang).toContain(money[lang]);
      expect(text, lang).toContain('TEST: no payment made');
    }
  });

  it('embeds its Unicode font rather than relying on the reader’s', async () => {
    const raw = (await renderReceiptPdf(base, 'de')).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toContain('/FontFile2');
  });

  it('names the download after the number, with the language’s word for the receipt', () => {
    expect(receiptFileName('2026-000001', 'de')).toBe('Rechnung-2026-000001.pdf');
    expect(receiptFileName('2026-000001', 'en')).toBe('Receipt-2026-000001.pdf');
    expect(receiptFileName('2026-000001', 'es')).toBe('Factura-2026-000001.pdf');
    expect(receiptFileName('2026-000001', 'fr')).toBe('Facture-2026-000001.pdf');
    expect(receiptFileName('2026-000001', 'pt')).toBe('Fatura-2026-000001.pdf');
  });
});
