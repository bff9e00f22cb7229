import { describe, expect, it } from '@jest/globals';
import { connectedComponents } from './components';
import { withFaintExtents } from './faint-text';
import { findTextLines } from './text-lines';

const W = 320;
const H = 60;

/** Ink masks of a text: four characters from x 20 in dark print, six more from `lightFrom` in light print. */
function masks(lightFrom: number): { dark: Uint8Array; faint: Uint8Array } {
  const dark = new Uint8Array(W * H);
  const faint = new Uint8Array(W * H);
  // An 8 × 12 outline two pixels thick, like an O.
  const ring = (mask: Uint8Array, x: number) => {
    for (let y = 20; y < 32; y++) {
      for (let dx = 0; dx < 8; dx++) if (y < 22 || y > 29 || dx < 2 || dx > 5) mask[y * W + x + dx] = 1;
    }
  };
  for (let i = 0; i < 4; i++) [dark, faint].forEach((mask) => ring(mask, 20 + 11 * i));
  for (let i = 0; i < 6; i++) ring(faint, lightFrom + 11 * i);
  return { dark, faint };
}

const linesIn = (mask: Uint8Array) => findTextLines(connectedComponents(mask, W, H), 2, 24).lines;

describe('withFaintExtents', () => {
  it('runs a text on through its lighter characters', () => {
    const { dark, faint } = masks(64);
    const found = linesIn(dark);
    expect(found.map((line) => [line.x0, line.x1])).toEqual([[20, 60]]);
    const extended = withFaintExtents(found, faint, W, H, [], 2, 1000);
    expect(extended.map((line) => [line.x0, line.x1])).toEqual([[20, 126]]);
  });

  it('does not join a lighter text further off, nor make it a text of its own', () => {
    const { dark, faint } = masks(150);
    const extended = withFaintExtents(linesIn(dark), faint, W, H, [], 2, 1000);
    expect(extended.map((line) => [line.x0, line.x1])).toEqual([[20, 60]]);
  });
});
