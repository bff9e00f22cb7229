import { describe, expect, it } from '@jest/globals';
import { line, svgPage } from '../testing/synthetic';
import { analyzePage } from './analyze-page';

const W = 640;
const H = 420;

/** A pipe along y 300 broken by a flange joint at x 310; the blind's plate between the flanges, its stem up to a figure 8. */
const ring = (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" fill="none" stroke="#000" stroke-width="3"/>`;
const disc = (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="13.5" fill="#000"/>`;
const joint = line(40, 300, 302, 300) + line(302, 284, 302, 316) + line(318, 284, 318, 316) + line(318, 300, 600, 300);
const stem = line(310, 228, 310, 316);

const spectacles = async (shapes: string) =>
  (await analyzePage(await svgPage(W, H, shapes))).elements.filter((e) => e.metadata.symbol_class === 'spectacle_blind');

describe('spectacle blinds drawn as a figure 8 on a stem', () => {
  it('are found from the far circle to the plate, as wide as a circle', async () => {
    const [blind, ...more] = await spectacles(joint + stem + ring(310, 215) + disc(310, 188));
    expect(more).toEqual([]);
    expect(blind).toMatchObject({ elementType: 'fitting', description: 'spectacle blind' });
    const { x, y, width, height } = blind.boundingBox;
    expect(x).toBeGreaterThanOrEqual(294);
    expect(x + width).toBeLessThanOrEqual(326);
    expect(y).toBeGreaterThanOrEqual(170);
    expect(y).toBeLessThanOrEqual(178);
    expect(y + height).toBeGreaterThanOrEqual(310);
  });

  it('have a flange either side of the plate, each with its hub away from it', async () => {
    const elements = (await analyzePage(await svgPage(W, H, joint + stem + ring(310, 215) + disc(310, 188)))).elements;
    const flanges = elements.filter((e) => e.metadata.symbol_class === 'flange').map((e) => e.boundingBox);
    flanges.sort((a, b) => a.x - b.x);
    expect(flanges).toHaveLength(2);
    const [left, right] = flanges;
    expect(left.x + left.width).toBeLessThanOrEqual(305);
    expect(left.x).toBeLessThanOrEqual(294);
    expect(right.x).toBeGreaterThanOrEqual(315);
    expect(right.x + right.width).toBeGreaterThanOrEqual(326);
    // Blind and flanges keep the whole as drawn, for datasets that box it as one symbol.
    const parts = elements.filter((e) => e.metadata.symbol_class === 'spectacle_blind' || e.metadata.symbol_class === 'flange');
    const joints = parts.map((e) => e.metadata.joint_box);
    expect(joints).toHaveLength(3);
    expect(joints[0]).toBeDefined();
    expect(new Set(joints.map((joint) => JSON.stringify(joint))).size).toBe(1);
  });

  it('are found lying on their side, with the circles drawn alike', async () => {
    // Turned a quarter: the pipe runs down at x 300, the stem left from it to two rings.
    const upright = line(300, 40, 300, 202) + line(284, 202, 316, 202) + line(284, 218, 316, 218) + line(300, 218, 300, 400);
    const [blind] = await spectacles(upright + line(228, 210, 316, 210) + ring(215, 210) + ring(188, 210));
    expect(blind).toBeDefined();
    expect(blind.boundingBox.x).toBeLessThanOrEqual(178);
    expect(blind.boundingBox.height).toBeLessThanOrEqual(34);
  });

  it('drawn on the pipe itself have no flanges of their own: the sides of a circle are no bars', async () => {
    const onPipe = line(40, 300, 296, 300) + disc(310, 300) + ring(310, 273) + line(324, 300, 600, 300);
    const elements = (await analyzePage(await svgPage(W, H, onPipe))).elements;
    expect(elements.filter((e) => e.metadata.symbol_class === 'spectacle_blind')).toHaveLength(1);
    expect(elements.filter((e) => e.metadata.symbol_class === 'flange')).toEqual([]);
  });

  it('are not two circles with no stem to a pipe, nor a square and a circle', async () => {
    expect(await spectacles(joint + ring(310, 120) + disc(310, 93))).toEqual([]);
    const square = `<rect x="296" y="174" width="28" height="28" fill="#000"/>`;
    expect(await spectacles(joint + stem + ring(310, 215) + square)).toEqual([]);
  });
});
