import { renderPdfPage } from '@pid/platform/imaging';
import sharp from 'sharp';
import { describe, it } from '@jest/globals';
import { TEST_PDF_OPTIONS } from '../testing/synthetic';
import { grow, type Box } from './geometry';
import { PdfCanvas, type FontName } from './pdf-canvas';
import { expectWith } from '@pid/platform/test-kit/samples';

describe('PdfCanvas text', () => {
  it('answers boxes from the font metrics that hold the drawn words, horizontal and vertical, in every font', async () => {
    const canvas = await PdfCanvas.create(1700, 900, 'text boxes');
    const fonts: FontName[] = ['Helvetica', 'Courier', 'Times', 'Stroked', 'StrokedMedium', 'StrokedSerif'];
    const boxes: { name: string; box: Box; vertical: boolean }[] = [];
    fonts.forEach((font, i) => {
      boxes.push({
        name: `${font} horizontal`,
        vertical: false,
        box: canvas.text('FIC-101 2"-P-1001-A1A', 60, 100 + i * 120, { font, size: 28 }),
      });
      boxes.push({
        name: `${font} vertical`,
        vertical: true,
        box: canvas.text('052-MS-001-8"-3CB2S07', 800 + i * 150, 800, { font, size: 28, vertical: true }),
      });
    });
    const page = await renderPdfPage(await canvas.save(), 1, { ...TEST_PDF_OPTIONS, dpi: 200 });
    const { data } = await sharp(page.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const inkIn = ([x0, y0, x1, y1]: Box) => {
      let count = 0;
      for (let y = Math.max(0, Math.floor(y0)); y < Math.min(page.height, Math.ceil(y1)); y++) {
        for (let x = Math.max(0, Math.floor(x0)); x < Math.min(page.width, Math.ceil(x1)); x++) if (data[y * page.width + x] < 160) count++;
      }
      return count;
    };
    for (const { name, box, vertical } of boxes) {
      const [x0, y0, x1, y1] = box;
      expectWith(vertical ? y1 - y0 > x1 - x0 : x1 - x0 > y1 - y0, name).toBe(true);
      expectWith(inkIn(box), name).toBeGreaterThan(200);
      // The words stay inside their box (a pixel of anti-aliasing aside)...
      expectWith(inkIn(grow(box, 10)) - inkIn(grow(box, 1)), name).toBe(0);
      // ...and fill it from end to end.
      const ends: Box[] = vertical
        ? [
            [x0, y0, x1, y0 + 6],
            [x0, y1 - 6, x1, y1],
          ]
        : [
            [x0, y0, x0 + 6, y1],
            [x1 - 6, y0, x1, y1],
          ];
      for (const end of ends) expectWith(inkIn(end), name).toBeGreaterThan(0);
    }
  });
});
