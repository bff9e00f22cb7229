import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CONNECTION_FEATURES, connectionFeatures } from './connection-features';
import { endDegrees, symbolScale, type FeatureElement } from './element-geometry';
import { fitLogistic } from './fit';
import { committedModel, predictConfidence, readModel } from './logistic-model';
import { confidenceFigures } from './metrics';
import { symbolConfidences } from './symbol-confidence';
import { pageSymbolFeatures, SYMBOL_FEATURES } from './symbol-features';

const element = (
  elementType: string,
  side: number,
  confidence: number,
  symbolClass?: string,
  at: [number, number] = [0, 0],
): FeatureElement => ({
  elementType,
  boundingBox: { x: at[0], y: at[1], width: side, height: side * 2 },
  metadata: { confidence, ...(symbolClass ? { symbol_class: symbolClass } : {}) },
});

/** A symbol found in `hybrid` mode, its finder's score kept. */
const rated = (elementType: string, box: [number, number, number, number], score: number, symbolClass?: string) => ({
  elementType,
  boundingBox: { x: box[0], y: box[1], width: box[2], height: box[3] },
  metadata: { confidence: score, score, ...(symbolClass ? { symbol_class: symbolClass } : {}) },
});

/** A seeded stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

describe('connection features', () => {
  it('reads the ends, the line and the path of a connection, its length in symbol sizes', () => {
    // The path leaves the valve's box and stops 10 px short of the instrument's (which sits at 100, 70).
    const valve = element('valve', 20, 0.9, 'gate_valve', [-20, -10]);
    const instrument = element('instrument', 30, 0.6, undefined, [85, 70]);
    const path = [
      { start: [0, 0] as [number, number], end: [100, 0] as [number, number] },
      { start: [100, 0] as [number, number], end: [100, 60] as [number, number] },
    ];
    const context = { scale: 20, degrees: [1, 4] as [number, number], vector: true };
    const features = connectionFeatures(
      { metadata: { line_style: 'dashed', junctions: 2, path_data: { path } } },
      valve,
      instrument,
      context,
    );
    const named = Object.fromEntries(CONNECTION_FEATURES.map((name, i) => [name, features[i]]));
    expect(named.min_end_logit).toBeCloseTo(Math.log(0.6 / 0.4));
    expect(named.max_end_logit).toBeCloseTo(Math.log(0.9 / 0.1));
    expect(named).toMatchObject({
      dashed: 1,
      bends: 1,
      junctions: 2,
      valve_ends: 1,
      instrument_ends: 1,
      equipment_ends: 0,
      unclassed_ends: 1,
      vector: 1,
    });
    expect(named.log_length).toBeCloseTo(Math.log1p(160 / 20));
    expect(named.small_end).toBeCloseTo(Math.log(20 / 20));
    expect(named.end_gap).toBeCloseTo(10 / 20);
    expect(named.busy_end).toBeCloseTo(Math.log1p(4));
  });

  it("takes a page's scale from its symbols' short sides, not its text or pipe ends", () => {
    const elements = [
      element('valve', 10, 1),
      element('text', 200, 1),
      element('equipment', 40, 1),
      element('pipe', 2, 1),
      element('instrument', 30, 1),
    ];
    expect(symbolScale(elements)).toBe(30);
    expect(symbolScale([element('text', 50, 1)])).toBeUndefined();
  });

  it('counts the connections at each end', () => {
    expect(
      endDegrees([
        ['a', 'b'],
        ['b', 'c'],
        ['b', 'a'],
      ]),
    ).toEqual(
      new Map([
        ['a', 2],
        ['b', 3],
        ['c', 1],
      ]),
    );
  });
});

describe('symbol features', () => {
  // A gate valve on a pipe, an instrument on a signal line from it, a speck overlapping the valve, text.
  const valve = rated('valve', [0, 0, 40, 20], 0.9, 'gate_valve');
  const instrument = rated('instrument', [100, 0, 20, 20], 0.6);
  const speck = rated('fitting', [30, 5, 10, 10], 0.3);
  const pump = rated('equipment', [0, 100, 20, 20], 0.7);
  const text = element('text', 10, 1);
  const links = [
    { source: valve, target: pump, dashed: false },
    { source: instrument, target: valve, dashed: true },
  ];
  const features = pageSymbolFeatures({ elements: [valve, instrument, speck, pump, text], links, vector: false });
  const named = (element: FeatureElement) => Object.fromEntries(SYMBOL_FEATURES.map((name, i) => [name, features.get(element)![i]]));

  it("reads each rated symbol's scores, type, size and shape against the page's symbols, lines and overlaps", () => {
    // The page's scale is the median short side of its symbols: 20.
    expect(named(valve).score_logit).toBeCloseTo(Math.log(0.9 / 0.1));
    expect(named(valve)).toMatchObject({
      classified: 1,
      valve: 1,
      equipment: 0,
      solid_links: 1,
      dashed_links: 1,
      unlinked: 0,
      overlapping: 1,
    });
    expect(named(valve).log_size).toBeCloseTo(0);
    expect(named(valve).log_aspect).toBeCloseTo(Math.log(2));
    expect(named(instrument)).toMatchObject({ classified: 0, instrument: 1, solid_links: 0, dashed_links: 1, overlapping: 0 });
    expect(named(speck)).toMatchObject({ fitting: 1, unlinked: 1, overlapping: 1 });
    expect(named(speck).log_size).toBeCloseTo(Math.log(10 / 20));
    expect(named(pump)).toMatchObject({ equipment: 1, solid_links: 1, vector: 0 });
    const onVectorPage = pageSymbolFeatures({ elements: [valve, pump], links, vector: true });
    expect(onVectorPage.get(valve)![SYMBOL_FEATURES.indexOf('vector')]).toBe(1);
  });

  it('rates only symbols whose finder score is kept (hybrid mode, a vector page): not text, not another mode', () => {
    const unrated = element('valve', 20, 0.9, 'gate_valve');
    expect([...pageSymbolFeatures({ elements: [valve, text, unrated], links: [], vector: false }).keys()]).toEqual([valve]);
    expect(symbolConfidences({ elements: [text, unrated], links: [], vector: true }).size).toBe(0);
  });
});

describe('fitting the model', () => {
  it('recovers the weights that made the labels, in the features own units', () => {
    const next = random(7);
    const samples = Array.from({ length: 4000 }, () => {
      const [a, b] = [next() * 4 - 2, next() * 4 - 2];
      return { features: [a, b, 3], correct: next() < 1 / (1 + Math.exp(-(0.5 + 1.5 * a - 0.8 * b))) };
    });
    const model = fitLogistic(samples, ['a', 'b', 'constant'], 0.1);
    expect(model.weights[0] / model.std[0]).toBeCloseTo(1.5, 0);
    expect(model.weights[1] / model.std[1]).toBeCloseTo(-0.8, 0);
    expect(model.weights[2]).toBe(0);
    expect(predictConfidence(model, [0, 0, 3])).toBeCloseTo(1 / (1 + Math.exp(-0.5)), 1);
  });

  it('refuses to fit nothing', () => {
    expect(() => fitLogistic([], ['a'])).toThrow('no labelled rows to fit');
  });
});

describe('confidence figures', () => {
  it('rank a perfect ordering 1 and a reversed one 0, ties a half', () => {
    const right = [0.9, 0.8].map((confidence) => ({ confidence, correct: true }));
    const wrong = [0.2, 0.1].map((confidence) => ({ confidence, correct: false }));
    expect(confidenceFigures([...right, ...wrong]).auc).toBe(1);
    expect(confidenceFigures([...right.map((r) => ({ ...r, correct: false })), ...wrong.map((w) => ({ ...w, correct: true }))]).auc).toBe(
      0,
    );
    expect(confidenceFigures([0.5, 0.5].map((confidence, i) => ({ confidence, correct: i === 0 }))).auc).toBe(0.5);
  });

  it('measure the calibration gap: none where confidence is the share right, all of it where it is the opposite', () => {
    const calibrated = [true, true, true, false].map((correct) => ({ confidence: 0.75, correct }));
    expect(confidenceFigures(calibrated).ece).toBeCloseTo(0);
    expect(confidenceFigures([{ confidence: 1, correct: false }]).ece).toBe(1);
    expect(confidenceFigures(calibrated).brier).toBeCloseTo((3 * 0.0625 + 0.5625) / 4);
  });
});

describe('the committed models', () => {
  it('rate a sure, classed symbol on a pipe above a lone unsure speck, and surer on a vector page', () => {
    const model = committedModel('symbols');
    expect(model.features).toEqual([...SYMBOL_FEATURES]);
    const valve = rated('valve', [0, 0, 40, 20], 0.9, 'gate_valve');
    const other = rated('valve', [200, 0, 40, 20], 0.9, 'gate_valve');
    const speck = rated('fitting', [400, 400, 8, 8], 0.4);
    const links = [{ source: valve, target: other, dashed: false }];
    const confidences = symbolConfidences({ elements: [valve, other, speck], links, vector: false }, model);
    expect(confidences.get(valve)!).toBeGreaterThan(confidences.get(speck)!);
    // What a vector PDF's pages give is surer than what pixels give.
    const onVectorPage = symbolConfidences({ elements: [valve, other, speck], links, vector: true }, model);
    expect(onVectorPage.get(valve)!).toBeGreaterThan(confidences.get(valve)!);
    expect(confidences.get(speck)!).toBeGreaterThan(0);
    expect(confidences.get(valve)!).toBeLessThan(1);
  });

  it('give a connection a probability, surer on a page read from the file than from its pixels', () => {
    const model = committedModel('connections');
    expect(model.features).toEqual([...CONNECTION_FEATURES]);
    const rate = (vector: boolean) =>
      predictConfidence(
        model,
        connectionFeatures({}, element('valve', 20, 0.9, 'gate_valve'), element('valve', 20, 0.9, 'ball_valve'), {
          scale: 20,
          degrees: [1, 1],
          vector,
        }),
      );
    const p = rate(false);
    expect(rate(true)).toBeGreaterThan(p);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
  });

  it('is refused, with what to run, when its features are not the code’s', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'connection-model-'));
    try {
      const file = path.join(dir, 'model.json');
      await writeFile(file, JSON.stringify({ ...committedModel('connections'), features: ['min_end_logit'] }));
      expect(() => readModel(file, 'connections')).toThrow(/not this code's .*: run npm run train:confidence/);
      await writeFile(file, JSON.stringify({ ...committedModel('symbols'), features: ['score_logit'] }));
      expect(() => readModel(file, 'symbols')).toThrow(/not this code's .*: run npm run train:confidence/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
