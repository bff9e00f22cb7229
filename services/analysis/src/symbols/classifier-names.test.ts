import { describe, expect, it } from '@jest/globals';
import type { DetectedSymbol } from '../pipeline/symbols';
import { namingBy } from '../testing/classifiers';
import { namedByClassifier } from './classifier-names';

const image = { gray: new Uint8Array(400 * 100).fill(255), width: 400, height: 100 };

const detected = (x0: number, elementType: DetectedSymbol['elementType'], symbolClass?: string): DetectedSymbol => ({
  x0,
  y0: 10,
  x1: x0 + 30,
  y1: 40,
  elementType,
  description: symbolClass?.replace(/_/g, ' ') ?? 'symbol',
  symbolClass,
  confidence: 0.7,
});

describe("the classifier naming the detector's symbols", () => {
  it('renames a symbol within the element type the detector gave it, and leaves the rest as found', async () => {
    const symbols = [
      detected(0, 'valve', 'gate_valve'),
      detected(50, 'valve', 'gate_valve'),
      detected(100, 'fitting', 'orifice_plate'),
      detected(150, 'fitting'),
      detected(200, 'valve', 'globe_valve'),
    ];
    // By position: a check valve, no symbol, another element type, (never asked), and a needle valve.
    const names: Record<number, readonly [string, 'valve' | 'fitting' | 'none', number]> = {
      0: ['check_valve', 'valve', 0.9],
      50: ['not_a_symbol', 'none', 0.9],
      100: ['ball_valve', 'valve', 0.9],
      200: ['needle_valve', 'valve', 0.9],
    };
    const read: number[] = [];
    const classifier = namingBy((box) => {
      read.push(box.x0);
      return names[box.x0];
    });
    const named = await namedByClassifier(image, symbols, async () => classifier);
    // An unclassed detection (`other_symbol`) is not read at all.
    expect(read).toEqual([0, 50, 100, 200]);
    expect(named.map((s) => [s.elementType, s.symbolClass, s.description])).toEqual([
      ['valve', 'check_valve', 'check valve'],
      ['valve', 'gate_valve', 'gate valve'],
      ['fitting', 'orifice_plate', 'orifice plate'],
      ['fitting', undefined, 'symbol'],
      ['valve', 'needle_valve', 'needle valve'],
    ]);
    // Boxes and confidences are the detector's.
    expect(named.map((s) => [s.x0, s.confidence])).toEqual(symbols.map((s) => [s.x0, s.confidence]));
  });

  it('leaves the symbols as found without a classifier', async () => {
    const symbols = [detected(0, 'valve', 'gate_valve')];
    expect(await namedByClassifier(image, symbols, undefined)).toEqual(symbols);
  });
});
