/** Files an attacker would upload instead of a drawing, made on the spot. */
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { samplePdf, samplePng } from '@pid/platform/test-kit/samples';

/** A ZIP archive of one entry that inflates to `inflatedBytes` of zeros (about 1000:1). */
export function zipBomb(inflatedBytes = 64 * 1024 * 1024): Buffer {
  const content = Buffer.alloc(inflatedBytes);
  const deflated = zlib.deflateRawSync(content, { level: 9 });
  const crc = zlib.crc32(content) >>> 0;
  const name = Buffer.from('drawing.pdf');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(inflatedBytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(inflatedBytes, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, deflated, central, name, end]);
}

/** A small PDF whose page tree claims a million pages (it holds one). */
export async function pdfClaimingAMillionPages(): Promise<Buffer> {
  const text = (await samplePdf()).toString('latin1');
  return Buffer.from(text.replace(/\/Count 1\b/, '/Count 1000000'), 'latin1');
}

/** A real PDF with many pages (each a tiny blank one), far beyond any P&ID set. */
export async function pdfWithPages(count: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < count; page += 1) document.addPage([72, 72]);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

interface TiffEntry {
  tag: number;
  type: 3 | 4;
  values: number[];
}

/** A little-endian TIFF written by hand from IFD entries, with `pixelData` after the header. */
function tiff(entries: TiffEntry[], pixelData: Buffer, nextIfdOffset = 0): Buffer {
  const ifdOffset = 8 + pixelData.length;
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach((entry, index) => {
    const at = 2 + index * 12;
    ifd.writeUInt16LE(entry.tag, at);
    ifd.writeUInt16LE(entry.type, at + 2);
    ifd.writeUInt32LE(entry.values.length, at + 4);
    if (entry.type === 3) entry.values.slice(0, 2).forEach((value, i) => ifd.writeUInt16LE(value, at + 8 + i * 2));
    else ifd.writeUInt32LE(entry.values[0]!, at + 8);
  });
  ifd.writeUInt32LE(nextIfdOffset === -1 ? ifdOffset : nextIfdOffset, 2 + entries.length * 12);
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0, 0, 0, 0]);
  header.writeUInt32LE(ifdOffset, 4);
  return Buffer.concat([header, pixelData, ifd]);
}

const baseTags = (width: number, height: number, extra: Partial<Record<number, number>> = {}): TiffEntry[] =>
  [
    { tag: 256, type: 4 as const, values: [width] },
    { tag: 257, type: 4 as const, values: [height] },
    { tag: 258, type: 3 as const, values: [extra[258] ?? 8] },
    { tag: 259, type: 3 as const, values: [1] },
    { tag: 262, type: 3 as const, values: [1] },
    { tag: 273, type: 4 as const, values: [8] },
    { tag: 277, type: 3 as const, values: [extra[277] ?? 1] },
    { tag: 278, type: 4 as const, values: [height] },
    { tag: 279, type: 4 as const, values: [extra[279] ?? 64] },
  ].sort((a, b) => a.tag - b.tag);

/** TIFFs with absurd tags: each must be refused without the decoder trying to honour it. */
export function absurdTiffs(): Array<[string, Buffer]> {
  const pixels = Buffer.alloc(64, 0xff);
  return [
    ['4294967295 × 4294967295 pixels', tiff(baseTags(0xffffffff, 0xffffffff), pixels)],
    ['1 × 1 pixel claiming 65535 bits per sample', tiff(baseTags(1, 1, { 258: 65535 }), pixels)],
    ['65535 samples per pixel', tiff(baseTags(8, 8, { 277: 65535 }), pixels)],
    ['a strip byte count far past the end of the file', tiff(baseTags(64, 64, { 279: 0x7fffffff }), pixels)],
    ['an IFD that claims 65535 entries', Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(32)])],
  ];
}

/** An 8 × 8 TIFF whose IFD chain points back at itself: readable, if the decoder does not loop. */
export function loopingTiff(): Buffer {
  return tiff(baseTags(8, 8), Buffer.alloc(64, 0xff), -1);
}

/** Lying names and polyglots: bytes that are not what the name says, or two formats at once. */
export async function disguisedFiles(): Promise<Array<[string, Buffer, string]>> {
  const png = await samplePng(64, 48);
  const html = '<!doctype html><html><body><script>fetch("/api/drawings").then(r=>r.text()).then(alert)</script></body></html>';
  return [
    ['an HTML page named .png', Buffer.from(html), 'drawing.png'],
    [
      'an SVG with a script named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      'drawing.png',
    ],
    ['a Windows executable named .pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]), 'drawing.pdf'],
    ['a GIF named .jpg', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]), 'drawing.jpg'],
    ['a ZIP bomb named .pdf', zipBomb(), 'drawing.pdf'],
    ['a PNG header on HTML (truncated PNG)', Buffer.concat([png.subarray(0, 33), Buffer.from(html)]), 'drawing.png'],
    ['a JPEG start marker on a script', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]), 'drawing.jpg'],
  ];
}

/** Files that are two things at once and valid as a drawing: accepted only if served back as an inert image. */
export async function polyglots(): Promise<Array<[string, Buffer, string]>> {
  const png = await samplePng(64, 48);
  const pdf = await samplePdf();
  const html = '<html><body><script>alert(document.domain)</script></body></html>';
  return [
    ['a PNG with an HTML page and a ZIP after its end', Buffer.concat([png, Buffer.from(html), zipBomb(1024 * 1024)]), 'drawing.png'],
    ['an HTML page with a PDF inside its first 1024 bytes', Buffer.concat([Buffer.from(`${html}\n`), pdf]), 'drawing.html'],
  ];
}
