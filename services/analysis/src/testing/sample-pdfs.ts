import { PDFDocument, PDFHexString, rgb } from 'pdf-lib';

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

/** A PDF that needs a password: a standard security handler whose user password no empty password matches. */
export async function passwordProtectedPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]);
  const encrypt = document.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: PDFHexString.of('11'.repeat(32)),
    U: PDFHexString.of('22'.repeat(32)),
    P: -4,
  });
  document.context.trailerInfo.Encrypt = document.context.register(encrypt);
  document.context.trailerInfo.ID = document.context.obj([PDFHexString.of('ab'.repeat(16)), PDFHexString.of('ab'.repeat(16))]);
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
