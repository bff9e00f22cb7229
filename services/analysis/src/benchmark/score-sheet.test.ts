import { describe, expect, it } from '@jest/globals';
import type { TruthSheet } from './ground-truth';
import { sheetFigures } from './figures';
import { addScores, judgeSheet, scoreSheet } from './score-sheet';
import { predicted, predictedConnection } from './test-helpers';

const sheet: TruthSheet = {
  name: 'hand-made',
  imageSize: { width: 200, height: 100 },
  symbols: [
    { id: 'pump', elementType: 'equipment', className: 'centrifugal_pump', bbox: [0, 0, 20, 20], tag: 'P-1' },
    { id: 'valve', elementType: 'valve', className: 'gate_valve', bbox: [100, 0, 110, 20] },
  ],
  texts: [],
  pipes: [
    {
      id: 'pipe',
      style: 'solid',
      polyline: [
        [20, 10],
        [100, 10],
      ],
    },
  ],
  connections: [{ sourceId: 'pump', targetId: 'valve', relationshipType: 'connects to' }],
  complete: { symbols: true, texts: false, pipes: true, connections: true },
};

const prediction = {
  elements: [
    predicted('a', [0, 0, 20, 20], { elementType: 'equipment', name: 'P1', confidence: 0.95 }),
    predicted('b', [100, 0, 110, 20], { confidence: 0.6 }),
    predicted('c', [150, 50, 160, 60], { confidence: 0.3 }),
  ],
  connections: [
    predictedConnection('a', 'b', {
      path: [
        [
          [20, 11],
          [100, 11],
        ],
      ],
    }),
  ],
};

