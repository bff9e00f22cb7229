import { describe, expect, it } from '@jest/globals';
import { isSymbolElement } from '@pid/contracts';
import { namingAll, namingBy, rankingAll } from '../testing/classifiers';
import { bubble, dot, line, svgPage, valve } from '../testing/synthetic';
import type { SymbolClassifier } from '../classifier/symbol-classifier';
import { analyzePage } from './analyze-page';
import type { Segment } from './lines';

const symbolsOf = async (width: number, height: number, shapes: string) =>
  (await analyzePage(await svgPage(width, height, shapes))).elements.filter(isSymbolElement);

const right = (box: { x: number; width: number }) => box.x + box.width;

/** One symbol, reaching at least from `x0` to `x1` across the page. */
function expectOneAcross(symbols: Array<{ boundingBox: { x: number; width: number } }>, x0: number, x1: number) {
  expect(symbols).toHaveLength(1);
  expect(symbols[0].boundingBox.x).toBeLessThanOrEqual(x0);
  expect(right(symbols[0].boundingBox)).toBeGreaterThanOrEqual(x1);
}
const bottom = (box: { y: number; height: number }) => box.y + box.height;

/** A gate valve on a vertical pipe: two triangles meeting at (x, y). */
const verticalValve = (x: number, y: number, size = 16) =>
  `<path d="M ${x - size / 1.5} ${y - size} L ${x + size / 1.5} ${y + size} L ${x - size / 1.5} ${y + size} L ${x + size / 1.5} ${y - size} Z"/>`;

/** A butterfly valve on a vertical pipe at x 200: bars across it at y 110 and 150, the disc between. */
const barredButterfly =
  line(200, 20, 200, 110) +
  line(186, 110, 214, 110) +
  line(200, 110, 200, 118) +
  line(190, 140, 210, 120) +
  dot(200, 130, 4) +
  line(200, 142, 200, 150) +
  line(186, 150, 214, 150) +
  line(200, 150, 200, 240);

/** A sheet wide enough that lines are at least 32 px long: valve sides and short stubs are not lines. */
const WIDE = 4000;

