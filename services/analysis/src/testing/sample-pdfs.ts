import { PDFDocument, rgb } from 'pdf-lib';

/** A PDF whose page `drawOn` (1-based) has two boxes joined by a line; the other pages are empty. */
export async function drawingPdf(pages = 1, drawOn = pages): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 1; index <= pages; index++) {
    const page = document.addPage([612, 396]);
    if (index !== drawOn) continue;
    const black = rgb(0, 0, 0);
    page.drawRectangle({ x: 40, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
    page.drawRectangle({ x: 460, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
    page.drawLine({ start: { x: 140, y: 190 }, end: { x: 460, y: 190 }, thickness: 1.5, color: black });
  }
  return Buffer.from(await document.save());
}
