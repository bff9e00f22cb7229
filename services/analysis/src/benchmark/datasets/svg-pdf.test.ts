import { readPdfPageContent, type PdfPageContent } from '@pid/platform/imaging';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { svgToPdf, type SvgPdf } from './svg-pdf';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

// A group turned 90° clockwise and scaled 2×: local (x, y) lands on the page at (100 − 2y, 50 + 2x).
const SVG = `<?xml version="1.0"?>
<ns0:svg xmlns:ns0="http://www.w3.org/2000/svg" viewBox="0.0 0.0 400.0 300.0" width="400.0" height="300.0">
  <ns0:g transform="translate(100 50)rotate(90.0)scale(2 2)">
    <ns0:path d="M0.0 0.0L10.0 0.0" fill="none" stroke="#ff0000" stroke-width="1.5"/>
    <ns0:path d="M 10.0 0.0 A 10.0 10.0 0 1 1 -1.8369701987210297e-15 -10.0" fill="none" stroke="#008000" stroke-width="1.0" vector-effect="non-scaling-stroke"/>
  </ns0:g>
  <ns0:polygon points="200,100 220,100 210,120" fill="#0000ff" stroke="none"/>
  <ns0:text fill="#000000" font-size="20.0px" text-anchor="middle" transform="translate(300,200)">ABC</ns0:text>
  <ns0:text fill="#000000" font-size="10.0px" text-anchor="start" transform="translate(50,250)rotate(270.0)">PIS&#8314;Z</ns0:text>
  <ns0:circle cx="5" cy="5" r="3"/>
</ns0:svg>`;

/** 72 dpi: one rendition pixel per PDF point, which is one SVG unit. */
const AT_72_DPI = { dpi: 72, maxSide: 10_000, maxPixels: 100_000_000, timeoutMs: 30_000 };

describe('svgToPdf', () => {
  let converted: SvgPdf;
  let content: PdfPageContent;
  beforeAll(async () => {
    converted = await svgToPdf(SVG);
    content = await readPdfPageContent(converted.pdf, 1, AT_72_DPI);
  }, HOOK_TIMEOUT_MS);

  const textItem = (text: string) => {
    const item = content.texts.find((t) => t.text === text);
    if (!item) throw new Error(`no text "${text}" in ${JSON.stringify(content.texts.map((t) => t.text))}`);
    return item;
  };

  it('makes a page of the viewBox size', () => {
    expect(content.size).toMatchObject({ width: 400, height: 300 });
  });

  it('puts a path through the whole transform and scales its stroke with it', () => {
    const line = content.paths.find((p) => p.subpaths[0].points.length === 2);
    expect(line?.subpaths[0].points[0]).toEqual([expect.closeTo(100, 2), expect.closeTo(50, 2)]);
    expect(line?.subpaths[0].points[1]).toEqual([expect.closeTo(100, 2), expect.closeTo(70, 2)]);
    expect(line?.lineWidth).toBeCloseTo(3, 2);
  });

  it('flattens an arc into a round three-quarter circle with a non-scaling stroke', () => {
    const arc = content.paths.find((p) => p.subpaths[0].points.length > 10);
    const points = arc?.subpaths[0].points ?? [];
    expect(points[0]).toEqual([expect.closeTo(100, 2), expect.closeTo(70, 2)]);
    expect(points[points.length - 1]).toEqual([expect.closeTo(120, 2), expect.closeTo(50, 2)]);
    for (const [x, y] of points) expect(Math.hypot(x - 100, y - 50)).toBeCloseTo(20, 2);
    // Large arc, positive sweep: through the far side of the circle, not the short quarter between the ends.
    expect(points.some(([x, y]) => Math.hypot(x - 100, y - 30) < 1)).toBe(true);
    expect(points.some(([x, y]) => x > 101 && y > 51)).toBe(false);
    expect(arc?.lineWidth).toBeCloseTo(1, 2);
  });

  it('fills a polygon as a closed path', () => {
    const triangle = content.paths.find((p) => p.filled);
    expect(triangle).toMatchObject({ stroked: false, subpaths: [{ closed: true }] });
    expect(triangle?.subpaths[0].points).toEqual([
      [expect.closeTo(200, 2), expect.closeTo(100, 2)],
      [expect.closeTo(220, 2), expect.closeTo(100, 2)],
      [expect.closeTo(210, 2), expect.closeTo(120, 2)],
    ]);
  });

  it('writes middle-anchored text centred on its origin, baseline there', () => {
    const abc = textItem('ABC');
    const xs = abc.corners.map(([x]) => x);
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(300, 1);
    // Helvetica's A, B and C are 0.667, 0.667 and 0.722 em wide.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(2.056 * 20, 1);
    expect(abc.size).toBeCloseTo(20, 2);
    expect(abc.angle).toBeCloseTo(0, 2);
    const ys = abc.corners.map(([, y]) => y);
    expect(Math.min(...ys)).toBeLessThan(200 - 10);
    expect(Math.max(...ys)).toBeGreaterThan(200);
    expect(Math.max(...ys)).toBeLessThan(200 + 6);
  });

  it('turns text with its transform, reading upwards from its origin, and stands in for missing characters', () => {
    const tag = textItem('PIS+Z');
    expect(tag.angle).toBeCloseTo(-90, 2);
    expect(tag.corners[0][1]).toBeCloseTo(250, 1);
    expect(tag.corners[1][1]).toBeLessThan(250 - 20);
    // The glyphs stand left of the baseline x = 50 (their tops point to −x).
    expect(tag.corners[3][0]).toBeLessThan(50 - 5);
  });

  it('counts what it skipped', () => {
    expect(converted.skipped).toEqual({ 'character U+207A': 1, '<circle>': 1 });
  });
});
