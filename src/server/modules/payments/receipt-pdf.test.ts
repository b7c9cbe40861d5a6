import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../common/languages';
import type { Receipt } from '../../../common/schemas/payments';
import { receiptFileName, renderReceiptPdf } from './receipt-pdf';
import { productDescription, receiptText } from './receipt-texts';

const base: Receipt = {
  id: '6f1d2a4e-8a7b-4c1e-9d3f-1a2b3c4d5e6f',
  number: '2026-000001',
  issuedAt: '2026-11-24T10:15:00.000Z',
  seller: { name: 'Tinte & Nadel GmbH', address: 'Hauptstraße 5, 10115 Berlin, Deutschland', vatId: 'DE999999999' },
  buyer: { name: 'Łukasz Żółć', email: 'lukasz@example.test', username: 'lukasz' },
  productType: 'featured_artist',
  description: 'Featured-Status (14 Tage)',
  amountCents: 1990,
  currency: 'EUR',
  vatRate: 19,
  vatCents: 318,
  provider: 'test',
  providerOrderId: 'TESTORDER-1',
  test: true,
  language: 'de',
};

/** The PDF's text as a reader sees it: non-breaking spaces read as spaces. */
async function read(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/[\u00a0\u202f]/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('receipt PDF', () => {
  it('is a German small-amount invoice: seller, number, date, buyer, product, gross with VAT, payment', async () => {
    const pdf = await renderReceiptPdf(base, 'de');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await read(pdf);
    expect(pages).toBe(1);
    for (const part of [
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
      'Featured-Status (14 Tage)',
      'Gesamtbetrag (brutto): 19,90 €',
      'Darin enthalten 19 % USt.: 3,18 €',
      'Bezahlt mit: Testanbieter (keine echte Zahlung)',
      'Bestellnummer beim Zahlungsdienst: TESTORDER-1',
    ]) {
      expect(text, part).toContain(part);
    }
  });

  it('marks a test purchase in the receipt’s language and always in English', async () => {
    const { text } = await read(await renderReceiptPdf(base, 'de'));
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
      provider: 'paypal',
      providerOrderId: '5O190127TN364715T',
      test: false,
      language: 'en',
    };
    const { text } = await read(await renderReceiptPdf(paid, 'en'));
    expect(text).toContain('Юлия Смирнова');
    expect(text).toContain('Total (gross): €14.90');
    expect(text).toContain('Includes 19% VAT: €2.38');
    expect(text).toContain('11/24/2026');
    expect(text).toContain('Paid with: PayPal');
    expect(text).toContain('5O190127TN364715T');
    expect(text).not.toContain('TEST');
  });

  it('leaves out the VAT id line when the seller has none, and handles a rate with decimals', async () => {
    const { text } = await read(await renderReceiptPdf({ ...base, seller: { ...base.seller, vatId: null }, vatRate: 7.7, vatCents: 142 }, 'de'));
    expect(text).not.toContain('USt-IdNr.');
    expect(text).toContain('Darin enthalten 7,7 % USt.: 1,42 €');
  });

  it('speaks each interface language, with its money format', async () => {
    const money: Record<Language, string> = { en: '€19.90', de: '19,90 €', es: '19,90 €', fr: '19,90 €', pt: '19,90 €' };
    for (const lang of LANGUAGES) {
      const receipt = { ...base, description: productDescription('featured_artist', lang), language: lang };
      const { text } = await read(await renderReceiptPdf(receipt, lang));
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

  it('names the download after the number', () => {
    expect(receiptFileName('2026-000001')).toBe('receipt-2026-000001.pdf');
  });
});
