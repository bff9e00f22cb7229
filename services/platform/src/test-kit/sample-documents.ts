import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';

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

/** A3 landscape, in PDF points. */
const A3: [number, number] = [1191, 842];

/** Park–Miller: the same file for the same seed, so a failure can be replayed. */
function random(seed: number) {
  let state = seed % 2147483647 || 1;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

/**
 * One A3 page of `segments` random straight strokes, its content stream Flate-compressed: at 1.1 million
 * segments it is the 8 MB upload that once held a worker at "Rendering the drawing" for nine minutes.
 */
export async function denseVectorPdf(segments: number, seed = 1): Promise<Buffer> {
  const next = random(seed);
  const coordinate = (side: number) => Math.round(next() * side);
  const lines: string[] = ['0.3 w'];
  for (let i = 0; i < segments; i++) {
    lines.push(`${coordinate(A3[0])} ${coordinate(A3[1])} m ${coordinate(A3[0])} ${coordinate(A3[1])} l`);
    // A stroke every 64 segments: paths of realistic length rather than one huge one.
    if (i % 64 === 63) lines.push('S');
  }
  lines.push('S');
  const document = await PDFDocument.create();
  const page = document.addPage(A3);
  const stream = document.context.flateStream(Buffer.from(lines.join('\n'), 'latin1'));
  page.node.set(PDFName.of('Contents'), document.context.register(stream));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
