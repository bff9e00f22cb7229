import type { PdfTextItem } from '@pid/platform/imaging';
import { describe, expect, it } from '@jest/globals';
import { vectorTexts } from './vector-text';

const SIZE = 20;
/** A text item as pdf.js gives it, 0.6 × size per character, upright or turned to read bottom-up. */
function item(text: string, x: number, y: number, turned = false): PdfTextItem {
  const length = 0.6 * SIZE * text.length;
  const [dx, dy] = turned ? [0, -1] : [1, 0];
  const [ux, uy] = turned ? [-1, 0] : [0, -1];
  const at = (u: number, v: number): [number, number] => [x + dx * u + ux * v, y + dy * u + uy * v];
  return {
    text,
    corners: [at(0, -0.22 * SIZE), at(length, -0.22 * SIZE), at(length, 0.9 * SIZE), at(0, 0.9 * SIZE)],
    size: SIZE,
    angle: turned ? -90 : 0,
  };
}

const identity = (point: [number, number]) => point;

describe('vectorTexts', () => {
  it('joins a tag written as words with separators, and keeps a label beside it apart', () => {
    const texts = vectorTexts(
      [item('LR022', 100, 100), item('.', 160, 100), item('80150', 172, 100), item('-', 232, 100), item('4"', 244, 100)],
      identity,
    );
    expect(texts.map((t) => t.text)).toEqual(['LR022.80150-4"']);
    const [text] = texts;
    expect(text.line.orientation).toBe('horizontal');
    expect(text.line.x0).toBe(100);
    expect(text.line.x1).toBeGreaterThanOrEqual(268);
  });

  it('splits an item into words, so a line number and the label after it are two texts', () => {
    const texts = vectorTexts([item('2"-P-1001-A1A RA 101', 100, 300)], identity);
    expect(texts.map((t) => t.text)).toEqual(['2"-P-1001-A1A', 'RA 101']);
    expect(texts[1].line.x0).toBeGreaterThan(texts[0].line.x1);
  });

  it('makes a phrase of words a space apart, and keeps texts on other lines or far away apart', () => {
    const texts = vectorTexts(
      [item('COOLING', 100, 500), item('WATER', 196, 500), item('RETURN', 100, 530), item('NOTE', 600, 500)],
      identity,
    );
    expect(texts.map((t) => t.text).sort()).toEqual(['COOLING WATER', 'NOTE', 'RETURN']);
  });

  it('reads turned text as vertical, in reading order', () => {
    const texts = vectorTexts([item('FV', 400, 400, true), item('-', 400, 376, true), item('101', 400, 364, true)], identity);
    expect(texts.map((t) => t.text)).toEqual(['FV-101']);
    expect(texts[0].line.orientation).toBe('vertical');
    expect(texts[0].line.y1 - texts[0].line.y0).toBeGreaterThan(texts[0].line.x1 - texts[0].line.x0);
  });

  it('maps boxes into the processing pixels', () => {
    const [text] = vectorTexts([item('P-101', 100, 100)], ([x, y]) => [x / 2, y / 2]);
    expect(text.line.x0).toBe(50);
    expect(text.line.size).toBeCloseTo(SIZE / 2, 0);
  });
});