describe('symbols strung on one pipe', () => {
  it('cuts the short pipe between a drain valve and its blind flange: two symbols, connected', async () => {
    // A header, a drain leg down to a valve, 20 px of pipe, then the blind flange's plate.
    const shapes =
      line(20, 40, 380, 40) +
      line(200, 40, 200, 150) +
      verticalValve(200, 166) +
      line(200, 182, 200, 202) +
      `<rect x="186" y="202" width="28" height="6" fill="#000"/>`;
    const analysis = await analyzePage(await svgPage(WIDE, 260, shapes));
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(2);
    const [upper, lower] = [...symbols].sort((a, b) => a.boundingBox.y - b.boundingBox.y);
    expect(bottom(upper.boundingBox)).toBeLessThanOrEqual(190);
    expect(lower.boundingBox.y).toBeGreaterThanOrEqual(196);
    const keys = new Set([upper.key, lower.key]);
    expect(analysis.connections.some((c) => keys.has(c.sourceKey) && keys.has(c.targetKey))).toBe(true);
  });

  it('cuts the pipe piece between a flange and a gap where a crossing broke the pipe: the flange is not stretched along it', async () => {
    // Pipe up to y 150, flange bars at 150 and 160, 28 px of pipe (shorter than a line), a 6 px gap, pipe on.
    const shapes =
      line(200, 20, 200, 150) + line(186, 150, 214, 150) + line(186, 160, 214, 160) + line(200, 160, 200, 188) + line(200, 194, 200, 240);
    const symbols = await symbolsOf(WIDE, 260, shapes);
    // The joint's two flanges, each hub as deep as the faces are apart (10 px, more than 0.35 of the bars' 29 px): not
    // stretched to the gap at 188.
    expect(symbols.map((e) => e.description)).toEqual(['flange', 'flange']);
    expect(Math.min(...symbols.map(({ boundingBox: b }) => b.y))).toBeGreaterThanOrEqual(136);
    expect(Math.max(...symbols.map(({ boundingBox: b }) => bottom(b)))).toBeLessThanOrEqual(174);
  });

  it('keeps a round ball valve whole: its necks between bars and ball are shorter than a pipe stub', async () => {
    const shapes =
      line(20, 80, 180, 80) +
      line(180, 64, 180, 96) +
      line(180, 80, 186, 80) +
      `<circle cx="200" cy="80" r="14"/>` +
      line(214, 80, 220, 80) +
      line(220, 64, 220, 96) +
      line(220, 80, 380, 80);
    const symbols = await symbolsOf(400, 160, shapes);
    expectOneAcross(symbols, 180, 220);
  });

  it('finds an orifice plate whose bars are long enough to be found as lines', async () => {
    // 30 px bars on a 400 px page: longer than the shortest line (24 px), square across the pipe; its taps' line
    // leaves from between them.
    const shapes = line(200, 20, 200, 240) + line(185, 126, 215, 126) + line(185, 134, 215, 134) + line(217, 130, 300, 130, true);
    const symbols = await symbolsOf(400, 260, shapes);
    expectOneAcross(symbols, 186, 214);
  });

  it("finds a butterfly valve whole: its end bars, long enough to be lines, are the pipe's to reach on one side only", async () => {
    const symbols = await symbolsOf(400, 260, barredButterfly);
    expect(symbols).toHaveLength(1);
    const [{ boundingBox }] = symbols;
    expect(boundingBox.y).toBeLessThanOrEqual(110);
    expect(bottom(boundingBox)).toBeGreaterThanOrEqual(150);
    expect(boundingBox.x).toBeLessThanOrEqual(187);
  });

  it('takes nothing for a symbol between two pipes that turn away where they stop on one axis (their corners)', async () => {
    // Two bends on the axis x 100, 60 px apart. The PDF's strokes end at the corners' middles: each corner's
    // square of ink, where the two strokes meet, is kept beside the lines.
    const shapes = `<path d="M 100 20 L 100 80 L 300 80 M 300 140 L 100 140 L 100 200" stroke-width="5"/>`;
    const segments: Segment[] = [
      { orientation: 'vertical', start: 20, end: 80, lo: 97, hi: 102, dashed: false },
      { orientation: 'horizontal', start: 100, end: 300, lo: 77, hi: 82, dashed: false },
      { orientation: 'horizontal', start: 100, end: 300, lo: 137, hi: 142, dashed: false },
      { orientation: 'vertical', start: 140, end: 200, lo: 97, hi: 102, dashed: false },
    ];
    const analysis = await analyzePage(await svgPage(400, 240, shapes), { vector: { shapes: [], stubs: [], segments } });
    expect(analysis.elements.filter(isSymbolElement)).toEqual([]);
  });

  it("finds a butterfly valve drawn in separate strokes (bars, a gap, the disc, a gap, bars) as one symbol in the pipe's gap", async () => {
    const shapes =
      line(20, 80, 180, 80) +
      line(180, 64, 180, 96) +
      `<ellipse cx="200" cy="80" rx="5" ry="10"/>` +
      line(220, 64, 220, 96) +
      line(220, 80, 380, 80);
    const symbols = await symbolsOf(400, 160, shapes);
    expectOneAcross(symbols, 180, 220);
  });

  it('finds one drawn in separate strokes whose blurred bars are thicker than its pipe, the pipe running into them', async () => {
    const shapes =
      `<g stroke-width="2">${line(20, 80, 187, 80)}${line(214, 80, 380, 80)}</g>` +
      `<rect x="183" y="66" width="2" height="28"/><ellipse cx="200" cy="80" rx="4" ry="13"/><rect x="215" y="66" width="2" height="28"/>`;
    const symbols = await symbolsOf(WIDE, 160, shapes);
    expectOneAcross(symbols, 182, 217);
  });

  it("finds one whose pipe goes on a half pixel higher than it came (a scan's stroke edges)", async () => {
    // The pipe after the valve, centred half a pixel above the pipe before it, sorts first on the axis; the
    // parts are too far apart to be joined as touching.
    const pipe = (x: number, width: number, height: number) =>
      `<rect x="${x}" y="78" width="${width}" height="${height}" stroke="none" fill="#000"/>`;
    const shapes =
      pipe(20, 167, 4) +
      pipe(235, 145, 3) +
      `<rect x="183" y="66" width="2" height="28"/><ellipse cx="210" cy="80" rx="4" ry="13"/><rect x="235" y="66" width="2" height="28"/>`;
    const symbols = await symbolsOf(WIDE, 160, shapes);
    expectOneAcross(symbols, 182, 237);
  });

  it('finds an orifice plate whose signal line ends at its bars', async () => {
    // Bars shorter than a line here, close together, thinner than the pipe; the dashed tap line ends on them.
    const shapes =
      `<g stroke-width="4">${line(20, 130, 380, 130)}${line(200, 117, 200, 10, true)}</g>` +
      line(198.5, 116, 198.5, 144) +
      line(203.5, 116, 203.5, 144);
    const symbols = await symbolsOf(WIDE, 260, shapes);
    expect(symbols).toHaveLength(1);
    expect(symbols[0].boundingBox.y).toBeLessThanOrEqual(117);
    expect(bottom(symbols[0].boundingBox)).toBeGreaterThanOrEqual(143);
  });

  it('finds a valve whose tag is written right beside it, on a vertical pipe', async () => {
    const tag = `<text x="222" y="136" font-family="sans-serif" font-size="16" fill="#000000" stroke="none">CSO</text>`;
    const symbols = await symbolsOf(400, 260, line(200, 20, 200, 114) + verticalValve(200, 130) + line(200, 146, 200, 240) + tag);
    const valves = symbols.filter((s) => s.elementType === 'valve');
    expect(valves).toHaveLength(1);
    expect(right(valves[0].boundingBox)).toBeLessThan(222);
  });
});

describe('off-page connectors', () => {
  it('finds a connector whose flat back is too short to be found as a line', async () => {
    // Sides 60 px (lines), back 24 px (shorter than the shortest line), point 14 px deep.
    const shapes = line(20, 80, 100, 80) + `<path d="M 100 68 L 160 68 L 174 80 L 160 92 L 100 92 Z"/>`;
    const symbols = await symbolsOf(WIDE, 160, shapes);
    const connectors = symbols.filter((s) => s.elementType === 'off_page_connector');
    expect(connectors).toHaveLength(1);
    expect(connectors[0].boundingBox.x).toBeLessThanOrEqual(101);
    expect(right(connectors[0].boundingBox)).toBeGreaterThanOrEqual(172);
  });
});

describe('off-page connectors, notched', () => {
  it('finds an arrow with a notched back as a connector', async () => {
    const shapes = line(20, 80, 112, 80) + `<path d="M 100 68 L 160 68 L 174 80 L 160 92 L 100 92 L 112 80 Z"/>`;
    const connectors = (await symbolsOf(WIDE, 160, shapes)).filter((s) => s.elementType === 'off_page_connector');
    expect(connectors).toHaveLength(1);
    expect(connectors[0].boundingBox.x).toBeLessThanOrEqual(101);
    expect(right(connectors[0].boundingBox)).toBeGreaterThanOrEqual(172);
  });
});

