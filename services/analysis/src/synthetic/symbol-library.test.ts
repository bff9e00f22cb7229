import { ELEMENT_TYPES } from '@pid/contracts';
import { renderPdfPage } from '@pid/platform/imaging';
import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { TEST_PDF_OPTIONS } from '../testing/synthetic';
import { grow, type Box } from './geometry';
import { PdfCanvas } from './pdf-canvas';
import {
  drawSymbol,
  jointFaces,
  placedPorts,
  symbolBodyBox,
  symbolBox,
  symbolClass,
  SYMBOL_CLASSES,
  type SymbolPlacement,
} from './symbol-library';
import { expectWith } from '@pid/platform/test-kit/samples';

describe('symbol library', () => {
  it('has at least 30 snake_case classes of the contract taxonomy, each with two or more variants and ports', () => {
    expect(SYMBOL_CLASSES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SYMBOL_CLASSES.map((cls) => cls.className)).size).toBe(SYMBOL_CLASSES.length);
    for (const cls of SYMBOL_CLASSES) {
      expect(cls.className).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ELEMENT_TYPES).toContain(cls.elementType);
      expectWith(cls.variants.length, cls.className).toBeGreaterThanOrEqual(2);
      for (const variant of cls.variants) expectWith(variant.ports.length, `${cls.className}/${variant.name}`).toBeGreaterThan(0);
    }
  });

  it('draws every variant inside its truth box, which its ink reaches on every side', async () => {
    const cell = 300;
    const variants = SYMBOL_CLASSES.flatMap((cls) => cls.variants.map((variant) => ({ cls, variant })));
    const columns = 10;
    const width = cell * columns;
    const height = cell * Math.ceil(variants.length / columns);
    const canvas = await PdfCanvas.create(width, height, 'library');
    const boxes: { name: string; box: Box }[] = variants.map(({ cls, variant }, i) => {
      const quarterTurns = cls.quarterTurns[i % cls.quarterTurns.length];
      const placement: SymbolPlacement = {
        center: [cell * (i % columns) + cell / 2, cell * Math.floor(i / columns) + cell / 2],
        unit: 20,
        quarterTurns,
        mirror: i % 3 === 0,
        lineWidth: 3,
      };
      return { name: `${cls.className}/${variant.name}@${quarterTurns}`, box: drawSymbol(canvas, variant, placement) };
    });
    const page = await renderPdfPage(await canvas.save(), 1, { ...TEST_PDF_OPTIONS, dpi: 200 });
    expect([page.width, page.height]).toEqual([width, height]);
    const { data } = await sharp(page.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) => data[y * width + x] < 160;
    const inkIn = ([x0, y0, x1, y1]: Box) => {
      let count = 0;
      for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
        for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) if (dark(x, y)) count++;
      }
      return count;
    };
    for (const { name, box } of boxes) {
      const [x0, y0, x1, y1] = box;
      const inside = inkIn(box);
      expectWith(inside, name).toBeGreaterThan(20);
      // Nothing drawn in the ring just outside the box.
      expectWith(inkIn(grow(box, 8)) - inkIn(grow(box, 1)), name).toBe(0);
      // Tight: ink within a few pixels of each side.
      const strip = 5;
      expectWith(inkIn([x0, y0, x0 + strip, y1]), `${name} left`).toBeGreaterThan(0);
      expectWith(inkIn([x1 - strip, y0, x1, y1]), `${name} right`).toBeGreaterThan(0);
      expectWith(inkIn([x0, y0, x1, y0 + strip]), `${name} top`).toBeGreaterThan(0);
      expectWith(inkIn([x0, y1 - strip, x1, y1]), `${name} bottom`).toBeGreaterThan(0);
    }
  });

  it('lists a flange joint as its two flanges: each bar with the hub behind it, turned with the symbol', () => {
    const [pair] = symbolClass('flange').variants;
    const placement: SymbolPlacement = { center: [100, 100], unit: 20, quarterTurns: 0, lineWidth: 2 };
    // Bars at x 97 and 103, 1 px each side of their line, 26 px long: each hub reaches outwards 0.35 of that (9.1 px,
    // more than the bars' distance, 6 px).
    const near = (boxes: Box[]) => boxes.map((box) => box.map((v) => Math.round(v * 1000) / 1000));
    expect(near(jointFaces(pair, placement))).toEqual([
      [86.9, 87, 98, 113],
      [102, 87, 113.1, 113],
    ]);
    expect(near(jointFaces(pair, { ...placement, quarterTurns: 1 }))).toEqual([
      [87, 86.9, 113, 98],
      [87, 102, 113, 113.1],
    ]);
    expect(() => jointFaces(symbolClass('gate_valve').variants[0], placement)).toThrow(/two bars/);
  });

  it('boxes a Y-type strainer as its Y and cap, not the pipe running on through it', () => {
    const yType = symbolClass('strainer').variants.find((variant) => variant.name === 'y-type')!;
    const placement: SymbolPlacement = { center: [100, 100], unit: 20, quarterTurns: 0, lineWidth: 2 };
    // The leg leaves the pipe 0.4 units left of the centre, the cap ends 0.9 right: x 92 to 118, half a pen more.
    const [x0, y0, x1] = symbolBodyBox(yType, placement);
    expect([x0, x1]).toEqual([expect.closeTo(91, 1), expect.closeTo(119, 1)]);
    expect(y0).toBeCloseTo(99, 1);
    const whole = symbolBox(yType, placement);
    expect(whole[2] - whole[0]).toBeGreaterThan(x1 - x0 + 10);
  });

  it('stretches a symbol along its local x, turned with it, its ports still leaving along an axis', () => {
    const [gate] = symbolClass('gate_valve').variants;
    const placement: SymbolPlacement = { center: [100, 100], unit: 20, quarterTurns: 1, lineWidth: 2 };
    const [x0, y0, x1, y1] = symbolBox(gate, placement);
    const [sx0, sy0, sx1, sy1] = symbolBox(gate, { ...placement, stretch: 1.5 });
    // A quarter turn: local x is the page's y.
    expect(sy1 - sy0 - 4).toBeCloseTo(1.5 * (y1 - y0 - 4), 5);
    expect(sx1 - sx0).toBeCloseTo(x1 - x0, 5);
    const ports = placedPorts(gate, { ...placement, stretch: 1.5 });
    expect(ports.map((port) => port.dir)).toEqual([
      [0, -1],
      [0, 1],
    ]);
    expect(ports.map((port) => port.at[1])).toEqual([70, 130]);
  });
});
