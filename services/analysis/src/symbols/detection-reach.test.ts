import { describe, expect, it } from '@jest/globals';
import type { ElementType } from '@pid/contracts';
import { analyzePage } from '../pipeline/analyze-page';
import type { Box } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';
import { box, dot, line, svgPage, valve } from '../testing/synthetic';
import { MAX_REACH_STROKES, REACH_SLACK, withReach } from './detection-reach';
import type { FoundSymbol, SymbolDetector } from './detector/symbol-detector';
import { keyAt } from '../testing/page-elements';
import type { RuleModule } from '../pipeline/rule-modules';

const found = (x0: number, y0: number, x1: number, y1: number): DetectedSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType: 'valve',
  description: 'gate valve',
  confidence: 0.9,
});
const boxed = (x0: number, y0: number, x1: number, y1: number): Box => ({ x0, y0, x1, y1 });

describe('detection reach', () => {
  const unit = 2;

  it("reaches as far as the rules' candidate a detection lies in (its leg to a dot)", () => {
    const [reached] = withReach([found(100, 100, 130, 120)], [boxed(90, 98, 130, 122)], unit);
    expect(reached.reach).toEqual(boxed(90, 98, 130, 122));
    // A candidate no larger than the detection, or none: no reach.
    expect(withReach([found(100, 100, 130, 120)], [boxed(101, 100, 129, 120)], unit)[0].reach).toBeUndefined();
    expect(withReach([found(100, 100, 130, 120)], [], unit)[0].reach).toBeUndefined();
  });

  it('takes no candidate that holds another detection, reaches far past it, or holds too little of it', () => {
    const [a, b] = [found(100, 100, 130, 120), found(140, 100, 170, 120)];
    expect(withReach([a, b], [boxed(95, 100, 170, 120)], unit).map((s) => s.reach)).toEqual([undefined, undefined]);
    const past = MAX_REACH_STROKES * unit + REACH_SLACK;
    expect(withReach([a], [boxed(100 - past - 1, 100, 130, 120)], unit)[0].reach).toBeUndefined();
    expect(withReach([a], [boxed(100 - past, 100, 130, 120)], unit)[0].reach).toEqual(boxed(100 - past, 100, 130, 120));
    expect(withReach([a], [boxed(90, 100, 120, 120)], unit)[0].reach).toBeUndefined();
  });

  it('reaches as far as an off-page connector is thick: the pointed end the detector leaves out', () => {
    // A connector 400 × 50 boxed 45 px short of its tip, where a valve's box would reach 20 px at most.
    const connector = { ...found(100, 100, 500, 150), elementType: 'off_page_connector' as const, description: 'off-page connector' };
    const whole = boxed(98, 99, 545, 151);
    expect(withReach([connector], [whole], unit)[0].reach).toEqual(whole);
    expect(withReach([found(100, 100, 500, 150)], [whole], unit)[0].reach).toBeUndefined();
    expect(withReach([connector], [boxed(98, 99, 551, 151)], unit)[0].reach).toBeUndefined();
  });
});

/** A detector that answers fixed symbols, to test what the pipeline does with detections (`--symbols detector`). */
function fixedDetector(symbols: FoundSymbol[]): () => Promise<SymbolDetector> {
  const detector = {
    manifest: {} as SymbolDetector['manifest'],
    detect: async () => ({ fused: symbols, asDrawn: symbols, unsure: [] }),
    dispose: () => undefined,
  };
  return async () => detector;
}

const detection = (x0: number, y0: number, x1: number, y1: number, elementType: ElementType): FoundSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType,
  className: elementType === 'valve' ? 'gate_valve' : 'other_symbol',
  confidence: 0.9,
});

describe('a detected valve on a short branch', () => {
  it('is connected through the junction dot its leg, too short to be a line, joins', async () => {
    // A vertical pipe between two vessels; at a dot, a leg of 4 px past it to a valve, then a pipe on to a third box.
    const shapes =
      box(280, 20, 80, 60) +
      box(280, 340, 80, 60) +
      line(320, 80, 320, 340) +
      dot(320, 200) +
      line(320, 200, 330, 200) +
      valve(346, 200) +
      line(362, 200, 530, 200) +
      box(530, 170, 80, 60);
    const page = await svgPage(640, 420, shapes);
    const symbols = [
      detection(280, 20, 360, 80, 'equipment'),
      detection(280, 340, 360, 400, 'equipment'),
      detection(530, 170, 610, 230, 'equipment'),
      detection(330, 188, 362, 212, 'valve'),
    ];
    const connectedTo = async (without: Set<RuleModule>) => {
      const result = await analyzePage(page, { symbolDetector: fixedDetector(symbols), symbolMode: 'detector', without });
      const valveKey = keyAt(result, 346, 200);
      const ends = result.connections
        .filter((c) => c.sourceKey === valveKey || c.targetKey === valveKey)
        .map((c) => (c.sourceKey === valveKey ? c.targetKey : c.sourceKey));
      return { ends: ends.sort(), top: keyAt(result, 320, 50), bottom: keyAt(result, 320, 370), right: keyAt(result, 570, 200) };
    };
    const reached = await connectedTo(new Set());
    expect(reached.ends).toEqual([reached.top, reached.bottom, reached.right].sort());
    // Its box alone does not reach the pipe; the leg through the dot (`line-legs`) joins it too; with neither, the
    // junction is lost.
    const legged = await connectedTo(new Set(['detection-reach']));
    expect(legged.ends).toEqual([legged.top, legged.bottom, legged.right].sort());
    const boxed = await connectedTo(new Set(['detection-reach', 'line-legs']));
    expect(boxed.ends).toEqual([boxed.right]);
  });
});
