import { INK, LINE, MUTED, PAGE, startDocument } from '../../lib/pdf/index';
import type { Language } from '../../../common/languages';
import type { AgreementText } from '../../../common/schemas/agreements';

/** One language's version of the agreement with the acceptances written in that language. */
export interface AgreementPdfPart {
  text: AgreementText;
  /** "Stay no. 12", in the part's language. */
  reference: string;
  /** Set when the stay was cancelled, in the part's language. */
  cancelled: string | null;
  acceptancesHeading: string;
  /** One line per side: accepted by whom and when, or not yet. */
  acceptances: string[];
}

/**
 * The agreement as a PDF: each language's version after the other, each on its own page(s),
 * with the acceptances at its end, so either party can read and file the whole of it.
 */
export function renderAgreementPdf(parts: AgreementPdfPart[], meta: { title: string; createdAt: Date; lang: Language }): Promise<Buffer> {
  const { doc, done } = startDocument(meta.lang, { Title: meta.title, CreationDate: meta.createdAt, ModDate: meta.createdAt });

  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const rule = () => {
    const y = doc.y + 4;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.7).strokeColor(LINE).stroke();
    doc.y = y + 10;
  };

  parts.forEach((part, index) => {
    if (index > 0) doc.addPage();
    doc.font('regular').fontSize(9).fillColor(MUTED).text(part.reference, left, PAGE.margin, { width });
    doc.font('bold').fontSize(20).fillColor(INK).text(part.text.title, { width });
    doc.moveDown(0.3);
    doc.font('regular').fontSize(11).fillColor(INK).text(part.text.parties, { width });
    if (part.cancelled) doc.moveDown(0.3).font('bold').fontSize(11).text(part.cancelled, { width });
    doc.moveDown(0.6);
    rule();
    for (const section of part.text.sections) {
      doc.font('bold').fontSize(11).fillColor(INK).text(section.heading, left, doc.y, { width });
      doc.font('regular').fontSize(10.5).fillColor(INK);
      for (const line of section.lines) doc.text(line, { width });
      doc.moveDown(0.6);
    }
    rule();
    doc.font('bold').fontSize(11).fillColor(INK).text(part.acceptancesHeading, left, doc.y, { width });
    doc.font('regular').fontSize(10.5);
    for (const line of part.acceptances) doc.text(line, { width });
    doc.moveDown(1);
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(part.text.notice, { width });
  });

  doc.end();
  return done;
}
