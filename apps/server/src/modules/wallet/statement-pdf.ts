import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { STATEMENT_FEES_NOTE, currencyName, statementRows, statementTitle, type StatementFigures } from '@rush/domain';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;

/**
 * The statement as a PDF (issue 37), made with pdf-lib and its built-in Helvetica, so the text
 * is real text a reader (or pdftotext) can copy. The figures and their wording are the domain's
 * rows, the same as the page, the CSV and the mail.
 */
export async function statementPdf(
  s: StatementFigures,
  who: { username: string; productName: string; generatedAt: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${who.productName} ${statementTitle(s.month)}`);
  doc.setAuthor(who.productName);
  doc.setCreationDate(who.generatedAt);
  doc.setModificationDate(who.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const line = (text: string, font: PDFFont, size: number, x = MARGIN) => {
    page.drawText(text, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  line(`${who.productName} - ${statementTitle(s.month)}`, bold, 18);
  y -= 24;
  line(`Player: ${who.username}`, regular, 11);
  y -= 16;
  line(`Period: ${s.month} (UTC). Made ${who.generatedAt.toISOString().slice(0, 10)}.`, regular, 11);
  y -= 28;

  const rows = statementRows(s);
  for (const currency of ['usd', 'wbx'] as const) {
    line(currencyName(currency), bold, 13);
    y -= 18;
    for (const r of rows.filter((row) => row.currency === currency)) {
      y = figure(page, regular, r.label, r.shown, y);
    }
    y -= 12;
  }
  line('Play', bold, 13);
  y -= 18;
  for (const r of rows.filter((row) => row.currency === null)) y = figure(page, regular, r.label, r.shown, y);
  y -= 16;
  for (const text of wrap(STATEMENT_FEES_NOTE, regular, 10, PAGE.width - 2 * MARGIN)) {
    line(text, regular, 10);
    y -= 14;
  }
  return doc.save();
}

/** A label on the left and its amount right-aligned, one line; returns the next line's y. */
function figure(page: PDFPage, font: PDFFont, label: string, value: string, y: number): number {
  const size = 11;
  page.drawText(label, { x: MARGIN + 8, y, size, font });
  page.drawText(value, { x: PAGE.width - MARGIN - font.widthOfTextAtSize(value, size), y, size, font });
  return y - 16;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
