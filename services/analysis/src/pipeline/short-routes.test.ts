import { describe, expect, it } from '@jest/globals';
import type { Box, InkImage } from './components';
import type { Segment } from './lines';
import { inkWith } from '../testing/ink';
import { bentLegs, shortRoutes, type StrokePage } from './short-routes';
import { traceConnections } from './connections';

/** A 200 x 120 page of paper with the given ink rectangles (inclusive). */
const page = (...rects: Box[]): InkImage =>
  inkWith(200, 120, ...rects.map(({ x0, y0, x1, y1 }): [number, number, number, number] => [x0, y0, x1, y1]));

/** A valve at x 20-50 and a relief valve at x 70-100, both at y 20-50, each with its outline drawn in ink. */
const valve: Box = { x0: 20, y0: 20, x1: 50, y1: 50 };
const relief: Box = { x0: 70, y0: 20, x1: 100, y1: 50 };
const outline = ({ x0, y0, x1, y1 }: Box): Box[] => [
  { x0, y0, x1, y1: y0 + 1 },
  { x0, y0: y1 - 1, x1, y1 },
  { x0, y0, x1: x0 + 1, y1 },
  { x0: x1 - 1, y0, x1, y1 },
];
/** A U from the valve's bottom down to y 80, along to x 85 and up into the relief valve: no leg as long as a line. */
const down: Box = { x0: 34, y0: 51, x1: 35, y1: 81 };
const along: Box = { x0: 34, y0: 80, x1: 86, y1: 81 };
const up: Box = { x0: 85, y0: 51, x1: 86, y1: 81 };
const UNIT = 1;
const SHORTEST_LINE = 60;
const never = () => false;
/** The page's strokes as both searches take them, at this unit. */
const strokePage = (symbols: Box[], ink: InkImage, maxLeg: number, text: Box[], lines: Segment[], dashGap: number): StrokePage => ({
  symbols,
  ink,
  unit: UNIT,
  maxLeg,
  text,
  lines,
  dashGap,
});
const routesOf = (
  symbols: Box[],
  ink: InkImage,
  maxLeg: number,
  joined: () => boolean,
  text: Box[] = [],
  lines: Segment[] = [],
  dashGap = 0,
) => shortRoutes(strokePage(symbols, ink, maxLeg, text, lines, dashGap), joined);
const legsOf = (symbols: Box[], ink: InkImage, maxLeg: number, text: Box[], lines: Segment[], dashGap = 0) =>
  bentLegs(strokePage(symbols, ink, maxLeg, text, lines, dashGap));

