import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_unused, index) => {
  let c = index;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A greyscale PNG of a white sheet with a few black boxes and lines, like a tiny P&ID. */
export function drawingPng(width = 800, height = 400): Buffer {
  const raw = Buffer.alloc((width + 1) * height, 255);
  const ink = (x: number, y: number) => {
    raw[y * (width + 1) + 1 + x] = 0;
  };
  for (let y = 0; y < height; y += 1) raw[y * (width + 1)] = 0; // filter: none
  const box = (x0: number, y0: number, w: number, h: number) => {
    for (let x = x0; x < x0 + w; x += 1) for (const y of [y0, y0 + h - 1]) ink(x, y);
    for (let y = y0; y < y0 + h; y += 1) for (const x of [x0, x0 + w - 1]) ink(x, y);
  };
  box(100, 100, 60, 60);
  box(500, 240, 60, 60);
  for (let x = 160; x < 530; x += 1) ink(x, 130);
  for (let y = 130; y < 240; y += 1) ink(530, y);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
