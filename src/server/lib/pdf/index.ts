import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// Resolved through the package, not a path relative to this file, so it works from any install
// (and any build layout) that has the dependency.
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** DejaVu Sans, read once: it covers Latin with diacritics (Łukasz Żółć), Cyrillic and Greek. */
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** An A4 page in points with the documents' margin, and their three inks. */
export const PAGE = { width: 595.28, height: 841.89, margin: 56 };
export const INK = '#1a1a1a';
export const MUTED = '#5c5c5c';
export const LINE = '#c8c8c8';

/**
 * An A4 document in the language given, its fonts registered as `regular` and `bold`, and the
 * bytes it will have once `doc.end()` is called.
 */
export function startDocument(lang: string, info: PDFKit.DocumentInfo): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, lang, displayTitle: true, info });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