describe('two symbols joined by a short bent stroke', () => {
  it('follows the stroke through both bends into the other symbol, with its path', () => {
    const ink = page(...outline(valve), ...outline(relief), down, along, up);
    const routes = routesOf([valve, relief], ink, SHORTEST_LINE, never);
    expect(routes).toHaveLength(1);
    const [route] = routes;
    expect([route.a, route.b].sort()).toEqual([0, 1]);
    expect(route.path.map(({ orientation }) => orientation)).toEqual(['vertical', 'horizontal', 'vertical']);
    expect(route.path[1].start[1]).toBeCloseTo(80.5);
  });

  it('takes no stroke that tees, stops in the open, runs into text or a line, or is a leg longer than a line', () => {
    const base = [...outline(valve), ...outline(relief), down, along, up];
    // A tee: the stroke along goes on past the bend.
    expect(routesOf([valve, relief], page(...base, { x0: 87, y0: 80, x1: 120, y1: 81 }), SHORTEST_LINE, never)).toEqual([]);
    // Stopping in the open: no way up into the relief valve.
    expect(routesOf([valve, relief], page(...outline(valve), ...outline(relief), down, along), SHORTEST_LINE, never)).toEqual([]);
    const ink = page(...base);
    expect(routesOf([valve, relief], ink, SHORTEST_LINE, never, [{ x0: 50, y0: 75, x1: 70, y1: 86 }])).toEqual([]);
    const line: Segment = { orientation: 'horizontal', start: 0, end: 86, lo: 80, hi: 81, dashed: false };
    expect(routesOf([valve, relief], ink, SHORTEST_LINE, never, [], [line])).toEqual([]);
    expect(routesOf([valve, relief], ink, 40, never)).toEqual([]);
    expect(routesOf([valve, relief], ink, 60, never)).toHaveLength(1);
    // Joined already.
    expect(routesOf([valve, relief], ink, SHORTEST_LINE, () => true)).toEqual([]);
  });

  it('follows a dashed stroke across its gaps, round bends that fall in a gap, as a dashed route', () => {
    // The U again as a signal line: dashes 6 long, gaps 4, both corners in a gap.
    const dashedDown: Box[] = [51, 61, 71].map((y0) => ({ x0: 34, y0, x1: 35, y1: Math.min(y0 + 5, 75) }));
    const dashedAlong: Box[] = [39, 49, 59, 69, 79].map((x0) => ({ x0, y0: 80, x1: Math.min(x0 + 5, 82), y1: 81 }));
    const dashedUp: Box[] = [72, 62, 51].map((y0) => ({ x0: 85, y0, x1: 86, y1: y0 === 51 ? 57 : y0 + 5 }));
    const base = [...outline(valve), ...outline(relief), ...dashedDown, ...dashedAlong, ...dashedUp];
    const routes = routesOf([valve, relief], page(...base), SHORTEST_LINE, never, [], [], 6);
    expect(routes).toHaveLength(1);
    expect(routes[0].dashed).toBe(true);
    expect(routes[0].path.map(({ orientation }) => orientation)).toEqual(['vertical', 'horizontal', 'vertical']);
    expect(routes[0].path[0].end).toEqual([34.5, 80.5]);
    // Boxes that took in the first dash of each end: the line leaves them across a gap.
    const grown = [valve, relief].map((box) => ({ ...box, y1: 57 }));
    expect(routesOf(grown, page(...base), SHORTEST_LINE, never, [], [], 6)).toMatchObject([{ dashed: true }]);
    // Gaps wider than a dash gap, or a corner with ink both sides (a crossing), end it.
    expect(routesOf([valve, relief], page(...base), SHORTEST_LINE, never, [], [], 3)).toEqual([]);
    expect(routesOf([valve, relief], page(...base), SHORTEST_LINE, never)).toEqual([]);
    const crossed = page(...base, { x0: 27, y0: 80, x1: 32, y1: 81 });
    expect(routesOf([valve, relief], crossed, SHORTEST_LINE, never, [], [], 6)).toEqual([]);
  });

  it('does not cross one gap: a solid stroke broken once is a dropout, no signal line', () => {
    const solid = page(...outline(valve), ...outline(relief), down, along, up);
    expect(routesOf([valve, relief], solid, SHORTEST_LINE, never, [], [], 6)).toMatchObject([{ dashed: false }]);
    const broken = page(...outline(valve), ...outline(relief), down, { ...along, x1: 55 }, { ...along, x0: 61 }, up);
    expect(routesOf([valve, relief], broken, SHORTEST_LINE, never, [], [], 6)).toEqual([]);
  });

  it('leaves a straight stroke to the straight links', () => {
    const straight = page(...outline(valve), ...outline(relief), { x0: 51, y0: 34, x1: 69, y1: 35 });
    expect(routesOf([valve, relief], straight, SHORTEST_LINE, never)).toEqual([]);
  });
});

