import { describe, expect, it } from '@jest/globals';
import { isSymbolElement } from '@pid/contracts';
import { box, bubble, dot, line, svgPage, valve } from '../testing/synthetic';
import { loadSymbolClassifier, type SymbolClassifier } from '../classifier/symbol-classifier';
import { rankingAll } from '../testing/classifiers';
import { analyzePage, type PageAnalysis } from './analyze-page';
import { partsToKeep, withoutNestedTwins, type KeptPart } from './classification/verdicts';
import type { DetectedSymbol } from './symbols';
import { expectWith } from '@pid/platform/test-kit/samples';
import { keyAt } from '../testing/page-elements';

const W = 640;
const H = 420;

function pairs(result: PageAnalysis): string[] {
  return result.connections.map((c) => [c.sourceKey, c.targetKey].sort().join('-')).sort();
}

const pair = (a: string, b: string) => [a, b].sort().join('-');

type Point = [number, number];
/** The connections a page should have, each between the elements at two points. */
const pairsAt = (result: PageAnalysis, ...ends: Array<[Point, Point]>) =>
  ends.map(([a, b]) => pair(keyAt(result, ...a), keyAt(result, ...b))).sort();

describe('analyzePage', () => {
  it('finds two boxes joined by a line, and one connection along the line', async () => {
    const result = await analyzePage(await svgPage(W, H, box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195)));
    expect(result.imageSize).toEqual({ width: W, height: H });
    const equipment = result.elements.filter((e) => e.elementType === 'equipment');
    expect(equipment).toHaveLength(2);
    expect(equipment[0].boundingBox.width).toBeGreaterThan(110);
    expect(result.connections).toHaveLength(1);
    const [connection] = result.connections;
    expect(pairs(result)).toEqual(
      pairsAt(result, [
        [100, 190],
        [500, 190],
      ]),
    );
    expect(connection.relationshipType).toBe('connects to');
    expect(connection.metadata.confidence).toBeGreaterThan(0);
    expect(connection.metadata.confidence).toBeLessThanOrEqual(1);
    const path = connection.metadata.path_data!.path;
    expect(path.every((s) => s.orientation === 'horizontal' && Math.abs(s.start[1] - 195) <= 2 && Math.abs(s.end[1] - 195) <= 2)).toBe(
      true,
    );
    for (const element of result.elements) expect(element.metadata.confidence).toBeGreaterThan(0);
  });

  // Boxes left and right joined by a pipe along y 200; a box above, its line crossing that pipe on its way down;
  // the lines drawn `width` px wide.
  const crossing = (width: number, down: string, lower: [number, number]) => ({
    shapes:
      box(30, 170, 80, 60) +
      box(530, 170, 80, 60) +
      box(280, 20, 80, 60) +
      `<g stroke-width="${width}">${line(110, 200, 530, 200) + down}</g>`,
    expected: (result: PageAnalysis) =>
      pairsAt(
        result,
        [
          [70, 200],
          [570, 200],
        ],
        [[320, 50], lower],
      ),
  });

  it('does not connect lines that cross without a dot', async () => {
    const { shapes, expected } = crossing(3, line(320, 80, 320, 340), [320, 370]);
    const result = await analyzePage(await svgPage(W, H, shapes + box(280, 340, 80, 60)));
    expect(pairs(result)).toEqual(expected(result));
  });

  it('does not connect heavy lines that cross or bend without a dot (the square where they meet is none)', async () => {
    // Lines 9 px wide; the line down bends left at y 300 and on down to a box below.
    const down = line(320, 80, 320, 300) + line(324, 300, 170, 300) + line(170, 296, 170, 340);
    const { shapes, expected } = crossing(9, down, [170, 370]);
    const result = await analyzePage(await svgPage(W, H, shapes + box(130, 340, 80, 60)));
    expect(pairs(result)).toEqual(expected(result));
  });

  it('does not join a line passing close to where a pipe reaches its symbol', async () => {
    // The top box's pipe comes down to the bottom box; a line between two other boxes crosses it 6 px above.
    const shapes =
      box(280, 20, 80, 60) +
      line(320, 80, 320, 300) +
      box(280, 300, 80, 60) +
      box(30, 264, 80, 60) +
      line(110, 294, 530, 294) +
      box(530, 264, 80, 60);
    const result = await analyzePage(await svgPage(W, H, shapes));
    expect(pairs(result)).toEqual(
      pairsAt(
        result,
        [
          [320, 50],
          [320, 340],
        ],
        [
          [70, 294],
          [570, 294],
        ],
      ),
    );
  });

  it('follows a pipe that bends at its end into a leg too short to be a line, down to its box', async () => {
    const shapes =
      box(30, 170, 80, 60) + `<polyline points="110,200 420,200 420,214" fill="none"/>` + box(380, 214, 80, 60) + box(480, 20, 80, 60);
    const result = await analyzePage(await svgPage(W, H, shapes));
    expect(pairs(result)).toEqual(
      pairsAt(result, [
        [70, 200],
        [420, 244],
      ]),
    );
  });

  it('connects a T junction, and a crossing with a dot', async () => {
    const shapes =
      box(30, 170, 80, 60) +
      box(530, 170, 80, 60) +
      line(110, 200, 530, 200) +
      box(280, 20, 80, 60) +
      line(320, 80, 320, 200) +
      dot(320, 200) +
      box(120, 340, 80, 60) +
      line(160, 340, 160, 200);
    const result = await analyzePage(await svgPage(W, H, shapes));
    const [left, right, top, bottom] = [keyAt(result, 70, 200), keyAt(result, 570, 200), keyAt(result, 320, 50), keyAt(result, 160, 370)];
    const found = pairs(result);
    expect(found).toContain(pair(top, left));
    expect(found).toContain(pair(top, right));
    expect(found).toContain(pair(bottom, left));
    expect(found).toContain(pair(bottom, top));
    expect(found).toContain(pair(left, right));
  });

  it('finds an instrument bubble and an inline valve, connects through the valve symbol by symbol, and keeps signals off the pipe', async () => {
    const shapes =
      box(30, 170, 80, 60) +
      line(110, 200, 284, 200) +
      valve(300, 200) +
      line(316, 200, 530, 200) +
      box(530, 170, 80, 60) +
      bubble(420, 80) +
      line(420, 104, 420, 200, true);
    const result = await analyzePage(await svgPage(W, H, shapes));
    const valveElement = result.elements.find((e) => e.elementType === 'valve');
    const instrument = result.elements.find((e) => e.elementType === 'instrument');
    expectWith(valveElement, JSON.stringify(result.elements)).toBeDefined();
    expectWith(instrument, JSON.stringify(result.elements)).toBeDefined();
    const [left, right] = [keyAt(result, 70, 200), keyAt(result, 570, 200)];
    const found = pairs(result);
    expect(found).toContain(pair(left, valveElement!.key));
    expect(found).toContain(pair(valveElement!.key, right));
    expect(found).not.toContain(pair(left, right));
    // Its signal line ends on the pipe (a sensing point), not at a symbol: the pipe does not carry it on.
    expect(result.connections.filter((c) => [c.sourceKey, c.targetKey].includes(instrument!.key))).toEqual([]);
  });

  it.each([
    ['', ''],
    [' with the panel bar across', line(440, 195, 500, 195)],
  ])('tells an instrument drawn as a circle in a square%s from an equipment box', async (_name, bar) => {
    const shapes = box(60, 150, 120, 90) + line(180, 195, 440, 195) + box(440, 165, 60, 60) + bubble(470, 195, 28) + bar;
    const result = await analyzePage(await svgPage(W, H, shapes));
    expect(result.elements.filter(isSymbolElement)).toHaveLength(2);
    expect(result.elements.find((e) => e.key === keyAt(result, 100, 160))?.elementType).toBe('equipment');
    expect(result.elements.find((e) => e.key === keyAt(result, 470, 170))?.elementType).toBe('instrument');
    expect(result.connections).toHaveLength(1);
  });

  it('reports a flange joint as its two flanges, connected to each other and each to the box on its side', async () => {
    // Bars 12 px apart (centres) across the line at x 314 and 326.
    const joint = line(314, 175, 314, 215) + line(326, 175, 326, 215);
    const result = await analyzePage(
      await svgPage(W, H, box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195) + joint),
    );
    const flanges = result.elements.filter((e) => e.description === 'flange');
    expect(flanges.map((e) => e.boundingBox.x + e.boundingBox.width / 2).sort((a, b) => a - b)).toEqual([
      expect.closeTo(308, -1),
      expect.closeTo(332, -1),
    ]);
    // Each keeps the joint as drawn, bar to bar (what a dataset boxing joints whole counts).
    for (const { metadata } of flanges)
      expect(metadata.joint_box).toEqual({
        x: expect.closeTo(312, -0.5),
        y: expect.any(Number),
        width: expect.closeTo(16, -0.5),
        height: expect.any(Number),
      });
    const [left, right, faceLeft, faceRight] = [
      keyAt(result, 100, 190),
      keyAt(result, 500, 190),
      keyAt(result, 306, 195),
      keyAt(result, 334, 195),
    ];
    expect(pairs(result)).toEqual([pair(left, faceLeft), pair(faceLeft, faceRight), pair(faceRight, right)].sort());
    // With an impulse line leaving from between the bars it is an orifice plate, whole.
    const tapped = await analyzePage(
      await svgPage(
        W,
        H,
        box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195) + joint + line(320, 172, 320, 60, true),
      ),
    );
    expect(tapped.elements.filter((e) => e.description === 'flange')).toEqual([]);
    expect(tapped.elements.filter((e) => e.description === 'orifice plate')).toHaveLength(1);
  });

  it('takes a flange joint close to a vessel for its nozzle bolted to the mating flange', async () => {
    // A vessel x 60..260; its pipe leaves at y 200 through a joint whose bars stand at x 280 and 292.
    const joint = line(280, 180, 280, 220) + line(292, 180, 292, 220);
    const result = await analyzePage(
      await svgPage(W, H, box(60, 100, 200, 200) + box(460, 150, 120, 90) + line(260, 200, 460, 200) + joint),
    );
    const fittings = result.elements.filter((e) => e.elementType === 'fitting');
    expect(fittings.map((e) => [e.description, Math.round(e.boundingBox.x), Math.round(e.boundingBox.x + e.boundingBox.width)])).toEqual([
      ['nozzle', expect.closeTo(260, -1), expect.closeTo(282, -1)],
      ['flange', expect.closeTo(290, -1), expect.closeTo(306, -1)],
    ]);
    // The nozzle is the vessel's: joined to it by its neck, bolted to the flange, which the pipe takes on.
    const [vessel, nozzle, flange, tank]: Point[] = [
      [160, 200],
      [270, 200],
      [298, 200],
      [520, 195],
    ];
    expect(pairs(result)).toEqual(pairsAt(result, [vessel, nozzle], [nozzle, flange], [flange, tank]));
    const neck = result.connections.find((c) => c.sourceKey === keyAt(result, ...vessel))!;
    expect(neck.metadata.path_data?.path).toEqual([
      { orientation: 'horizontal', start: [expect.closeTo(260, -1), 200], end: [expect.closeTo(271, -1), 200] },
    ]);
    // As sure as the nozzle it joins (the rule that found the nozzle drew it).
    expect(neck.metadata.confidence).toBe(result.elements.find((e) => e.key === keyAt(result, ...nozzle))!.metadata.confidence);
    // Switched off to measure what it adds (`npm run bench:ablation`), the nozzle rule finds none.
    const without = await analyzePage(
      await svgPage(W, H, box(60, 100, 200, 200) + box(460, 150, 120, 90) + line(260, 200, 460, 200) + joint),
      { without: new Set(['nozzles']) },
    );
    expect(without.elements.filter((e) => e.description === 'nozzle')).toEqual([]);
  });

  it('maps coordinates back to the original pixels when the page is downscaled', async () => {
    const shapes = box(60, 150, 120, 90) + box(440, 150, 120, 90) + line(180, 195, 440, 195);
    const full = await analyzePage(await svgPage(W, H, shapes));
    const small = await analyzePage(await svgPage(W, H, shapes, (W * H) / 4));
    expect(small.imageSize).toEqual({ width: W, height: H });
    expect(small.elements).toHaveLength(full.elements.length);
    small.elements.forEach((element, i) => {
      const reference = full.elements[i].boundingBox;
      expect(Math.abs(element.boundingBox.x - reference.x)).toBeLessThanOrEqual(4);
      expect(Math.abs(element.boundingBox.width - reference.width)).toBeLessThanOrEqual(6);
    });
  });

  it('reads a line of text as text, not as a dashed line', async () => {
    const text = `<text x="200" y="60" font-family="sans-serif" font-size="18" fill="#000000" stroke="none">TEST FIC-101 EFT</text>`;
    const result = await analyzePage(await svgPage(W, H, text + box(60, 150, 120, 90) + box(440, 150, 120, 90)));
    const texts = result.elements.filter((e) => e.elementType === 'text');
    expect(texts.length).toBeGreaterThanOrEqual(1);
    expect(texts.length).toBeLessThanOrEqual(3);
    expect(texts.every((e) => e.boundingBox.y >= 35 && e.boundingBox.y + e.boundingBox.height <= 70)).toBe(true);
    expect(result.connections).toEqual([]);
  });

  it('finds nothing on a blank page, and skips the sheet border', async () => {
    const blank = await analyzePage(await svgPage(W, H, ''));
    expect(blank).toMatchObject({ elements: [], connections: [], inkRatio: 0 });
    const framed = await analyzePage(await svgPage(W, H, box(5, 5, W - 10, H - 10)));
    expect(framed.elements).toEqual([]);
  });

  it('skips the title block, its texts and the zone marks outside the frame', async () => {
    const text = (x: number, y: number, value: string) =>
      `<text x="${x}" y="${y}" font-family="sans-serif" font-size="13" fill="#000000" stroke="none">${value}</text>`;
    const rows = [300, 325, 350, 375, 400];
    const titleBlock =
      rows.map((y) => line(250, y, 615, y)).join('') +
      line(250, 300, 250, 400) +
      line(615, 300, 615, 400) +
      text(410, 318, 'PROJECT NORTH') +
      text(410, 343, 'DRAWN BY AB') +
      text(410, 368, 'SHEET 1 OF 3');
    const shapes =
      box(25, 25, W - 50, H - 50) +
      text(300, 19, 'B 4') +
      box(60, 100, 120, 90) +
      box(300, 100, 120, 90) +
      line(180, 145, 300, 145) +
      titleBlock;
    const result = await analyzePage(await svgPage(W, H, shapes));
    expect(result.elements.map((e) => e.elementType)).toEqual(['equipment', 'equipment']);
    expect(result.connections).toHaveLength(1);
  });

  it('ends a pipe that stops in the open at a pipe end, connected to its symbol, but none along the frame', async () => {
    // A vessel's pipe runs right and down, and stops. Another runs down into the frame, whose bottom line is found
    // in two halves (as in a scan a little askew), too short to be taken for the frame: its ends are no pipe ends.
    const frame =
      line(25, 25, W - 25, 25) +
      line(25, 25, 25, H - 25) +
      line(W - 25, 25, W - 25, H - 25) +
      line(25, H - 25, 300, H - 25) +
      line(312, H - 25, W - 25, H - 25);
    const shapes = frame + box(60, 100, 120, 90) + line(180, 145, 400, 145) + line(400, 145, 400, 330) + line(120, 190, 120, H - 25);
    const result = await analyzePage(await svgPage(W, H, shapes));
    const ends = result.elements.filter((e) => e.elementType === 'pipe');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ description: 'pipe end', name: '' });
    expect(ends[0].metadata.confidence).toBeLessThan(0.6);
    expect(pairs(result)).toEqual(
      pairsAt(result, [
        [120, 145],
        [400, 330],
      ]),
    );
    const path = result.connections[0].metadata.path_data!.path;
    expect(path.map((s) => s.orientation)).toEqual(['horizontal', 'vertical']);
    expect(Math.abs(path[1].end[1] - 330)).toBeLessThanOrEqual(3);
  });

  it('follows a dotted signal line from a bubble to a valve, and says the instrument controls it', async () => {
    const dotted = `<line x1="320" y1="130" x2="320" y2="283" stroke-width="2" stroke-dasharray="3 9"/>`;
    const shapes =
      box(30, 270, 80, 60) + line(110, 300, 530, 300) + box(530, 270, 80, 60) + valve(320, 300) + bubble(320, 100, 30) + dotted;
    const result = await analyzePage(await svgPage(W, H, shapes));
    const signal = result.connections.find((c) => c.metadata.line_style === 'dashed');
    expect(signal).toMatchObject({ sourceKey: keyAt(result, 320, 80), targetKey: keyAt(result, 320, 300), relationshipType: 'controls' });
    expect(result.elements.filter((e) => e.elementType === 'text')).toEqual([]);
  });

  it('follows a dashed signal line that stops a dash and a gap short of its bubble, around a bend', async () => {
    // The bubble's edge is at x 130; the dashes begin 15 px further, run right, turn down to the valve.
    const dashed = `<path d="M 145 100 L 400 100 L 400 283" stroke-dasharray="10 6"/>`;
    const shapes =
      box(30, 270, 80, 60) + line(110, 300, 530, 300) + box(530, 270, 80, 60) + valve(400, 300) + bubble(100, 100, 30) + dashed;
    const result = await analyzePage(await svgPage(W, H, shapes));
    const signal = result.connections.find((c) => c.metadata.line_style === 'dashed');
    expect(signal).toMatchObject({ sourceKey: keyAt(result, 100, 80), targetKey: keyAt(result, 400, 300), relationshipType: 'controls' });
  });

  it('follows a signal line through a short jog aside, too short for the dash finder', async () => {
    // The jog falls in a gap between dashes: the two runs are 6 px apart, nothing drawn between.
    const dashed = `<path d="M 200 84 L 200 206 L 206 206 L 206 316" stroke-dasharray="10 6"/>`;
    const result = await analyzePage(await svgPage(W, H, bubble(200, 60) + bubble(206, 340) + dashed));
    expect(pairs(result)).toEqual(
      pairsAt(result, [
        [200, 60],
        [206, 340],
      ]),
    );
    // Its path runs down each run and square across the jog, not askew from one run to the other.
    const path = result.connections[0].metadata.path_data?.path ?? [];
    expect(path.map(({ start, end }) => Math.min(Math.abs(end[0] - start[0]), Math.abs(end[1] - start[1])))).toEqual(path.map(() => 0));
    expect(path.some(({ orientation }) => orientation === 'horizontal')).toBe(true);
  });

  it('gives a signal line left dangling just short of a bubble (its last bend too short to be found) to that bubble', async () => {
    // The line stops 26 px left of the lower bubble: its bend across is not drawn at all.
    const dashed = `<path d="M 200 84 L 200 300" stroke-dasharray="10 6"/>`;
    const result = await analyzePage(await svgPage(W, H, bubble(200, 60) + bubble(250, 300) + dashed));
    expect(pairs(result)).toEqual(
      pairsAt(result, [
        [200, 60],
        [250, 300],
      ]),
    );
  });

  it('takes a line hop for a crossing: no symbol at the arc, no connection between the crossing pipes', async () => {
    const hop = `<path d="M 300 200 A 15 15 0 0 1 330 200"/>`;
    const shapes =
      box(30, 170, 80, 60) +
      line(110, 200, 300, 200) +
      hop +
      line(330, 200, 530, 200) +
      box(530, 170, 80, 60) +
      box(275, 20, 80, 60) +
      line(315, 80, 315, 340) +
      box(275, 340, 80, 60);
    const result = await analyzePage(await svgPage(W, H, shapes));
    expect(result.elements.map((e) => e.elementType)).toEqual(['equipment', 'equipment', 'equipment', 'equipment']);
    expect(pairs(result)).toEqual(
      pairsAt(
        result,
        [
          [70, 200],
          [570, 200],
        ],
        [
          [315, 50],
          [315, 370],
        ],
      ),
    );
  });

  it('takes a hop over a signal line for a crossing, though the signal line is too broken there to be found', async () => {
    // Two dashes above the hop and two below the pipe: too few to be a dashed line of their own.
    const dashes = [150, 166, 215, 231].map((y) => `<line x1="315" y1="${y}" x2="315" y2="${y + 8}" stroke-width="2"/>`).join('');
    const hop = `<path d="M 300 200 A 15 15 0 0 1 330 200"/>`;
    const shapes = box(30, 170, 80, 60) + line(110, 200, 300, 200) + hop + line(330, 200, 530, 200) + box(530, 170, 80, 60) + dashes;
    const result = await analyzePage(await svgPage(W, H, shapes));
    const atArc = result.elements.filter(({ boundingBox: b }) => b.x <= 315 && b.x + b.width >= 315 && b.y <= 192 && b.y + b.height >= 192);
    expect(atArc).toEqual([]);
    expect(pairs(result)).toEqual(
      pairsAt(result, [
        [70, 200],
        [570, 200],
      ]),
    );
  });

  it('names symbol classes with the learned classifier and keeps boxes drawn with lines', async () => {
    const shapes = box(30, 170, 80, 60) + line(110, 200, 284, 200) + valve(300, 200) + line(316, 200, 530, 200) + box(530, 170, 80, 60);
    const classifier = loadSymbolClassifier();
    const result = await analyzePage(await svgPage(W, H, shapes), { symbolClassifier: () => classifier });
    const valveElement = result.elements.find((e) => e.key === keyAt(result, 300, 200));
    expect(valveElement).toMatchObject({ elementType: 'valve', description: 'gate valve', metadata: { symbol_class: 'gate_valve' } });
    expect(result.elements.filter((e) => e.elementType === 'equipment')).toHaveLength(2);
    expect(result.connections).toHaveLength(2);
    (await classifier).dispose();
  });

  it('connects an instrument to the vessel beside it across one dash, too short to be a line', async () => {
    // A vessel (x 300-420) piped to a box on the right; a bubble at x 226-274 joined to it by one 12-px dash.
    const shapes = box(300, 150, 120, 120) + box(520, 180, 80, 60) + line(420, 210, 520, 210) + bubble(250, 210) + line(281, 210, 293, 210);
    const result = await analyzePage(await svgPage(W, H, shapes));
    const instrument = keyAt(result, 250, 190);
    const vessel = keyAt(result, 360, 160);
    const joined = result.connections.filter((c) => [c.sourceKey, c.targetKey].sort().join('-') === pair(instrument, vessel));
    expect(joined).toHaveLength(1);
    expect(joined[0].relationshipType).toBe('senses');
    // Without the dash they stand apart.
    const apart = await analyzePage(await svgPage(W, H, shapes.replace(line(281, 210, 293, 210), '')));
    expect(
      apart.connections.some(
        (c) => [c.sourceKey, c.targetKey].includes(keyAt(apart, 250, 190)) && [c.sourceKey, c.targetKey].includes(keyAt(apart, 360, 160)),
      ),
    ).toBe(false);
  });
});

