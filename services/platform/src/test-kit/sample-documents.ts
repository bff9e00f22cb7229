import { PDFDocument, PDFHexString } from 'pdf-lib';

/**
 * A PDF that needs a password to open. pdf-lib cannot encrypt, so this writes a standard security
 * handler dictionary (RC4, revision 2) whose user-password hash no empty password matches: every reader
 * asks for the password.
 */
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