describe('valves in a row', () => {
  it('separates two valves joined by a short pipe', async () => {
    const symbols = await symbolsOf(
      WIDE,
      160,
      line(20, 80, 164, 80) + valve(180, 80) + line(196, 80, 220, 80) + valve(236, 80) + line(252, 80, 380, 80),
    );
    expect(symbols).toHaveLength(2);
    expect(Math.max(...symbols.map((s) => s.boundingBox.width))).toBeLessThan(40);
  });

  /** A valve filled black: a pipe drawn through it is found running through it. */
  const filledValve = (x: number, y: number) => valve(x, y).replace('/>', ' fill="#000"/>');

  it('separates two filled valves on one pipe whose bases face each other across a gap shorter than a line', async () => {
    // Bases at x 176 and 188: the pipe's removal leaves 12 px between them, each valve's cones meet at its tips.
    const shapes = `<g stroke-width="4">${line(20, 80, 380, 80)}${filledValve(160, 80)}${filledValve(204, 80)}</g>`;
    const symbols = await symbolsOf(WIDE, 160, shapes);
    expect(symbols).toHaveLength(2);
    const [first, second] = [...symbols].sort((a, b) => a.boundingBox.x - b.boundingBox.x);
    expect(right(first.boundingBox)).toBeLessThanOrEqual(180);
    expect(second.boundingBox.x).toBeGreaterThanOrEqual(184);
  });

  it("does not chain two valves together through a bit of a scanned pipe's ragged edge", async () => {
    // A valve, 16 px of pipe with a 2 px bump on its edge (a scan's), then a filled valve the pipe runs through.
    const shapes =
      `<g stroke-width="4">${line(200, 20, 200, 84)}${verticalValve(200, 100)}${line(200, 116, 200, 230)}` +
      `${verticalValve(200, 148).replace('/>', ' fill="#000"/>')}</g><rect x="196" y="122" width="2" height="4" fill="#000" stroke="none"/>`;
    const symbols = await symbolsOf(WIDE, 260, shapes);
    expect(symbols).toHaveLength(2);
    const [upper, lower] = [...symbols].sort((a, b) => a.boundingBox.y - b.boundingBox.y);
    expect(bottom(upper.boundingBox)).toBeLessThanOrEqual(120);
    expect(lower.boundingBox.y).toBeGreaterThanOrEqual(128);
  });
});

describe('a candidate kept for its bars though named no symbol', () => {
  // With a dash of a signal line stuck to its side.
  const shapes = barredButterfly + line(214, 130, 234, 130);
  // The whole no symbol (as sure as `whole`), of no valve class either; sure of the valve without the dash.
  const withoutDash = (whole = 0.95): SymbolClassifier => ({
    backend: 'cpu',
    classify: async (_image, boxes) =>
      boxes.map((box) => {
        const [className, elementType, confidence] =
          box.x1 > 222 ? (['not_a_symbol', 'none', whole] as const) : (['butterfly_valve', 'valve', 0.995] as const);
        return { className, elementType, confidence, alternatives: [{ className, elementType, confidence }] };
      }),
    dispose: () => undefined,
  });

  it('is not a flange found as its two bars: it stays two flanges, whatever a cut of it is named', async () => {
    let calls = 0;
    // No symbol at first sight, of no fitting class; a valve, surely, in any cut.
    const noneThenValve: SymbolClassifier = {
      backend: 'cpu',
      classify: async (_image, boxes) => {
        const [className, elementType, confidence] =
          calls++ === 0 ? (['not_a_symbol', 'none', 0.95] as const) : (['gate_valve', 'valve', 0.995] as const);
        return boxes.map(() => ({ className, elementType, confidence, alternatives: [{ className, elementType, confidence }] }));
      },
      dispose: () => undefined,
    };
    const joint = line(20, 80, 380, 80) + line(194, 60, 194, 100) + line(206, 60, 206, 100);
    const analysis = await analyzePage(await svgPage(400, 160, joint), { symbolClassifier: async () => noneThenValve });
    expect(analysis.elements.filter(isSymbolElement).map((e) => e.description)).toEqual(['flange', 'flange']);
  });

  it('is read cut back: the symbol without the mark stuck on it, named', async () => {
    const analysis = await analyzePage(await svgPage(400, 260, shapes), { symbolClassifier: async () => withoutDash() });
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    expect(symbols[0].metadata.symbol_class).toBe('butterfly_valve');
    expect(right(symbols[0].boundingBox)).toBeLessThanOrEqual(220);
  });
});

describe('text a pipe reaches', () => {
  // A vent valve at a pipe's open end, its cones drawn apart: two parts side by side, wider than tall, like
  // two letters, reached on one side only.
  const shapes = line(20, 80, 186, 80) + `<path d="M 186 70 L 197 80 L 186 90 Z"/><path d="M 214 70 L 203 80 L 214 90 Z"/>`;
  const elementsWith = async (className: string) =>
    (await analyzePage(await svgPage(400, 160, shapes), { symbolClassifier: async () => namingAll(className) })).elements;

  it('becomes a symbol where the classifier names one, and stays text where it does not', async () => {
    const named = await elementsWith('gate_valve');
    expect(named.filter((e) => e.elementType === 'valve')).toHaveLength(1);
    expect(named[0].metadata.symbol_class).toBe('gate_valve');
    const geometric = (await analyzePage(await svgPage(400, 160, shapes))).elements;
    expect(geometric.map((e) => e.elementType)).toEqual(['text']);
    const refused = await elementsWith('not_a_symbol');
    expect(refused.map((e) => e.elementType)).toEqual(['text']);
  });
});