describe('one symbol found twice', () => {
  const symbol = (x0: number, y0: number, x1: number, y1: number, symbolClass?: string): DetectedSymbol => ({
    x0,
    y0,
    x1,
    y1,
    elementType: 'valve',
    description: symbolClass ?? 'valve',
    confidence: 0.8,
    symbolClass,
  });

  it('keeps the outer of two nested candidates the classifier names alike', () => {
    // A vertical ball valve: its body found as a drawn box, the whole valve (cones wider) as a group of ink.
    const body = symbol(2681, 1067, 2694, 1109, 'ball_valve');
    const whole = symbol(2675, 1067, 2700, 1109, 'ball_valve');
    expect(withoutNestedTwins([body, whole])).toEqual([whole]);
    const same = { ...symbol(2675, 1067, 2700, 1109, 'ball_valve'), confidence: 0.9 };
    const [kept] = withoutNestedTwins([whole, same]);
    expect(kept).toBe(whole);
    expect(withoutNestedTwins([same, whole])).toEqual([same]);
  });

  it('keeps a symbol inside a much larger one named alike (two valves the pixels chained, one also a box)', () => {
    const valve = symbol(100, 100, 130, 120, 'gate_valve');
    const chained = symbol(95, 95, 200, 125, 'gate_valve');
    expect(withoutNestedTwins([valve, chained])).toEqual([valve, chained]);
  });

  it('keeps nested candidates named differently, unnamed ones and ones side by side', () => {
    const actuator = symbol(100, 100, 120, 115, 'gate_valve');
    const valve = symbol(95, 95, 140, 140, 'control_valve');
    expect(withoutNestedTwins([actuator, valve])).toEqual([actuator, valve]);
    const unnamed = [symbol(10, 10, 20, 20), symbol(5, 5, 30, 30)];
    expect(withoutNestedTwins(unnamed)).toEqual(unnamed);
    const row = [symbol(10, 10, 40, 30, 'gate_valve'), symbol(45, 10, 75, 30, 'gate_valve')];
    expect(withoutNestedTwins(row)).toEqual(row);
  });
});

