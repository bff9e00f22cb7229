import { describe, expect, it } from '@jest/globals';
import { detectFileKind, fileKindOfContentType } from './file-kind';
import { samplePdf, sampleJpeg, samplePng, sampleTiff } from '@pid/platform/test-kit/samples';

describe('detectFileKind', () => {
  it('recognises PDF, PNG, JPEG and TIFF by their bytes', async () => {
    expect(detectFileKind(await samplePdf())).toBe('pdf');
    expect(detectFileKind(await samplePng())).toBe('png');
    expect(detectFileKind(await sampleJpeg())).toBe('jpeg');
    expect(detectFileKind(await sampleTiff())).toBe('tiff');
  });

  it('recognises big-endian TIFF and BigTIFF, and a PDF header after leading junk', () => {
    expect(detectFileKind(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('tiff');
    expect(detectFileKind(Buffer.from([0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0]))).toBe('tiff');
    expect(detectFileKind(Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.7\n')]))).toBe('pdf');
    expect(detectFileKind(Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from('%PDF-1.7\n')]))).toBeUndefined();
  });

  it('refuses other formats and near misses', () => {
    expect(detectFileKind(Buffer.from('GIF89a'))).toBeUndefined();
    expect(detectFileKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(detectFileKind(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(detectFileKind(Buffer.alloc(0))).toBeUndefined();
  });

  it('maps stored content types back to kinds', () => {
    expect(fileKindOfContentType('image/tiff')).toBe('tiff');
    expect(fileKindOfContentType('text/html')).toBeUndefined();
  });
});
