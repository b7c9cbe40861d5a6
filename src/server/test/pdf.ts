import { PDFParse } from 'pdf-parse';

/**
 * A PDF's text as a reader sees it, and its page count. Non-breaking spaces (as in "19,90 €")
 * read as plain ones, so the checks can say what a person reads.
 */
export async function readPdf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/[\u00a0\u202f]/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}
