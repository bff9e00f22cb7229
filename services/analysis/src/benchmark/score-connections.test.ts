import { describe, expect, it } from '@jest/globals';
import type { TruthConnection } from './ground-truth';
import { scoreConnections } from './score-connections';
import { predictedConnection } from './test-helpers';

const truth: TruthConnection[] = [
  { sourceId: 'pump', targetId: 'valve', relationshipType: 'connects to' },
  { sourceId: 'valve', targetId: 'tank', relationshipType: 'connects to' },
];
const matches = new Map([
  ['p-pump', 'pump'],
  ['p-valve', 'valve'],
  ['p-tank', 'tank'],
]);

describe('connection scoring', () => {
  it('accepts a connection whose two ends match a truth connection, in either order', () => {
    const score = scoreConnections(truth, [predictedConnection('p-valve', 'p-pump'), predictedConnection('p-valve', 'p-tank')], matches);
    expect(score.correct).toEqual([true, true]);
    expect(score.counts).toEqual({ truth: 2, predicted: 2, matched: 2 });
  });

  it('counts a connection with one wrong or unmatched end as a false positive', () => {
    const score = scoreConnections(truth, [predictedConnection('p-pump', 'p-tank'), predictedConnection('p-pump', 'unmatched')], matches);
    expect(score.correct).toEqual([false, false]);
    expect(score.counts).toEqual({ truth: 2, predicted: 2, matched: 0 });
  });

  it('takes each truth connection once', () => {
    const score = scoreConnections(truth, [predictedConnection('p-pump', 'p-valve'), predictedConnection('p-pump', 'p-valve')], matches);
    expect(score.correct).toEqual([true, false]);
  });

  it('counts apart the connections whose two ends were found, so tracing is judged apart from symbol finding', () => {
    const partial = new Map([
      ['p-pump', 'pump'],
      ['p-valve', 'valve'],
    ]);
    const score = scoreConnections(truth, [predictedConnection('p-pump', 'p-valve'), predictedConnection('p-valve', 'p-lost')], partial);
    expect(score.counts).toEqual({ truth: 2, predicted: 2, matched: 1 });
    // valve–tank cannot be traced (the tank was not found); the connection to an unmatched symbol is not judged.
    expect(score.onFoundEnds).toEqual({ truth: 1, predicted: 1, matched: 1 });
  });

  it("counts each truth connection's outcome by the style of its pipe: matched, an end not found, traced wrong", () => {
    const drawn: TruthConnection[] = [
      { sourceId: 'pump', targetId: 'valve', pipeId: 'p1', relationshipType: 'connects to' },
      { sourceId: 'valve', targetId: 'tank', pipeId: 'p2', relationshipType: 'connects to' },
      { sourceId: 'bubble', targetId: 'valve', pipeId: 's1', relationshipType: 'controls' },
      { sourceId: 'gauge', targetId: 'tank', pipeId: 's2', relationshipType: 'senses' },
      { sourceId: 'pump', targetId: 'tank', relationshipType: 'connects to' },
    ];
    const found = new Map([...matches, ['p-bubble', 'bubble']]);
    const style = ({ pipeId }: TruthConnection) => (pipeId?.startsWith('s') ? 'dashed' : pipeId ? 'solid' : 'unknown');
    // pump–valve is traced, valve–tank and bubble–valve are not, the gauge was not found, pump–tank's pipe is unknown.
    const score = scoreConnections(
      drawn,
      [predictedConnection('p-valve', 'p-pump'), predictedConnection('p-bubble', 'p-tank')],
      found,
      style,
    );
    expect(score.outcomes).toEqual({
      'matched/solid': 1,
      'traced wrong/solid': 1,
      'traced wrong/dashed': 1,
      'end not found/dashed': 1,
      'traced wrong/unknown': 1,
    });
  });

  it('matches as many truth connections on one pair of ends as were predicted there, the first first', () => {
    const twice: TruthConnection[] = [
      { sourceId: 'pump', targetId: 'valve', pipeId: 'p1', relationshipType: 'connects to' },
      { sourceId: 'valve', targetId: 'pump', pipeId: 's1', relationshipType: 'senses' },
    ];
    const style = ({ pipeId }: TruthConnection) => (pipeId?.startsWith('s') ? 'dashed' : 'solid');
    const score = scoreConnections(twice, [predictedConnection('p-pump', 'p-valve')], matches, style);
    expect(score.outcomes).toEqual({ 'matched/solid': 1, 'traced wrong/dashed': 1 });
  });
});
