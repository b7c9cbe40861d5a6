import { INK, LINE, MUTED, PAGE, startDocument } from '../../lib/pdf/index';
import { formatDate, formatMoney } from '../../../common/format';
import type { Language } from '../../../common/languages';
import type { Receipt } from '../../../common/schemas/payments';
import { formatRate, receiptText, testMark } from './receipt-texts';

const WARN = '#b3261e';

/**
 * The file name a receipt downloads and is attached as, in the receipt's language:
 * Rechnung-2026-000001.pdf, Receipt-2026-000001.pdf. Kept to plain ASCII, so a translation can
 * never break the quoted Content-Disposition header.
 */
export function receiptFileName(number: string, lang: Language): string {
  return receiptText(lang, 'receipt.fileName', { number }).replace(/[^A-Za-z0-9._-]+/g, '-');
}

/**
 * A receipt as a PDF in `lang`: a German small-amount invoice (total under 250 €), which needs
 * the seller's name and address, the date, what was sold, the gross amount and the VAT rate;
 * the VAT contained, the VAT id, the buyer and the payment are there for the buyer's books.
 * The font is embedded (subset) so every name prints as written.
 */
export function renderReceiptPdf(receipt: Receipt, lang: Language): Promise<Buffer> {
  const tr = (key: string, params?: Record<string, unknown>) => receiptText(lang, key, params);
  const title = `${tr('receipt.title')} ${receipt.number}`;
  const issued = new Date(receipt.issuedAt);
  const { doc, done } = startDocument(lang, { Title: title, Author: receipt.seller.name, Subject: receipt.description, CreationDate: issued, ModDate: issued });

  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;

  if (receipt.test) {
    // A large faint diagonal mark behind the content, so a printout cannot pass for a real one.
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.font('bold').fontSize(120).fillColor(WARN).fillOpacity(0.12);
    doc.text('TEST', 0, PAGE.height / 2 - 70, { width: PAGE.width, align: 'center', lineBreak: false });
    doc.restore();
    doc.fillOpacity(1);
    // And a banner in words at the top, in the language and in English.
    doc.rect(left, PAGE.margin - 8, width, 30).fill(WARN);
    doc.font('bold').fontSize(12).fillColor('#ffffff').text(testMark(lang), left + 10, PAGE.margin, { width: width - 20, align: 'center' });
    doc.y = PAGE.margin + 36;
  }

  // Seller on the left, the receipt's number and date on the right.
  const top = doc.y;
  doc.font('bold').fontSize(11).fillColor(INK).text(receipt.seller.name, left, top, { width: width * 0.55 });
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of addressLines(receipt.seller.address)) doc.text(line, { width: width * 0.55 });
  if (receipt.seller.vatId) doc.text(`${tr('receipt.vatId')}: ${receipt.seller.vatId}`, { width: width * 0.55 });
  const sellerBottom = doc.y;

  const rightX = left + width * 0.58;
  const rightWidth = width * 0.42;
  doc.font('regular').fontSize(9).fillColor(MUTED).text(tr('receipt.number'), rightX, top, { width: rightWidth, align: 'right' });
  doc.font('bold').fontSize(11).fillColor(INK).text(receipt.number, { width: rightWidth, align: 'right' });
  doc.moveDown(0.4);
  doc.font('regular').fontSize(9).fillColor(MUTED).text(tr('receipt.date'), { width: rightWidth, align: 'right' });
  doc.font('regular').fontSize(11).fillColor(INK).text(formatDate(receipt.issuedAt.slice(0, 10), lang), { width: rightWidth, align: 'right' });
  doc.y = Math.max(sellerBottom, doc.y) + 28;

  doc.font('bold').fontSize(20).fillColor(INK).text(tr('receipt.title'), left, doc.y, { width });
  doc.font('regular').fontSize(10).fillColor(MUTED).text(tr('receipt.kind'), { width });
  doc.moveDown(1.2);

  doc.font('regular').fontSize(9).fillColor(MUTED).text(tr('receipt.buyer'), left, doc.y, { width });
  doc.font('regular').fontSize(11).fillColor(INK).text(receipt.buyer.name || receipt.buyer.email, { width });
  if (receipt.buyer.name && receipt.buyer.email) doc.fontSize(10).text(receipt.buyer.email, { width });
  doc.moveDown(1.5);

  // One line: quantity, product, gross amount.
  const qtyWidth = 50;
  const amountWidth = 110;
  const productWidth = width - qtyWidth - amountWidth;
  const headY = doc.y;
  doc.font('regular').fontSize(9).fillColor(MUTED);
  doc.text(tr('receipt.quantity'), left, headY, { width: qtyWidth });
  doc.text(tr('receipt.product'), left + qtyWidth, headY, { width: productWidth });
  doc.text(tr('receipt.gross'), left + qtyWidth + productWidth, headY, { width: amountWidth, align: 'right' });
  const ruleY = doc.y + 4;
  doc.moveTo(left, ruleY).lineTo(left + width, ruleY).lineWidth(0.7).strokeColor(LINE).stroke();

  const rowY = ruleY + 8;
  const gross = formatMoney(receipt.amountCents, lang);
  doc.font('regular').fontSize(11).fillColor(INK);
  doc.text('1', left, rowY, { width: qtyWidth });
  doc.text(receipt.description, left + qtyWidth, rowY, { width: productWidth - 10 });
  const rowBottom = doc.y;
  doc.text(gross, left + qtyWidth + productWidth, rowY, { width: amountWidth, align: 'right' });
  const totalRuleY = Math.max(rowBottom, doc.y) + 8;
  doc.moveTo(left, totalRuleY).lineTo(left + width, totalRuleY).lineWidth(0.7).strokeColor(LINE).stroke();

  doc.font('bold').fontSize(12).fillColor(INK).text(`${tr('receipt.gross')}: ${gross}`, left, totalRuleY + 10, { width, align: 'right' });
  const vat = tr('receipt.vatContained', { rate: formatRate(receipt.vatRate, lang), amount: formatMoney(receipt.vatCents, lang) });
  doc.font('regular').fontSize(10).fillColor(INK).text(vat, { width, align: 'right' });
  doc.moveDown(2);

  doc.font('bold').fontSize(11).fillColor(INK).text(tr('receipt.payment'), left, doc.y, { width });
  doc.font('regular').fontSize(10);
  doc.text(`${tr('receipt.provider')}: ${tr(`receipt.providers.${receipt.provider}`)}`, { width });
  doc.text(`${tr('receipt.providerOrderId')}: ${receipt.providerOrderId}`, { width });
  doc.moveDown(2);

  if (receipt.test) doc.font('bold').fontSize(10).fillColor(WARN).text(tr('receipt.testNote'), { width });
  doc.font('regular').fontSize(10).fillColor(MUTED).text(tr('receipt.thanks'), { width });

  doc.end();
  return done;
}

/** An address given on one line with commas ("Musterstraße 1, 12345 Musterstadt") prints as lines. */
function addressLines(address: string): string[] {
  return address
    .split(/\n|,\s*/)
    .map((line) => line.trim())
    .filter(Boolean);
}