describe('instrument bubbles', () => {
  it('is the circle only: a dash of its signal line stuck to it is not part of it', async () => {
    // The dash ends 3 px short of the ring: a part of its own, close enough to be grouped with it.
    const shapes = bubble(200, 80, 24) + `<line x1="229" y1="80" x2="241" y2="80" stroke-width="2"/>`;
    const instruments = (await symbolsOf(400, 160, shapes)).filter((s) => s.elementType === 'instrument');
    expect(instruments).toHaveLength(1);
    expect(right(instruments[0].boundingBox)).toBeLessThanOrEqual(228);
    expect(instruments[0].boundingBox.x).toBeLessThanOrEqual(177);
  });

  it.each([
    [0.9, 'instrument'],
    [0.99, 'fitting'],
  ])('stays an instrument where the classifier names it another symbol at %s, unless all but surely', async (confidence, type) => {
    const analysis = await analyzePage(await svgPage(400, 160, bubble(200, 80, 24)), {
      symbolClassifier: async () => namingAll('strainer', 'fitting', confidence),
    });
    expect(analysis.elements.filter(isSymbolElement).map((e) => e.elementType)).toEqual([type]);
  });

  it('is found though a dash of its signal line touches it: the circle inside the spur', async () => {
    // The dash runs 14 px down onto the ring's top: one component, no longer round as a whole.
    const shapes = bubble(200, 100, 24) + `<line x1="200" y1="62" x2="200" y2="77" stroke-width="2"/>`;
    const instruments = (await symbolsOf(400, 200, shapes)).filter((s) => s.elementType === 'instrument');
    expect(instruments).toHaveLength(1);
    const [{ boundingBox }] = instruments;
    expect(boundingBox.y).toBeGreaterThanOrEqual(72);
    expect(boundingBox.height).toBeLessThanOrEqual(54);
    expect(boundingBox.x).toBeLessThanOrEqual(177);
  });
});

describe('branches at a T without a dot', () => {
  it('cuts a short leg, and the pipe pieces between the outlined valve and reducer strung on it: each its own symbol', async () => {
    // A header, a 20 px leg (lines are 64 px here), an outlined valve wide for its stroke, 20 px of pipe, an outlined reducer, 20 px
    // of pipe, a blind flange's plate.
    const shapes =
      line(20, 40, 380, 40) +
      line(200, 40, 200, 60) +
      `<path d="M 176 60 L 224 124 L 176 124 L 224 60 Z"/>` +
      line(200, 124, 200, 144) +
      `<path d="M 176 144 L 224 144 L 210 168 L 190 168 Z"/>` +
      line(200, 168, 200, 188) +
      `<rect x="186" y="188" width="28" height="6" fill="#000"/>`;
    const analysis = await analyzePage(await svgPage(2 * WIDE, 220, shapes));
    const symbols = analysis.elements.filter(isSymbolElement);
    const [valveFound, reducer] = [...symbols].sort((a, b) => a.boundingBox.y - b.boundingBox.y);
    expect(symbols.length).toBeGreaterThanOrEqual(2);
    expect(valveFound.boundingBox.y).toBeGreaterThanOrEqual(54);
    expect(bottom(valveFound.boundingBox)).toBeLessThanOrEqual(130);
    expect(reducer.boundingBox.y).toBeGreaterThanOrEqual(138);
    expect(bottom(reducer.boundingBox)).toBeLessThanOrEqual(174);
    // The header reaches the valve through the cut leg.
    expect(analysis.connections.some((c) => c.sourceKey === valveFound.key || c.targetKey === valveFound.key)).toBe(true);
  });
});

describe('branches at junction dots', () => {
  it('cuts a drain leg leaving a dot from its valve: the valve is its own symbol, connected through the dot', async () => {
    // A header between two vessels, a dot, a leg too short to be a line, a valve and its tail pipe.
    const shapes =
      `<rect x="20" y="20" width="60" height="60" fill="none" stroke="#000" stroke-width="3"/>` +
      line(80, 50, 520, 50) +
      `<rect x="520" y="20" width="60" height="60" fill="none" stroke="#000" stroke-width="3"/>` +
      dot(300, 50, 6) +
      line(300, 56, 300, 76) +
      verticalValve(300, 92) +
      line(300, 108, 300, 126);
    // Lines are at least 40 px long here: the dot and its leg (32 px) are not one.
    const analysis = await analyzePage(await svgPage(5000, 200, shapes));
    const valves = analysis.elements.filter((e) => isSymbolElement(e) && e.boundingBox.x > 250 && e.boundingBox.x < 350);
    expect(valves).toHaveLength(1);
    expect(valves[0].boundingBox.y).toBeGreaterThanOrEqual(70);
    expect(analysis.connections.filter((c) => c.sourceKey === valves[0].key || c.targetKey === valves[0].key).length).toBeGreaterThan(0);
  });

  it('cuts a drain valve sitting close beside its dot, and its blind flange a short pipe further: two symbols', async () => {
    // A vertical header, a dot, 12 px of leg (less than 3 strokes beyond the dot), a valve, 13 px of pipe (no
    // longer than the gap a cut valve leaves), then the flange's plate.
    const shapes =
      `<g stroke-width="4">${line(200, 60, 200, 200)}${line(208, 120, 220, 120)}${valve(236, 120)}${line(252, 120, 267, 120)}</g>` +
      dot(200, 120, 8) +
      `<rect x="267" y="106" width="8" height="28" fill="#000" stroke="none"/>`;
    const symbols = await symbolsOf(WIDE, 400, shapes);
    expect(symbols).toHaveLength(2);
    const [valveFound, flange] = [...symbols].sort((a, b) => a.boundingBox.x - b.boundingBox.x);
    expect(valveFound.boundingBox.x).toBeGreaterThanOrEqual(216);
    expect(right(valveFound.boundingBox)).toBeLessThanOrEqual(256);
    expect(flange.boundingBox.x).toBeGreaterThanOrEqual(266);
  });
});