describe("a pipe's last legs into a symbol after a bend", () => {
  // From the valve's bottom down to y 80 and along to x 85, where the pipe found as a line starts, on to a pump at x 181.
  const pipe: Segment = { orientation: 'horizontal', start: 85, end: 180, lo: 80, hi: 81, dashed: false };
  const pump: Box = { x0: 181, y0: 70, x1: 199, y1: 90 };
  const pipeInk: Box = { x0: 85, y0: 80, x1: 180, y1: 81 };

  it("are pieces of pipe from the symbol to the line's end: the tracer joins the symbol to what the line reaches", () => {
    const ink = page(...outline(valve), down, along, pipeInk, ...outline(pump));
    const legs = legsOf([valve, pump], ink, SHORTEST_LINE, [], [pipe]);
    expect(legs.map(({ orientation }) => orientation)).toEqual(['vertical', 'horizontal']);
    const pairs = (segments: Segment[]) =>
      traceConnections(segments, [valve, pump], [], UNIT).map(({ source, target }) => [source, target].sort());
    expect(pairs([pipe, ...legs])).toEqual([[0, 1]]);
    expect(pairs([pipe])).toEqual([]);
  });

  it("are a signal line's dashed pieces where its dashes run, a bend in a gap, to a dashed line's end", () => {
    // Dashes 6 long, gaps 4: down from the valve, round a corner in a gap, along to x 85 where the dashed line found starts.
    const dashes: Box[] = [
      ...[51, 61, 71].map((y0) => ({ x0: 34, y0, x1: 35, y1: Math.min(y0 + 5, 75) })),
      ...[39, 49, 59, 69, 79].map((x0) => ({ x0, y0: 80, x1: x0 + 5, y1: 81 })),
      ...[89, 99, 109, 119, 129, 139, 149, 159, 169].map((x0) => ({ x0, y0: 80, x1: x0 + 5, y1: 81 })),
    ];
    const signal: Segment = { ...pipe, start: 89, dashed: true };
    const ink = page(...outline(valve), ...dashes, ...outline(pump));
    const legs = legsOf([valve, pump], ink, SHORTEST_LINE, [], [signal], 6);
    expect(legs.map(({ orientation, dashed }) => [orientation, dashed])).toEqual([
      ['vertical', true],
      ['horizontal', true],
    ]);
    const pairs = traceConnections([signal, ...legs], [valve, pump], [], UNIT).map(({ source, target }) => [source, target].sort());
    expect(pairs).toEqual([[0, 1]]);
    // Without dash gaps to cross, or to a solid line, none.
    expect(legsOf([valve, pump], ink, SHORTEST_LINE, [], [signal])).toEqual([]);
    expect(legsOf([valve, pump], ink, SHORTEST_LINE, [], [{ ...signal, dashed: false }], 6)).toEqual([]);
  });

  it('are none where the stroke meets the line along its middle, a dashed line, a line ending by a symbol, or goes straight', () => {
    const through: Segment = { ...pipe, start: 0, end: 180 };
    const ink = page(...outline(valve), down, { ...pipeInk, x0: 0 }, ...outline(pump));
    expect(legsOf([valve, pump], ink, SHORTEST_LINE, [], [through])).toEqual([]);
    const bent = page(...outline(valve), down, along, pipeInk, ...outline(pump));
    expect(legsOf([valve, pump], bent, SHORTEST_LINE, [], [{ ...pipe, dashed: true }])).toEqual([]);
    expect(legsOf([valve, pump], bent, SHORTEST_LINE, [], [{ ...pipe, dashed: true }], 6)).toEqual([]);
    // A line's end beside a symbol is the tracer's: the stroke is that symbol's outline (a vessel's dome past its box).
    const beside: Box = { x0: 90, y0: 60, x1: 100, y1: 70 };
    expect(legsOf([valve, pump, beside], bent, SHORTEST_LINE, [], [pipe])).toEqual([]);
    const vertical: Segment = { orientation: 'vertical', start: 82, end: 119, lo: 34, hi: 35, dashed: false };
    const straight = page(...outline(valve), { x0: 34, y0: 51, x1: 35, y1: 119 });
    expect(legsOf([valve], straight, SHORTEST_LINE, [], [vertical])).toEqual([]);
  });
});