describe('a sheet’s score', () => {
  it('combines every measure, and leaves out what the truth does not cover', () => {
    const score = scoreSheet(sheet, prediction);
    const figures = sheetFigures(score);
    expect(figures.symbols).toEqual({ precision: 2 / 3, recall: 1, f1: 0.8 });
    expect(figures.tagExact).toBe(1);
    expect(figures.textRecall).toBeUndefined();
    expect(figures.pipeRecall).toBeCloseTo(1);
    expect(figures.connections).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(score.calibration.symbols?.map((b) => b.predicted)).toEqual([1, 1, 0, 1]);
    expect(score.calibration.symbols?.map((b) => b.correct)).toEqual([0, 1, 0, 1]);
  });

  it("scores a connection to a pipe's open end as pipe only, not as a connection", () => {
    const end = predicted('end', [196, 6, 200, 14], { elementType: 'pipe', confidence: 0.5 });
    const beyond = predictedConnection('b', 'end', {
      path: [
        [
          [110, 10],
          [200, 10],
        ],
      ],
    });
    const score = scoreSheet(sheet, { elements: [...prediction.elements, end], connections: [...prediction.connections, beyond] });
    expect(score.connections).toEqual({ truth: 1, predicted: 1, matched: 1 });
    expect(score.symbols?.all).toEqual({ truth: 2, predicted: 3, matched: 2 });
    // Its 90 px of path lie beyond the truth's pipe.
    expect(sheetFigures(score).pipePrecision).toBeCloseTo(80 / 170, 1);
  });

  it('has only counts without truth, and adds drawings up', () => {
    const bare = scoreSheet(undefined, prediction);
    expect(bare).toEqual({ calibration: {}, found: { elements: 3, connections: 1 } });
    const both = addScores(scoreSheet(sheet, prediction), bare);
    expect(both.found).toEqual({ elements: 6, connections: 2 });
    expect(both.symbols?.all).toEqual({ truth: 2, predicted: 3, matched: 2 });
    const twice = addScores(scoreSheet(sheet, prediction), scoreSheet(sheet, prediction));
    // b and c are valves, one of them right.
    expect(twice.symbols?.byType.valve).toEqual({ truth: 2, predicted: 4, matched: 2 });
    expect(twice.connections).toEqual({ truth: 2, predicted: 2, matched: 2 });
  });

  it("scores a joint's flanges as one symbol where the dataset boxes joints whole, and as two where it boxes flanges", () => {
    const joint: [number, number, number, number] = [100, 0, 110, 20];
    const faces = {
      elements: [
        predicted('a', [0, 0, 20, 20], { elementType: 'equipment' }),
        predicted('f1', [94, 0, 102, 20], { elementType: 'fitting', className: 'flange', hasSymbolClass: true, joint }),
        predicted('f2', [108, 0, 116, 20], { elementType: 'fitting', className: 'flange', hasSymbolClass: true, joint }),
      ],
      connections: [predictedConnection('a', 'f1'), predictedConnection('f1', 'f2')],
    };
    const truth: TruthSheet = {
      ...sheet,
      symbols: [sheet.symbols[0], { id: 'flange', elementType: 'fitting', className: 'flange', bbox: joint }],
      connections: [{ sourceId: 'pump', targetId: 'flange', relationshipType: 'connects to' }],
      complete: { symbols: true, texts: false, pipes: false, connections: true },
    };
    const whole = scoreSheet({ ...truth, jointsWhole: true }, faces);
    // Each flange is right as its joint (the confidence models' labels).
    expect(judgeSheet({ ...truth, jointsWhole: true }, faces).symbolsRight).toEqual(
      new Map([
        ['a', true],
        ['f1', true],
        ['f2', true],
      ]),
    );
    expect(whole.symbols?.all).toEqual({ truth: 2, predicted: 2, matched: 2 });
    expect(whole.symbols?.naming.flange).toEqual({ located: 1, named: 1 });
    expect(whole.connections).toEqual({ truth: 1, predicted: 1, matched: 1 });
    // Boxed flange by flange, the joint's box is no flange's.
    expect(scoreSheet(truth, faces).symbols?.all).toEqual({ truth: 2, predicted: 3, matched: 1 });
    expect(judgeSheet(truth, faces).symbolsRight).toEqual(
      new Map([
        ['a', true],
        ['f1', false],
        ['f2', false],
      ]),
    );
    // Symbols are judged where the truth has them all, though not its connections.
    const noConnections = { ...truth, connections: [], complete: { ...truth.complete, connections: false } };
    expect(judgeSheet(noConnections, faces).symbolsRight?.get('f1')).toBe(false);
    expect(judgeSheet(noConnections, faces).connectionsRight).toBeUndefined();
  });
  it('passes a predicted symbol standing on an unscored one through, its neighbours connected', () => {
    // A nozzle, then a flange the truth has as a line (y 20) it passes through, then a valve.
    const truth: TruthSheet = {
      ...sheet,
      symbols: [
        { id: 'nozzle', elementType: 'fitting', className: 'nozzle', bbox: [0, 22, 10, 40] },
        { id: 'valve', elementType: 'valve', className: 'gate_valve', bbox: [0, 0, 10, 14] },
      ],
      connections: [{ sourceId: 'nozzle', targetId: 'valve', relationshipType: 'connects to' }],
      unscored: [[1, 20, 9, 20]],
      complete: { symbols: true, texts: false, pipes: false, connections: true },
    };
    const chain = {
      elements: [
        predicted('n', [0, 22, 10, 40], { elementType: 'fitting' }),
        predicted('f', [0, 17, 10, 21], { elementType: 'fitting' }),
        predicted('v', [0, 0, 10, 14]),
      ],
      connections: [predictedConnection('n', 'f'), predictedConnection('f', 'v')],
    };
    const through = scoreSheet(truth, chain);
    // The flange passed through is neither right nor wrong.
    expect(judgeSheet(truth, chain).symbolsRight).toEqual(
      new Map([
        ['n', true],
        ['v', true],
      ]),
    );
    expect(through.symbols?.all).toEqual({ truth: 2, predicted: 2, matched: 2 });
    expect(through.connections).toEqual({ truth: 1, predicted: 1, matched: 1 });
    expect(through.found).toEqual({ elements: 3, connections: 2 });
    // Without the unscored line the flange is a symbol too many and both its connections are wrong.
    const scored = scoreSheet({ ...truth, unscored: undefined }, chain);
    expect(scored.symbols?.all).toEqual({ truth: 2, predicted: 3, matched: 2 });
    expect(scored.connections).toEqual({ truth: 1, predicted: 2, matched: 0 });
    // A large symbol holding the line is no flange on it: a symbol too many.
    const large = { ...chain, elements: [...chain.elements, predicted('big', [0, 15, 30, 45], { elementType: 'equipment' })] };
    expect(scoreSheet(truth, large).symbols?.all).toEqual({ truth: 2, predicted: 3, matched: 2 });
    // A symbol that is a scored one (IoU ≥ 0.5) holding the line is scored as that, not passed through.
    const valveOnLine = scoreSheet({ ...truth, unscored: [[1, 5, 9, 5]] }, chain);
    expect(valveOnLine.symbols?.all).toEqual({ truth: 2, predicted: 3, matched: 2 });
  });
});
