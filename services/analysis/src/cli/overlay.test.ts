import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { analyzePage } from '../pipeline/analyze-page';
import { svgPage } from '../testing/synthetic';
import { CLASS_COLOURS, drawOverlay } from './overlay';
import { resultDocument } from './result-document';
import { box, line, svgPng } from '@pid/platform/test-kit/samples';

const shapes = box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195);

describe('overlay and result document', () => {
  it('draws boxes in their class colour and the connection path over the drawing', async () => {
    const result = await analyzePage(await svgPage(640, 420, shapes));
    const png = await drawOverlay(await svgPng(640, 420, shapes), result.imageSize, result.elements, result.connections);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([640, 420]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const box = result.elements[0].boundingBox;
    const blue = pixel(box.x + Math.round(box.width / 2), box.y);
    const equipment = CLASS_COLOURS.equipment;
    expect(blue[2]).toBeGreaterThan(blue[0] + 60);
    expect(equipment).toMatch(/^#/);
    const onPath = pixel(310, 195);
    expect(onPath[0]).toBeGreaterThan(150);
    expect(onPath[2]).toBeLessThan(120);
    const blank = pixel(310, 380);
    expect(blank).toEqual([255, 255, 255]);
  });

  it('writes the API field names', async () => {
    const result = await analyzePage(await svgPage(640, 420, shapes));
    const document = resultDocument(result.imageSize, result.elements, result.connections);
    expect(document.image_size).toEqual({ width: 640, height: 420 });
    expect(document.elements[0]).toMatchObject({ _id: 'e1', elementType: 'equipment', confirmed: false });
    expect(document.connections[0]).toMatchObject({ relationshipType: 'connects to', confirmed: false });
    const ids = new Set(document.elements.map((e) => e._id));
    expect(ids.has(document.connections[0].source) && ids.has(document.connections[0].target)).toBe(true);
  });
});