/** A butterfly valve on a pipe: two bars (x 190 and 217) and the disc between them. */
const butterfly =
  line(20, 80, 190, 80) +
  `<rect x="190" y="62" width="3" height="36"/><ellipse cx="205" cy="80" rx="5" ry="13" fill="none" stroke="#000" stroke-width="3"/>` +
  `<rect x="217" y="62" width="3" height="36"/>` +
  line(220, 80, 380, 80);

describe('bars across a pipe', () => {
  it('are a joint of two flanges where the classifier names an orifice plate but no tap line leaves it', async () => {
    const joint = line(20, 80, 380, 80) + line(194, 60, 194, 100) + line(206, 60, 206, 100);
    const named = async (shapes: string) =>
      (await analyzePage(await svgPage(400, 160, shapes), { symbolClassifier: async () => namingAll('orifice_plate') })).elements
        .filter(isSymbolElement)
        .map((e) => e.description);
    expect(await named(joint)).toEqual(['flange', 'flange']);
    expect(await named(joint + line(200, 58, 200, 20, true))).toEqual(['orifice plate']);
  });

  it('keep a symbol the classifier calls none: a butterfly valve, bars too short to be lines on a large sheet', async () => {
    const stray = `<circle cx="300" cy="200" r="9" fill="none" stroke="#000" stroke-width="3"/>`;
    const none = async () => namingAll('not_a_symbol');
    const symbols = (await analyzePage(await svgPage(WIDE, 260, butterfly + stray), { symbolClassifier: none })).elements.filter(
      isSymbolElement,
    );
    expectOneAcross(symbols, 191, 219);
    expect(symbols[0].boundingBox.y).toBeLessThan(80);
  });

  it('name the symbol they keep by the class of its type the classifier ranks next, as unsurely', async () => {
    const noneThenButterfly = rankingAll([
      { className: 'not_a_symbol', elementType: 'none', confidence: 0.9 },
      { className: 'reducer', elementType: 'fitting', confidence: 0.06 },
      { className: 'butterfly_valve', elementType: 'valve', confidence: 0.03 },
    ]);
    const page = await svgPage(WIDE, 260, butterfly);
    const [valve] = (await analyzePage(page, { symbolClassifier: async () => noneThenButterfly })).elements.filter(isSymbolElement);
    expect(valve).toMatchObject({ elementType: 'valve', description: 'butterfly valve' });
    expect(valve.metadata).toMatchObject({ symbol_class: 'butterfly_valve' });
    expect(valve.metadata.confidence).toBeLessThan(0.5);
  });
});

describe('a candidate the classifier is sure is no symbol', () => {
  it('is read cut in two where paper parts a mark from a symbol: a half named all but surely takes its place', async () => {
    // A drain valve hanging from a header, its cones drawn apart (no piece of ink is the valve alone), a filled
    // mark 4 px to its left: closer than parts of one symbol may be.
    const shapes =
      line(20, 40, 380, 40) +
      line(200, 40, 200, 90) +
      `<path d="M 189 90 L 211 90 L 200 104 Z"/><path d="M 200 108 L 189 122 L 211 122 Z"/>` +
      `<rect x="145" y="92" width="40" height="28" fill="#000"/>`;
    /** Names the valve alone a gate valve all but surely, anything else surely no symbol. */
    const valveAlone = namingBy((box) =>
      box.x0 >= 187 && box.x1 <= 214 && box.y1 - box.y0 >= 25
        ? (['gate_valve', 'valve', 0.999] as const)
        : (['not_a_symbol', 'none', 0.95] as const),
    );
    const symbols = (await analyzePage(await svgPage(WIDE, 200, shapes), { symbolClassifier: async () => valveAlone })).elements.filter(
      isSymbolElement,
    );
    expect(symbols.map((s) => s.metadata.symbol_class)).toEqual(['gate_valve']);
    expect(symbols[0].boundingBox.x).toBeGreaterThanOrEqual(187);
  });
});

describe('a candidate the classifier is sure is no symbol, split in vain at bare pipe', () => {
  it("is read as its parts: one named as surely as a pair's half (not all but surely) takes its place", async () => {
    // A reducer on a vertical leg, 20 px of pipe (lines are 64 px here), then a shape the classifier does not know.
    const shapes =
      line(20, 40, 380, 40) +
      line(200, 40, 200, 144) +
      `<path d="M 176 144 L 224 144 L 210 168 L 190 168 Z"/>` +
      line(200, 168, 200, 188) +
      `<path d="M 180 188 L 220 188 L 200 230 Z M 184 200 L 216 220 M 216 200 L 184 220" fill="none" stroke="#000" stroke-width="3"/>`;
    /** The reducer alone is a reducer at 0.97; anything else, the whole too, surely no symbol. */
    const reducerAlone = namingBy((box) =>
      box.y0 >= 138 && box.y1 <= 174 ? (['reducer', 'fitting', 0.97] as const) : (['not_a_symbol', 'none', 0.95] as const),
    );
    const symbols = (
      await analyzePage(await svgPage(2 * WIDE, 260, shapes), { symbolClassifier: async () => reducerAlone })
    ).elements.filter(isSymbolElement);
    expect(symbols.map((s) => s.metadata.symbol_class)).toEqual(['reducer']);
    expect(symbols[0].boundingBox.y).toBeGreaterThanOrEqual(138);
    expect(bottom(symbols[0].boundingBox)).toBeLessThanOrEqual(174);
  });
});