describe('partsToKeep', () => {
  const read = (x0: number, y0: number, x1: number, y1: number, className: string, confidence: number): KeptPart => {
    const elementType = className === 'not_a_symbol' ? ('none' as const) : ('valve' as const);
    return {
      part: { x0, y0, x1, y1 },
      prediction: { className, elementType, confidence, alternatives: [{ className, elementType, confidence }] },
    };
  };
  const unsureWhole = read(0, 0, 100, 140, 'control_valve', 0.6).prediction;
  const symbol = read(0, 0, 100, 100, 'shell_tube_exchanger', 0.999);
  const bit = read(40, 120, 60, 140, 'not_a_symbol', 0.95);
  const onPipe = () => true;

  it('takes two parts or more each named surely, and more surely than the whole', () => {
    const other = read(0, 110, 100, 140, 'gate_valve', 0.85);
    expect(partsToKeep(unsureWhole, [symbol, other], onPipe)).toEqual([symbol, other]);
    expect(partsToKeep(read(0, 0, 1, 1, 'control_valve', 0.9).prediction, [symbol, other], onPipe)).toBeUndefined();
  });

  it('takes one part named all but surely where the rest is a stray bit of a pipe, small and surely none', () => {
    expect(partsToKeep(unsureWhole, [symbol, bit], onPipe)).toEqual([symbol]);
    // Off every pipe (a positioner on its stem), large (an actuator) or unsurely none, the bit is the symbol's.
    expect(partsToKeep(unsureWhole, [symbol, bit], () => false)).toBeUndefined();
    expect(partsToKeep(unsureWhole, [symbol, read(0, 100, 100, 140, 'not_a_symbol', 0.95)], onPipe)).toBeUndefined();
    expect(partsToKeep(unsureWhole, [symbol, read(40, 120, 60, 140, 'not_a_symbol', 0.7)], onPipe)).toBeUndefined();
    // Named less than all but surely, the part alone is not taken.
    expect(partsToKeep(unsureWhole, [read(0, 0, 100, 100, 'shell_tube_exchanger', 0.97), bit], onPipe)).toBeUndefined();
  });
});

