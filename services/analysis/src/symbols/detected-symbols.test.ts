import { describe, expect, it } from '@jest/globals';
import type { DetectedSymbol } from '../pipeline/symbols';
import { withDetections } from './detected-symbols';

const symbol = (x0: number, confidence: number, description = 'symbol'): DetectedSymbol => ({
  x0,
  y0: 0,
  x1: x0 + 20,
  y1: 20,
  elementType: 'valve',
  description,
  confidence,
});

describe('hybrid symbols', () => {
  it("adds to the rules' symbols the sure detections that stand where none of theirs does", () => {
    const ruled = [symbol(0, 0.7, 'rules')];
    const detected = [symbol(5, 0.9, 'on a rule symbol'), symbol(100, 0.8, 'missed, sure'), symbol(200, 0.3, 'missed, unsure')];
    expect(withDetections(ruled, detected).map((s) => s.description)).toEqual(['rules', 'missed, sure']);
  });

  it('splits a rules symbol that holds two sure detections side by side (neighbours taken for one)', () => {
    const merged = { ...symbol(0, 0.7, 'two valves'), x1: 50 };
    const left = { ...symbol(0, 0.9, 'left'), x1: 22 };
    const right = { ...symbol(28, 0.8, 'right'), x1: 50 };
    expect(withDetections([merged], [left, right]).map((s) => s.description)).toEqual(['left', 'right']);
    // Two that overlap each other: the rules symbol stays.
    expect(withDetections([merged], [left, { ...left, x0: 5, x1: 27, description: 'same' }]).map((s) => s.description)).toEqual([
      'two valves',
    ]);
  });

  it('takes the box of one sure detection filling much of an unsure rules symbol (a symbol with a mark beside it)', () => {
    const marked = { ...symbol(0, 0.7, 'valve and a letter'), x1: 35 };
    const valve = { ...symbol(0, 0.9, 'valve'), x1: 22 };
    expect(withDetections([marked], [valve]).map((s) => s.description)).toEqual(['valve']);
    // The rules sure of theirs, or the detection a small part of it (a nozzle in a vessel): the rules symbol stays.
    expect(withDetections([{ ...marked, confidence: 0.85 }], [valve]).map((s) => s.description)).toEqual(['valve and a letter']);
    const vessel = { ...symbol(0, 0.6, 'vessel'), x1: 200, y1: 100 };
    expect(withDetections([vessel], [valve]).map((s) => s.description)).toEqual(['vessel']);
  });

  it('takes a sure control valve, instrument or equipment detection for the one smaller rules symbol it holds (a part of it)', () => {
    const body = { ...symbol(10, 0.9, 'valve body'), y0: 10 };
    const whole = { ...symbol(5, 0.8, 'control valve'), x1: 35, y0: -15, symbolClass: 'control_valve' };
    expect(withDetections([body], [whole]).map((s) => s.description)).toEqual(['control valve']);
    const pump = { ...whole, elementType: 'equipment' as const, symbolClass: 'centrifugal_pump', description: 'pump' };
    expect(withDetections([body], [pump]).map((s) => s.description)).toEqual(['pump']);
    // Another class, or one that also reaches another rules symbol: the rules stay.
    expect(withDetections([body], [{ ...whole, symbolClass: 'gate_valve' }]).map((s) => s.description)).toEqual(['valve body']);
    const beside = symbol(30, 0.9, 'beside');
    expect(withDetections([body, beside], [whole]).map((s) => s.description)).toEqual(['valve body', 'beside']);
  });

  it('takes a sure control valve detection for the two rules parts it holds (a body and its actuator read apart)', () => {
    const body = { ...symbol(0, 0.9, 'valve body'), y0: 10, y1: 30 };
    const actuator = { ...symbol(22, 0.8, 'vessel'), x1: 30, y0: 12, y1: 28 };
    const whole = { ...symbol(0, 0.8, 'control valve'), x1: 32, y0: 8, y1: 32, symbolClass: 'control_valve' };
    expect(withDetections([body, actuator], [whole]).map((s) => s.description)).toEqual(['control valve']);
    // Three parts, or one only half inside: the rules stay.
    const third = { ...symbol(10, 0.8, 'mark'), x1: 14, y0: 28, y1: 31 };
    expect(withDetections([body, actuator, third], [whole]).map((s) => s.description)).toEqual(['valve body', 'vessel', 'mark']);
    const half = { ...actuator, x1: 40 };
    expect(withDetections([body, half], [whole]).map((s) => s.description)).toEqual(['valve body', 'vessel']);
  });

  it("names a rules symbol after a surer detection of another element type boxing it, on the rules' box", () => {
    const box = { ...symbol(0, 0.6, 'plc instrument'), elementType: 'instrument' as const, symbolClass: 'plc_instrument' };
    const connector = {
      ...symbol(2, 0.9, 'off page connector'),
      y0: 1,
      elementType: 'off_page_connector' as const,
      symbolClass: 'off_page_connector',
    };
    const [named] = withDetections([box], [connector]);
    expect(named).toMatchObject({ x0: 0, x1: 20, y0: 0, elementType: 'off_page_connector', symbolClass: 'off_page_connector' });
    expect(named.confidence).toBe(0.9);
    // A little less sure names it still: the classifier's scores run higher than the detector's.
    expect(withDetections([{ ...box, confidence: 0.95 }], [connector])[0].elementType).toBe('off_page_connector');
    // Less sure by the margin, one boxing much more, or the rule switched off: the rules' name stays.
    expect(withDetections([{ ...box, confidence: 0.8 }], [{ ...connector, confidence: 0.6 }])[0].elementType).toBe('instrument');
    expect(withDetections([box], [{ ...connector, x1: 60 }])[0].elementType).toBe('instrument');
    expect(withDetections([box], [connector], new Set(['fusion-name']))[0].elementType).toBe('instrument');
  });

  it('leaves the rules symbol where the rule that would replace it is switched off (ablation)', () => {
    const merged = { ...symbol(0, 0.7, 'two valves'), x1: 50 };
    const pair = [
      { ...symbol(0, 0.9, 'left'), x1: 22 },
      { ...symbol(28, 0.8, 'right'), x1: 50 },
    ];
    expect(withDetections([merged], pair, new Set(['fusion-split'])).map((s) => s.description)).toEqual(['two valves']);
    expect(withDetections([merged], pair, new Set(['fusion-shrink'])).map((s) => s.description)).toEqual(['left', 'right']);
    const marked = { ...symbol(0, 0.7, 'valve and a letter'), x1: 35 };
    const valve = { ...symbol(0, 0.9, 'valve'), x1: 22 };
    expect(withDetections([marked], [valve], new Set(['fusion-shrink'])).map((s) => s.description)).toEqual(['valve and a letter']);
    const body = { ...symbol(10, 0.9, 'valve body'), y0: 10 };
    const whole = { ...symbol(5, 0.8, 'control valve'), x1: 35, y0: -15, symbolClass: 'control_valve' };
    expect(withDetections([body], [whole], new Set(['fusion-grow'])).map((s) => s.description)).toEqual(['valve body']);
  });

  it('adds the sure detections of the four views fused where nothing found stands, rules or as drawn', () => {
    const ruled = [symbol(0, 0.7, 'rules'), { ...symbol(300, 0.9, 'a label'), elementType: 'text' as const }];
    const asDrawn = [symbol(100, 0.8, 'as drawn')];
    const confirmed = [
      symbol(5, 0.9, 'on the rules symbol'),
      symbol(104, 0.7, 'on the one as drawn'),
      symbol(200, 0.6, 'seen four ways'),
      symbol(250, 0.45, 'unsure'),
      symbol(302, 0.8, 'on a label'),
    ];
    const described = (symbols: DetectedSymbol[]) => symbols.map((s) => s.description);
    expect(described(withDetections(ruled, asDrawn, undefined, confirmed))).toEqual([
      'rules',
      'a label',
      'as drawn',
      'seen four ways',
      'on a label',
    ]);
    expect(described(withDetections(ruled, asDrawn, new Set(['fusion-views']), confirmed))).toEqual(['rules', 'a label', 'as drawn']);
  });

  it('takes the box of a surer detection of the four views fused that boxes the one rules symbol it overlaps differently', () => {
    const ruled = { ...symbol(0, 0.6, 'valve and its pipe'), x1: 40 };
    const whole = { ...symbol(20, 0.9, 'valve seen whole'), y0: -8, x1: 44, y1: 24 };
    const described = (symbols: DetectedSymbol[]) => symbols.map((s) => s.description);
    expect(described(withDetections([ruled], [], undefined, [whole]))).toEqual(['valve seen whole']);
    // The rules a little surer: the classifier's scores run higher than the detector's.
    expect(described(withDetections([{ ...ruled, confidence: 0.95 }], [], undefined, [whole]))).toEqual(['valve seen whole']);
    // The rules surer by the margin, the rule switched off, two rules symbols overlapped, or a big box barely on it:
    // the rules stay.
    const lessSure = { ...whole, confidence: 0.75 };
    expect(described(withDetections([{ ...ruled, confidence: 0.95 }], [], undefined, [lessSure]))).toEqual(['valve and its pipe']);
    expect(described(withDetections([ruled], [], new Set(['fusion-surer']), [whole]))).toEqual(['valve and its pipe']);
    const neighbour = { ...symbol(41, 0.5, 'neighbour'), x1: 60 };
    expect(described(withDetections([ruled, neighbour], [], undefined, [whole]))).toEqual(['valve and its pipe', 'neighbour']);
    const vessel = { ...symbol(30, 0.9, 'vessel beside'), y0: -40, x1: 130, y1: 60 };
    expect(described(withDetections([ruled], [], undefined, [vessel]))).toEqual(['valve and its pipe']);
  });

  it("is the detector's symbols alone without rules", () => {
    const detected = [symbol(0, 0.3), symbol(100, 0.9)];
    expect(withDetections(undefined, detected)).toEqual(detected);
  });
});