describe('a shape of ink the classifier calls no symbol, unsurely', () => {
  it('is named by the symbol class it ranks next, of whatever type: a reducer, not a valve', async () => {
    // A reducer's triangle on a pipe, its narrow end on the pipe going on: the outline alone says valve.
    const reducer =
      line(20, 80, 180, 80) +
      `<path d="M 180 64 L 212 80 L 180 96 Z" fill="none" stroke="#000" stroke-width="3"/>` +
      line(212, 80, 380, 80);
    const noneThenReducer = rankingAll([
      { className: 'not_a_symbol', elementType: 'none', confidence: 0.8 },
      { className: 'reducer', elementType: 'fitting', confidence: 0.17 },
      { className: 'instrument_bubble', elementType: 'instrument', confidence: 0.01 },
    ]);
    const symbols = (
      await analyzePage(await svgPage(WIDE, 160, reducer), { symbolClassifier: async () => noneThenReducer })
    ).elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    expect(symbols[0]).toMatchObject({ elementType: 'fitting', description: 'reducer', metadata: { symbol_class: 'reducer' } });
  });
});

describe('bars across a pipe, drawn by several paths', () => {
  it("are one symbol, not one per path of the PDF's", async () => {
    const paths = [
      { x0: 190, y0: 62, x1: 192, y1: 97 },
      { x0: 198, y0: 65, x1: 212, y1: 95 },
      { x0: 217, y0: 62, x1: 219, y1: 97 },
    ];
    const analysis = await analyzePage(await svgPage(WIDE, 160, butterfly), { vector: { shapes: paths, stubs: [] } });
    expectOneAcross(analysis.elements.filter(isSymbolElement), 191, 219);
  });

  it('are two symbols where the pixels chained two valves corner to corner that the PDF draws apart', async () => {
    // A valve on a vertical pipe (x 100) and one on a horizontal pipe (y 132) whose wings nearly touch: less than
    // half their joint box is theirs.
    const shapes = line(100, 20, 100, 84) + verticalValve(100, 100) + line(100, 116, 100, 230) + valve(132, 132) + line(148, 132, 300, 132);
    // The paths' boxes with half the stroke's width round them, as the PDF reader gives them.
    const paths = [
      { x0: 87, y0: 82, x1: 113, y1: 118 },
      { x0: 114, y0: 119, x1: 150, y1: 145 },
    ];
    const boxes = (analysis: { elements: Array<{ elementType: string; boundingBox: { x: number; y: number } }> }) =>
      analysis.elements.filter(isSymbolElement).map((e) => [e.boundingBox.x, e.boundingBox.y]);
    expect(boxes(await analyzePage(await svgPage(WIDE, 240, shapes)))).toHaveLength(1);
    const analysis = await analyzePage(await svgPage(WIDE, 240, shapes), { vector: { shapes: paths, stubs: [] } });
    expect(boxes(analysis).sort((a, b) => a[0] - b[0])).toEqual([
      [87, 82],
      [114, 119],
    ]);
  });

  it("are one symbol when the PDF's strokes give the bars as lines as well as the pipes", async () => {
    const paths = [
      { x0: 190, y0: 62, x1: 192, y1: 97 },
      { x0: 198, y0: 65, x1: 212, y1: 95 },
      { x0: 217, y0: 62, x1: 219, y1: 97 },
    ];
    const segments: Segment[] = [
      { orientation: 'horizontal', start: 20, end: 190, lo: 79, hi: 81, dashed: false },
      { orientation: 'vertical', start: 62, end: 97, lo: 190, hi: 192, dashed: false },
      { orientation: 'vertical', start: 62, end: 97, lo: 217, hi: 219, dashed: false },
      { orientation: 'horizontal', start: 219, end: 380, lo: 79, hi: 81, dashed: false },
    ];
    const analysis = await analyzePage(await svgPage(WIDE, 160, butterfly), { vector: { shapes: paths, stubs: [], segments } });
    expectOneAcross(analysis.elements.filter(isSymbolElement), 191, 219);
  });
});

