/** The kinds of file a drawing may be, recognised by their first bytes, never by name or declared type. */
export const FILE_KINDS = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  tiff: { contentType: 'image/tiff', extension: 'tif' },
} as const;

export type FileKind = keyof typeof FILE_KINDS;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Classic TIFF (42) and BigTIFF (43), little- and big-endian. */
const TIFF_SIGNATURES = [
  Buffer.from([0x49, 0x49, 0x2a, 0x00]),
  Buffer.from([0x4d, 0x4d, 0x00, 0x2a]),
  Buffer.from([0x49, 0x49, 0x2b, 0x00]),
  Buffer.from([0x4d, 0x4d, 0x00, 0x2b]),
];
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
/** Readers accept the PDF header anywhere in the first 1024 bytes (ISO 32000-1 implementation note). */
const PDF_HEADER_WINDOW = 1024;

/** The kind of file these bytes are, or undefined for anything else. */
export function detectFileKind(bytes: Buffer): FileKind | undefined {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (TIFF_SIGNATURES.some((signature) => bytes.subarray(0, 4).equals(signature))) return 'tiff';
  if (bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_SIGNATURE) !== -1) return 'pdf';
  return undefined;
}

export function fileKindOfContentType(contentType: string): FileKind | undefined {
  return (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => FILE_KINDS[kind].contentType === contentType);
}
