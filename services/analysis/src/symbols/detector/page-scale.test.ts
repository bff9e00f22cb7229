import { describe, expect, it } from '@jest/globals';
import type { GrayPage } from './page-detector';
import { pageScaleFor, resampledInk, SCALE_RANGE, textHeight } from './page-scale';

function blankPage(width: number, height: number): GrayPage {
  return { gray: new Uint8Array(width * height).fill(255), width, height };
}

function fill(page: GrayPage, x0: number, y0: number, w: number, h: number): void {
  for (let y = y0; y < y0 + h; y++) page.gray.fill(0, y * page.width + x0, y * page.width + x0 + w);
}

/** Rows of block "characters" `h` high (or runs of touching ones, as bled words), with a dashed vertical line. */
function textPage(width: number, height: number, h: number, { touching = false } = {}): GrayPage {
  const page = blankPage(width, height);
  for (let row = 0; row < 12; row++) {
    const y = 100 + row * 3 * h;
    for (let i = 0; i < 10; i++) {
      const x = 100 + i * (touching ? 5 * h : Math.round(0.9 * h));
      fill(page, x, y, touching ? 4 * h : Math.round(0.6 * h), h);
    }
  }
  // Dashes of a vertical signal line: character-sized, but one above another, never side by side.
  for (let y = 50; y < height - 60; y += 3 * h) fill(page, width - 200, y, 2, 2 * h);
  return page;
}

describe('page scale', () => {
  it('measures the text height from characters standing in rows, not from a dashed line', () => {
    expect(textHeight(textPage(2000, 1500, 12))).toBe(12);
    expect(textHeight(textPage(2000, 1500, 30))).toBe(30);
  });

  it('measures words where bleed has run the characters together', () => {
    expect(textHeight(textPage(3000, 1500, 10, { touching: true }))).toBe(10);
  });

  it('measures a page too large to label whole on a reduced copy, in page pixels', () => {
    const height = textHeight(textPage(8200, 8000, 40));
    expect(height).toBeGreaterThanOrEqual(38);
    expect(height).toBeLessThanOrEqual(42);
  });

  it('says nothing of a page without text', () => {
    expect(textHeight(blankPage(800, 600))).toBeNull();
    const lines = blankPage(800, 600);
    fill(lines, 50, 300, 700, 3);
    fill(lines, 400, 50, 3, 500);
    expect(textHeight(lines)).toBeNull();
    // Dashed vertical lines: character-sized dashes, one above another.
    const dashed = blankPage(800, 600);
    for (let x = 100; x < 700; x += 100) for (let y = 20; y < 560; y += 30) fill(dashed, x, y, 2, 20);
    expect(textHeight(dashed)).toBeNull();
  });

  it('brings the text to the trained height, within its range, and falls back without a measure', () => {
    expect(pageScaleFor(32, 8, 0.5)).toBeCloseTo(0.25);
    expect(pageScaleFor(4, 8, 0.5)).toBe(SCALE_RANGE.max);
    expect(pageScaleFor(400, 8, 0.5)).toBe(SCALE_RANGE.min);
    expect(pageScaleFor(null, 8, 0.5)).toBe(0.5);
    expect(pageScaleFor(20, undefined, 0.5)).toBe(0.5);
  });

  it('resamples by area: whole blocks to their mean, fractional scales keeping the ink', () => {
    const page = blankPage(4, 2);
    page.gray.set([0, 0, 255, 255, 0, 255, 255, 0]);
    const half = resampledInk(page, 0.5);
    expect([half.width, half.height]).toEqual([2, 1]);
    expect(Array.from(half.ink)).toEqual([0.75, 0.25]);
    expect(Array.from(resampledInk(page, 1).ink)).toEqual([1, 1, 0, 0, 1, 0, 0, 1]);

    const odd = blankPage(37, 23);
    for (let i = 0; i < odd.gray.length; i++) odd.gray[i] = (i * 97) % 256;
    const inkOf = (values: ArrayLike<number>, area: number) => Array.from(values).reduce((sum, v) => sum + v, 0) * area;
    const total = inkOf(
      Array.from(odd.gray, (v) => 1 - v / 255),
      1,
    );
    const resampled = resampledInk(odd, 0.37);
    expect(inkOf(resampled.ink, (37 / resampled.width) * (23 / resampled.height))).toBeCloseTo(total, 1);
  });
});
