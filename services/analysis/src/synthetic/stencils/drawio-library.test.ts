import { ELEMENT_TYPES } from '@pid/contracts';
import { renderPdfPage } from '@pid/platform/imaging';
import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { TEST_PDF_OPTIONS } from '../../testing/synthetic';
import { grow, type Box } from '../geometry';
import { PdfCanvas } from '../pdf-canvas';
import { drawSymbol, placedPorts, SYMBOL_CLASSES, symbolBodyBox, symbolBox, type SymbolPlacement } from '../symbol-library';
import { drawioShapes, OTHER_SYMBOL } from './drawio-library';
import { stencilVariant } from './stencil-variant';
import { expectWith } from '@pid/platform/test-kit/samples';

describe('draw.io P&ID library', () => {
  const shapes = drawioShapes();

  it('reads all 478 shapes of the 24 files, each mapped to a class of ours or other_symbol', () => {
    expect(shapes).toHaveLength(478);
    expect(new Set(shapes.map((shape) => shape.stencil.library)).size).toBe(24);
    const ours = new Set([...SYMBOL_CLASSES.map((cls) => cls.className), OTHER_SYMBOL]);
    for (const { stencil, className, elementType } of shapes) {
      expectWith(ours.has(className), `${stencil.library}/${stencil.name} → ${className}`).toBe(true);
      expect(ELEMENT_TYPES).toContain(elementType);
      const own = SYMBOL_CLASSES.find((cls) => cls.className === className);
      if (own) expectWith(elementType, `${stencil.name}`).toBe(own.elementType);
    }
    // Every op of the README occurs, so every branch of the parser is exercised by the real files.
    expect(shapes.some(({ stencil }) => stencil.draws.some((draw) => draw.kind === 'text'))).toBe(true);
    expect(shapes.some(({ stencil }) => stencil.draws.some((draw) => draw.kind === 'path' && draw.fill))).toBe(true);
    expect(shapes.some(({ stencil }) => stencil.draws.some((draw) => draw.kind === 'path' && draw.dash))).toBe(true);
  });

  it('renders every shape, inside its truth box, with each port on its ink', async () => {
    const cell = 110;
    const columns = 22;
    const width = cell * columns;
    const height = cell * Math.ceil(shapes.length / columns);
    const canvas = await PdfCanvas.create(width, height, 'drawio');
    const drawn = shapes.map((shape, i) => {
      const inline = shape.placement === 'inline';
      const variant = stencilVariant(shape.stencil, inline ? { inline } : { size: 5, signal: shape.placement === 'instrument' });
      const placement: SymbolPlacement = {
        center: [cell * (i % columns) + cell / 2, cell * Math.floor(i / columns) + cell / 2],
        unit: inline ? 24 : 14,
        quarterTurns: i % 4,
        mirror: i % 3 === 0,
        lineWidth: 2,
      };
      const box = drawSymbol(canvas, variant, placement);
      const ports = placedPorts(variant, placement).filter((port) => port.name !== 'center');
      return { name: `${shape.stencil.library}/${shape.stencil.name}`, box, ports };
    });
    const page = await renderPdfPage(await canvas.save(), 1, { ...TEST_PDF_OPTIONS, dpi: 200 });
    const { data } = await sharp(page.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const inkIn = ([x0, y0, x1, y1]: Box) => {
      let count = 0;
      for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
        for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) if (data[y * width + x] < 160) count++;
      }
      return count;
    };
    const offPorts: string[] = [];
    const faults: string[] = [];
    for (const { name, box, ports } of drawn) {
      if (inkIn(box) <= 10) faults.push(`${name}: no ink`);
      if (inkIn(grow(box, 6)) - inkIn(grow(box, 1)) > 0) faults.push(`${name}: ink outside its box ${box.map(Math.round).join(',')}`);
      for (const port of ports)
        if (inkIn(grow([port.at[0], port.at[1], port.at[0], port.at[1]], 2)) === 0) offPorts.push(`${name}:${port.name}`);
    }
    expect(faults).toEqual([]);
    expect(offPorts).toEqual([]);
  }, 120_000);

  it("boxes an inline shape's body without the leads it draws from its ports, but not a stroke through the body", () => {
    const placement: SymbolPlacement = { center: [100, 100], unit: 20, quarterTurns: 1, mirror: false, lineWidth: 2 };
    const variantOf = (name: string) =>
      stencilVariant(shapes.find((shape) => `${shape.stencil.library}/${shape.stencil.name}` === name)!.stencil, { inline: true });
    // valves/Orifice: stubs 15 of its 50 units on each side, its plates between; turned upright here.
    const orifice = variantOf('valves/Orifice');
    expect(orifice.primitives.filter((primitive) => primitive.lead)).toHaveLength(2);
    const [whole, body] = [symbolBox(orifice, placement), symbolBodyBox(orifice, placement)];
    // (The layout's box keeps a whole pen's margin; the truth's reaches half a pen past these straight strokes.)
    expect(body[2] - body[0]).toBeCloseTo(whole[2] - whole[0] - placement.lineWidth, 5);
    expect(body[3] - body[1]).toBeLessThan((whole[3] - whole[1]) * 0.55);
    expect((body[1] + body[3]) / 2).toBeCloseTo((whole[1] + whole[3]) / 2, 5);
    // piping/Y-Type Strainer: its pipe runs from port to port through the body, part of the symbol.
    const strainer = variantOf('piping/Y-Type Strainer');
    expect(strainer.primitives.some((primitive) => primitive.lead)).toBe(false);
    const [strainerWhole, strainerBody] = [symbolBox(strainer, placement), symbolBodyBox(strainer, placement)];
    strainerBody.forEach((side, i) => expect(Math.abs(side - strainerWhole[i])).toBeLessThanOrEqual(placement.lineWidth / 2 + 1e-6));
  });

  it("boxes a one-port shape without the stem its pipe runs on into, but keeps a vessel's nozzles", () => {
    const placement: SymbolPlacement = { center: [100, 100], unit: 20, quarterTurns: 0, mirror: false, lineWidth: 2 };
    const variantOf = (name: string) =>
      stencilVariant(shapes.find((shape) => `${shape.stencil.library}/${shape.stencil.name}` === name)!.stencil, { size: 5 });
    // piping/Blank: a disc 20 units across on a 40-unit stem down to its one port; the truth boxes the disc.
    const blank = variantOf('piping/Blank');
    expect(blank.primitives.filter((primitive) => primitive.lead)).toHaveLength(1);
    const [whole, body] = [symbolBox(blank, placement), symbolBodyBox(blank, placement)];
    expect(body[3] - body[1]).toBeLessThan((whole[3] - whole[1]) * 0.4);
    expect(body[1]).toBeCloseTo(whole[1] + placement.lineWidth / 2, 5);
    // vessels/Tank: eight ports, its nozzle stubs drawn from them are the tank's.
    expect(variantOf('vessels/Tank').primitives.some((primitive) => primitive.lead)).toBe(false);
  });
});