describe("a PDF's text layer", () => {
  it('keeps a tag drawn close beside a valve out of the valve, and names the valve with it', async () => {
    const tag = `<text x="219" y="86" font-family="sans-serif" font-size="16" fill="#000000" stroke="none">FV-101</text>`;
    const shapes = line(20, 80, 184, 80) + valve(200, 80) + line(216, 80, 380, 80) + tag;
    // Where the layer says the text is: its ink on a page of its own.
    const alone = await svgPage(400, 160, tag);
    const ink = { x0: alone.width, y0: alone.height, x1: 0, y1: 0 };
    alone.gray.forEach((value, i) => {
      if (value > 128) return;
      const [x, y] = [i % alone.width, Math.floor(i / alone.width)];
      Object.assign(ink, { x0: Math.min(ink.x0, x), y0: Math.min(ink.y0, y), x1: Math.max(ink.x1, x), y1: Math.max(ink.y1, y) });
    });
    const text = { text: 'FV-101', line: { ...ink, orientation: 'horizontal' as const, size: ink.y1 - ink.y0 + 1, members: [] } };
    const analysis = await analyzePage(await svgPage(400, 160, shapes), { vector: { texts: [text], shapes: [], stubs: [] } });
    const valves = analysis.elements.filter(isSymbolElement);
    expect(valves).toHaveLength(1);
    expect(right(valves[0].boundingBox)).toBeLessThanOrEqual(ink.x0 + 2);
    expect(valves[0].name).toBe('FV-101');
  });

  it('keeps a small bubble whose tag fills it: the ring round the text is a symbol of its own', async () => {
    // The layer's boxes for "TICSA" over "4750" cover most of the bubble's box (CAD exports size them by the font).
    const texts = [
      { text: 'TICSA', box: { x0: 182, y0: 80, x1: 224, y1: 99 }, y: 96 },
      { text: '4750', box: { x0: 180, y0: 100, x1: 222, y1: 120 }, y: 116 },
    ];
    const shapes =
      `<circle cx="200" cy="100" r="22"/>` +
      texts
        .map(
          (t) =>
            `<text x="200" y="${t.y}" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#000000" stroke="none">${t.text}</text>`,
        )
        .join('');
    const layer = texts.map((t) => ({ text: t.text, line: { ...t.box, orientation: 'horizontal' as const, size: 14, members: [] } }));
    const analysis = await analyzePage(await svgPage(400, 200, shapes), { vector: { texts: layer, shapes: [], stubs: [] } });
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    expect(symbols[0].boundingBox.x).toBeLessThanOrEqual(180);
    expect(right(symbols[0].boundingBox)).toBeGreaterThanOrEqual(220);
  });
});

describe('valves strung on a leg too short to be a line', () => {
  // A valve on a header with a port down (a three-way valve), 24 px of leg (shorter than a line), a valve on it.
  const shapes =
    line(20, 40, 184, 40) +
    valve(200, 40) +
    line(216, 40, 380, 40) +
    `<path d="M 188 72 L 212 72 L 200 42 Z" fill="none" stroke="#000" stroke-width="3"/>` +
    line(200, 72, 200, 96) +
    verticalValve(200, 112);
  /** Names what is valve-sized a gate valve, anything taller not a symbol. */
  const bySize: SymbolClassifier = {
    backend: 'cpu',
    classify: async (_image, boxes) =>
      boxes.map((box) => {
        const valveSized = box.y1 - box.y0 <= 60;
        const className = valveSized ? 'gate_valve' : 'not_a_symbol';
        const elementType = valveSized ? 'valve' : 'none';
        return { className, elementType, confidence: 0.9, alternatives: [{ className, elementType, confidence: 0.9 }] };
      }),
    dispose: () => undefined,
  };

  it('are taken apart at the leg where the classifier names the parts and not the whole, and connected', async () => {
    const analysis = await analyzePage(await svgPage(WIDE, 300, shapes), { symbolClassifier: async () => bySize });
    const symbols = analysis.elements.filter(isSymbolElement).sort((a, b) => a.boundingBox.y - b.boundingBox.y);
    expect(symbols.map((s) => s.metadata.symbol_class)).toEqual(['gate_valve', 'gate_valve']);
    expect(bottom(symbols[0].boundingBox)).toBeLessThanOrEqual(80);
    expect(symbols[1].boundingBox.y).toBeGreaterThanOrEqual(90);
    const keys = new Set(symbols.map((s) => s.key));
    expect(analysis.connections.some((c) => keys.has(c.sourceKey) && keys.has(c.targetKey))).toBe(true);
  });

  it('are read cut back where a part is named unsurely: the three-way valve without the junction dot it hangs from', async () => {
    // A branch leaves the header up from a dot right beside the valve: the dot is ink of the upper part.
    const withDot = shapes + dot(222, 40) + line(222, 0, 222, 40);
    /**
     * Names the valve alone (from x 184 to 218 at most) a three-way valve surely; with the dot, a gate valve surely
     * enough to split the candidate, not to be sure of it.
     */
    const valveAlone = namingBy((box) =>
      box.y1 - box.y0 > 60
        ? (['not_a_symbol', 'none', 0.9] as const)
        : box.y0 > 80
          ? (['gate_valve', 'valve', 0.9] as const)
          : box.x0 <= 186 && box.x1 <= 218
            ? (['three_way_valve', 'valve', 0.999] as const)
            : (['gate_valve', 'valve', 0.85] as const),
    );
    const analysis = await analyzePage(await svgPage(WIDE, 300, withDot), { symbolClassifier: async () => valveAlone });
    const symbols = analysis.elements.filter(isSymbolElement).sort((a, b) => a.boundingBox.y - b.boundingBox.y);
    expect(symbols.map((s) => s.metadata.symbol_class)).toEqual(['three_way_valve', 'gate_valve']);
    expect(right(symbols[0].boundingBox)).toBeLessThanOrEqual(219);
  });

  it('are read cut back where the split finds nothing and the whole is no symbol', async () => {
    /** Names the whole no symbol surely, the parts nothing surely, the header valve cut just below its port a three-way valve. */
    const cutBelowPort = namingBy((box) =>
      box.y1 - box.y0 > 60
        ? (['not_a_symbol', 'none', 0.9] as const)
        : box.y0 < 40 && box.y1 >= 74 && box.y1 <= 84
          ? (['three_way_valve', 'valve', 0.999] as const)
          : (['not_a_symbol', 'none', 0.5] as const),
    );
    const analysis = await analyzePage(await svgPage(WIDE, 300, shapes), { symbolClassifier: async () => cutBelowPort });
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols.map((s) => s.metadata.symbol_class)).toEqual(['three_way_valve']);
  });

  it('stay whole where the classifier names the whole as surely as the parts', async () => {
    const analysis = await analyzePage(await svgPage(WIDE, 300, shapes), { symbolClassifier: async () => namingAll('gate_valve') });
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    expect(bottom(symbols[0].boundingBox)).toBeGreaterThanOrEqual(125);
  });
});

