import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { TruthSheet } from './ground-truth';
import { drawMisses, missesSvg, MISS_COLOURS } from './misses-overlay';
import { judgeSheet } from './score-sheet';
import { predicted, predictedConnection } from './test-helpers';

// A pump feeding a valve and a tank; the valve is found, the tank is not, and an extra symbol is found.
const sheet: TruthSheet = {
  name: 'hand-made',
  imageSize: { width: 200, height: 100 },
  symbols: [
    { id: 'pump', elementType: 'equipment', className: 'centrifugal_pump', bbox: [0, 0, 20, 20] },
    { id: 'valve', elementType: 'valve', className: 'gate_valve', bbox: [100, 0, 110, 20] },
    { id: 'tank', elementType: 'equipment', className: 'tank', bbox: [150, 60, 190, 95] },
  ],
  texts: [],
  pipes: [{ id: 'signal', style: 'dashed', polyline: [] }],
  connections: [
    { sourceId: 'pump', targetId: 'valve', relationshipType: 'connects to', pipeId: 'signal' },
    { sourceId: 'valve', targetId: 'tank', relationshipType: 'connects to' },
  ],
  complete: { symbols: true, texts: false, pipes: false, connections: true },
};

const prediction = {
  elements: [
    predicted('a', [0, 0, 20, 20], { elementType: 'equipment' }),
    predicted('b', [100, 0, 110, 20]),
    predicted('x', [40, 40, 50, 50]),
  ],
  connections: [predictedConnection('a', 'x')],
};

describe('the misses of a sheet', () => {
  it('lists the truth symbols not found, the symbols found that are not there, and each unmatched connection’s outcome', () => {
    const { misses } = judgeSheet(sheet, prediction);
    expect(misses?.symbols).toEqual([{ box: [150, 60, 190, 95], label: 'tank' }]);
    expect(misses?.extra.map((e) => e.box)).toEqual([[40, 40, 50, 50]]);
    expect(misses?.connections).toEqual([
      { from: [0, 0, 20, 20], to: [100, 0, 110, 20], outcome: 'traced wrong', style: 'dashed' },
      { from: [100, 0, 110, 20], to: [150, 60, 190, 95], outcome: 'end not found', style: 'unknown' },
    ]);
  });

  it('has nothing to list where everything is found', () => {
    const all = {
      elements: [...prediction.elements.slice(0, 2), predicted('t', [150, 60, 190, 95], { elementType: 'equipment' })],
      connections: [predictedConnection('a', 'b'), predictedConnection('b', 't')],
    };
    expect(judgeSheet(sheet, all).misses).toEqual({ symbols: [], extra: [], connections: [] });
  });

  it('draws them over the analysis overlay brought to the truth’s size', async () => {
    const { misses } = judgeSheet(sheet, prediction);
    const svg = missesSvg(sheet.imageSize, misses!);
    expect(svg).toContain(`stroke="${MISS_COLOURS['end not found']}"`);
    expect(svg).toContain('>tank</text>');
    const overlay = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const { data, info } = await sharp(await drawMisses(overlay, sheet.imageSize, misses!))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([200, 100]);
    // The black overlay is washed to grey; the missed tank's red outline stands on it.
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(120, 50)).toEqual([153, 153, 153]);
    const [r, g, b] = pixel(170, 95);
    expect(r).toBeGreaterThan(180);
    expect(g + b).toBeLessThan(200);
  });
});