describe('a vessel the classifier takes for an off-page connector', () => {
  // A horizontal vessel: two long sides closed by a rounded head at each end (a connector's long box).
  const vessel = `<path d="M 160 100 L 420 100 A 35 35 0 0 1 420 170 L 160 170 A 35 35 0 0 1 160 100 Z" fill="none" stroke="#000" stroke-width="3"/>`;
  const takenFor = (confidence: number) =>
    rankingAll([
      { className: 'off_page_connector', elementType: 'off_page_connector', confidence },
      { className: 'horizontal_vessel', elementType: 'equipment', confidence: 1 - confidence },
    ]);
  const symbolsWith = async (classifier: SymbolClassifier) =>
    (await analyzePage(await svgPage(W, H, vessel), { symbolClassifier: async () => classifier })).elements.filter(isSymbolElement);

  it('stays equipment, named by the equipment class ranked next, unless the classifier is all but sure', async () => {
    const [unsure] = await symbolsWith(takenFor(0.8));
    expect(unsure).toMatchObject({ elementType: 'equipment', metadata: { symbol_class: 'horizontal_vessel' } });
    const [sure] = await symbolsWith(takenFor(0.97));
    expect(sure).toMatchObject({ elementType: 'off_page_connector', metadata: { symbol_class: 'off_page_connector' } });
  });
});