describe('a valve named unsurely with a loose mark beside it', () => {
  // A valve on a vertical pipe and a letter D written just left of it, close enough to be grouped with it.
  const letter = `<text x="174" y="127" font-family="DejaVu Sans" font-size="16">D</text>`;
  const shapes = line(200, 20, 200, 104) + verticalValve(200, 120) + line(200, 136, 200, 240);
  /** The boxes the classifier was shown. */
  const shown: Array<{ x0: number; x1: number }> = [];
  /** Names the valve alone (valve-sized, centred on its pipe) a gate valve surely, anything bigger unsurely. */
  const valveAlone: SymbolClassifier = {
    backend: 'cpu',
    classify: async (_image, boxes) =>
      boxes.map((box) => {
        shown.push(box);
        const [width, height] = [box.x1 - box.x0, box.y1 - box.y0];
        const alone = Math.abs((box.x0 + box.x1) / 2 - 200) <= 3 && width > 16 && width <= 28 && height >= 30 && height <= 40;
        const [className, elementType, confidence] = alone
          ? ['gate_valve', 'valve', 0.995]
          : width > 16
            ? ['gate_valve', 'valve', 0.7]
            : ['not_a_symbol', 'none', 0.99];
        const prediction = { className, elementType: elementType as 'valve', confidence };
        return { ...prediction, alternatives: [prediction] };
      }),
    dispose: () => undefined,
  };

  it('is read without the mark', async () => {
    const analysis = await analyzePage(await svgPage(WIDE, 260, shapes + letter), { symbolClassifier: async () => valveAlone });
    // The letter was grouped with the valve: one candidate held both.
    expect(shown.some((box) => box.x0 <= 180 && box.x1 >= 208)).toBe(true);
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    expect(symbols[0].metadata.symbol_class).toBe('gate_valve');
    expect(symbols[0].boundingBox.x).toBeGreaterThanOrEqual(186);
    expect(right(symbols[0].boundingBox)).toBeLessThanOrEqual(214);
  });
});

describe('a symbol named unsurely with something stuck to one end', () => {
  // A valve hanging from a junction dot on a header between two vessels, its top touching the dot.
  const vessel = (x: number) => `<rect x="${x}" y="70" width="60" height="60" fill="none" stroke="#000" stroke-width="3"/>`;
  const shapes = vessel(20) + line(80, 100, 320, 100) + vessel(320) + dot(200, 100, 6) + verticalValve(200, 122) + line(200, 138, 200, 240);
  /** Names the valve without the dot surely, as `whole` names anything holding the dot's centre. */
  const valveWithoutDot = (whole: readonly [string, 'valve' | 'none', number]): SymbolClassifier => ({
    backend: 'cpu',
    classify: async (_image, boxes) =>
      boxes.map((box) => {
        const alone = Math.abs((box.x0 + box.x1) / 2 - 200) <= 3 && box.y0 > 100 && box.y1 - box.y0 >= 24;
        const [className, elementType, confidence] = alone ? (['gate_valve', 'valve', 0.995] as const) : whole;
        return { className, elementType, confidence, alternatives: [{ className, elementType, confidence }] };
      }),
    dispose: () => undefined,
  });

  it.each([
    ['a valve', ['gate_valve', 'valve', 0.7]],
    ['no symbol', ['not_a_symbol', 'none', 0.6]],
  ] as const)('is read cut back where the whole is named %s unsurely: the valve without the dot', async (_named, whole) => {
    const analysis = await analyzePage(await svgPage(WIDE, 260, shapes), { symbolClassifier: async () => valveWithoutDot(whole) });
    const valves = analysis.elements.filter((e) => e.metadata.symbol_class === 'gate_valve');
    expect(valves).toHaveLength(1);
    expect(valves[0].boundingBox.y).toBeGreaterThan(100);
    // Still connected through the dot to the vessels either side.
    const vessels = analysis.elements.filter((e) => e.elementType === 'equipment').map((e) => e.key);
    const linked = analysis.connections.filter((c) => c.sourceKey === valves[0].key || c.targetKey === valves[0].key);
    expect(linked.filter((c) => vessels.includes(c.sourceKey) || vessels.includes(c.targetKey))).toHaveLength(2);
  });
});

describe('an outline named no symbol, unsurely', () => {
  it('is named as a cut of it is named surely, and keeps its box', async () => {
    const shapes = line(20, 100, 140, 100) + `<rect x="140" y="60" width="80" height="120" fill="none" stroke="#000" stroke-width="3"/>`;
    /** The whole box unsurely no symbol; anything smaller a filter, surely. */
    const cutIsFilter = namingBy((box) =>
      box.y1 - box.y0 >= 110 ? (['not_a_symbol', 'none', 0.7] as const) : (['filter', 'equipment', 0.995] as const),
    );
    const analysis = await analyzePage(await svgPage(WIDE, 260, shapes), { symbolClassifier: async () => cutIsFilter });
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    expect(symbols[0].metadata.symbol_class).toBe('filter');
    expect(symbols[0].boundingBox.height).toBeGreaterThanOrEqual(118);
  });
});
