import { boxHeight, boxWidth, inkAt, type InkImage } from './components';
import type { PageConnection } from './stages/page-connections';
import type { DetectedSymbol } from './symbols';

export interface TracedSymbols {
  symbols: DetectedSymbol[];
  connections: PageConnection[];
  pipeEnds: DetectedSymbol[];
}

/** How long the tick across a dimension line's far end is at least, as a share of the tick read as a blind flange. */
const TICK_SHARE = 0.5;

/**
 * A dimension line is a straight line with a tick across each end (its length written beside it): the tracer reads
 * one tick as a blind flange capping a pipe that runs into the open. A blind flange whose every connection runs
 * straight to an open end crossed by a tick of its own size is such a line; the flange, those runs and their open
 * ends are dropped. A real blind flange caps a branch that comes from somewhere, and a pipe ends in the open bare.
 */
export function withoutDimensionLines(found: TracedSymbols, ink: InkImage, unit: number): TracedSymbols {
  const openEnds = new Set(found.pipeEnds);
  const dropped = new Set<DetectedSymbol>();
  for (const flange of found.symbols) {
    if (flange.description !== 'blind flange') continue;
    const runs = found.connections.filter(({ source, target }) => source === flange || target === flange);
    const tickLength = Math.max(boxWidth(flange), boxHeight(flange));
    const dimension =
      runs.length > 0 &&
      runs.every((run) => {
        const end = run.source === flange ? run.target : run.source;
        return run.path.length === 1 && openEnds.has(end) && tickAcrossEnd(run, end, ink, unit) >= TICK_SHARE * tickLength;
      });
    if (!dimension) continue;
    dropped.add(flange);
    for (const run of runs) dropped.add(run.source === flange ? run.target : run.source);
  }
  if (dropped.size === 0) return found;
  return {
    symbols: found.symbols.filter((symbol) => !dropped.has(symbol)),
    connections: found.connections.filter(({ source, target }) => !dropped.has(source) && !dropped.has(target)),
    pipeEnds: found.pipeEnds.filter((end) => !dropped.has(end)),
  };
}

/** The longest run of ink across a straight run's far end (at the open end), within a few strokes of it. */
function tickAcrossEnd(run: PageConnection, end: DetectedSymbol, ink: InkImage, unit: number): number {
  const [{ start, end: stop }] = run.path;
  const centre = [(end.x0 + end.x1) / 2, (end.y0 + end.y1) / 2];
  const distance = (p: number[]) => Math.hypot(p[0] - centre[0], p[1] - centre[1]);
  const [x, y] = (distance(start) <= distance(stop) ? start : stop).map(Math.round);
  const across = Math.abs(stop[0] - start[0]) >= Math.abs(stop[1] - start[1]) ? 'vertical' : 'horizontal';
  const at = (px: number, py: number) => inkAt(ink, px, py);
  const reach = 2 * unit + 2;
  let longest = 0;
  for (let along = -reach; along <= reach; along++) {
    // Ink met at the line's centre (within a stroke), followed both ways across it.
    const [cx, cy] = across === 'vertical' ? [x + along, y] : [x, y + along];
    const step = across === 'vertical' ? ([0, 1] as const) : ([1, 0] as const);
    const offset = [0, -1, 1, -2, 2].find((o) => at(cx + step[0] * o, cy + step[1] * o));
    if (offset === undefined) continue;
    const [sx, sy] = [cx + step[0] * offset, cy + step[1] * offset];
    let [lo, hi] = [0, 0];
    while (at(sx - step[0] * (lo + 1), sy - step[1] * (lo + 1))) lo++;
    while (at(sx + step[0] * (hi + 1), sy + step[1] * (hi + 1))) hi++;
    longest = Math.max(longest, lo + hi + 1);
  }
  return longest;
}
