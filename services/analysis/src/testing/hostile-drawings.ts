/**
 * Drawings made to hurt the analysis: each is something a customer could upload (on purpose or not) that once
 * stalled a worker, or could. Generated here, never stored: the hostile suite, the worker's budget tests and
 * `bench:soak` use them.
 */
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts, rgb } from 'pdf-lib';
import { denseVectorPdf } from '@pid/platform/test-kit/samples';
import sharp from 'sharp';

export { denseVectorPdf };

/** A3 landscape, in PDF points. */
const A3: [number, number] = [1191, 842];

/**
 * A drawing (two vessels and the pipe between them) whose page also draws Form XObject A, which draws B, which
 * draws A again: a loop with no end.
 */
export async function loopingFormsPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage(A3);
  const { context } = document;
  const formA = context.nextRef();
  const formB = context.nextRef();
  const form = (name: string, other: typeof formA) =>
    context.flateStream(Buffer.from(`0 0 m 100 100 l S /${name} Do`, 'latin1'), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, A3[0], A3[1]],
      Resources: { XObject: { [name]: other } },
    });
  context.assign(formA, form('B', formB));
  context.assign(formB, form('A', formA));
  page.node.set(PDFName.of('Resources'), context.obj({ XObject: { A: formA } }));
  const drawing = 'q 1.5 w 150 300 150 200 re S 800 300 150 200 re S 300 400 m 800 400 l S Q q /A Do Q';
  page.node.set(PDFName.of('Contents'), context.register(context.flateStream(Buffer.from(drawing, 'latin1'))));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/**
 * A PDF page holding one embedded greyscale image of `width` × `height` pixels, Flate-compressed (a
 * white image compresses to almost nothing, so the file is small and the decoded image is not).
 */
export async function hugeImagePdf(width: number, height: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage(A3);
  const { context } = document;
  // Packed off the event loop, so a test's in-process stack keeps serving (its idle keep-alive sockets close on time,
  // not under the next request); filling the 400 MB is not, and holds the process a second or two.
  const pixels = await promisify(deflate)(Buffer.alloc(width * height, 0xff), { level: 9 });
  const image = context.register(
    context.stream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    }),
  );
  page.node.set(PDFName.of('Resources'), context.obj({ XObject: { Im: image } }));
  const draw = `q ${A3[0]} 0 0 ${A3[1]} 0 0 cm /Im Do Q`;
  page.node.set(PDFName.of('Contents'), context.register(context.flateStream(Buffer.from(draw, 'latin1'))));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** A page of notes: text and nothing drawn. */
export async function textOnlyPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage(A3);
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let row = 0; row < 40; row++) {
    page.drawText(`NOTE ${row + 1}: ALL PIPING TO BE HYDROTESTED AT 1.5 TIMES DESIGN PRESSURE.`, {
      x: 60,
      y: A3[1] - 60 - row * 18,
      size: 11,
      font,
      color: rgb(0, 0, 0),
    });
  }
  return Buffer.from(await document.save());
}

/** A blank page, as a PDF. */
export async function blankPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage(A3);
  return Buffer.from(await document.save());
}

/** A bilevel scan: `inches` wide at `dpi`, A-series proportions, a grid of pipes and boxes, as a 1-bit PNG. */
export async function bilevelScanPng(dpi: number, inches = 16.5): Promise<Buffer> {
  const width = Math.round(inches * dpi);
  const height = Math.round((width * A3[1]) / A3[0]);
  const stroke = Math.max(1, Math.round(dpi / 100));
  const shapes: string[] = [];
  for (let x = 1; x < 8; x++)
    shapes.push(`<line x1="${(x * width) / 8}" y1="${height * 0.1}" x2="${(x * width) / 8}" y2="${height * 0.9}"/>`);
  for (let y = 1; y < 6; y++) {
    shapes.push(`<line x1="${width * 0.05}" y1="${(y * height) / 6}" x2="${width * 0.95}" y2="${(y * height) / 6}"/>`);
    shapes.push(`<rect x="${width * 0.2}" y="${(y * height) / 6 - dpi / 4}" width="${dpi / 2}" height="${dpi / 2}" fill="white"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>
    <g stroke="black" stroke-width="${stroke}" fill="none">${shapes.join('')}</g></svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).threshold(128).png({ palette: true, colours: 2 }).toBuffer();
}

/** A TIFF of `pages` tiny pages (each 16 × 16, one black pixel): only the first is a drawing's page. */
export async function manyPageTiff(pages: number): Promise<Buffer> {
  const pixels = Buffer.alloc(16 * 16 * pages, 0xff);
  for (let page = 0; page < pages; page++) pixels[page * 256 + 8 * 16 + 8] = 0;
  return sharp(pixels, { raw: { width: 16, height: 16 * pages, channels: 1, pageHeight: 16 } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/**
 * A JPEG whose frame header (SOF) claims `claimedWidth` × `claimedHeight` though it holds a small image:
 * decoders trust the header for the size they allocate.
 */
export async function lyingJpeg(claimedWidth: number, claimedHeight: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();
  for (let i = 2; i < jpeg.length - 9;) {
    if (jpeg[i] !== 0xff) break;
    const marker = jpeg[i + 1];
    const length = jpeg.readUInt16BE(i + 2);
    // SOF0..SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      jpeg.writeUInt16BE(claimedHeight, i + 5);
      jpeg.writeUInt16BE(claimedWidth, i + 7);
      return jpeg;
    }
    i += 2 + length;
  }
  throw new Error('no SOF marker in the JPEG');
}

/** A photo, not a drawing: smooth shading under grain, as a phone picture of a desk, `width` × `height`, JPEG. */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="light" cx="35%" cy="40%" r="80%"><stop offset="0" stop-color="#d9c7a8"/><stop offset="1" stop-color="#3b2f25"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#light)"/>
    <ellipse cx="${width * 0.6}" cy="${height * 0.55}" rx="${width * 0.18}" ry="${height * 0.12}" fill="#6b5140" opacity="0.7"/></svg>`;
  const shaded = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < shaded.length; i++) shaded[i] = Math.max(0, Math.min(255, shaded[i] + grain[i] - 128));
  return sharp(shaded, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
