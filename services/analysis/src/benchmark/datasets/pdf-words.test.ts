import { describe, expect, it } from '@jest/globals';
import type { PixelBox } from '../ground-truth';
import { wordTexts, type PdfWords } from './pdf-words';

const word = (text: string, x0: number, x1: number, y0 = 100): { text: string; bbox_pt: PixelBox } => ({
  text,
  bbox_pt: [x0, y0, x1, y0 + 10],
});

describe('text-layer words', () => {
  it('joins words around a lone separator on one line into one text, scaled to pixels', () => {
    const words: PdfWords = {
      page_size_pt: [1000, 500],
      words: [
        word('LR022', 10, 40),
        word('.', 41, 43),
        word('80150', 44, 74),
        word('80', 200, 210),
        word('/', 212, 214),
        word('25', 216, 226),
      ],
    };
    const texts = wordTexts(words, 2);
    expect(texts).toContainEqual({ string: 'LR022.80150', bbox: [20, 200, 148, 220], role: 'tag' });
    expect(texts.map((t) => t.string).sort()).toEqual(['/', '25', '80', 'LR022.80150']);
  });

  it('tells tags, line numbers and labels apart by shape, and does not join words on other lines or far apart', () => {
    const words: PdfWords = {
      page_size_pt: [1000, 500],
      words: [
        ...[word('TA99-LR003', 0, 50), word('.', 51, 53), word('22010', 54, 80), word('-', 81, 83), word('80', 84, 94)],
        word('UER-1234567', 300, 360),
        word('FIC', 500, 520),
        word('-', 521, 523, 130),
        word('F0001', 600, 630),
      ],
    };
    const roles = Object.fromEntries(wordTexts(words, 1).map((t) => [t.string, t.role]));
    expect(roles).toEqual({ 'TA99-LR003.22010-80': 'line_number', 'UER-1234567': 'tag', FIC: 'label', '-': 'label', F0001: 'label' });
  });
});
