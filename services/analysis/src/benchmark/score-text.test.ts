import { describe, expect, it } from '@jest/globals';
import type { TruthSymbol, TruthText } from './ground-truth';
import { normaliseTag, scoreText } from './score-text';
import { predicted } from './test-helpers';

const tag: TruthText = { string: 'FIC-101', bbox: [0, 0, 100, 20], role: 'tag' };
const label: TruthText = { string: 'TO FLARE', bbox: [0, 100, 100, 120], role: 'label' };

describe('text scoring', () => {
  it('normalises case, whitespace and the separators - _ .', () => {
    expect(normaliseTag(' fic-101 ')).toBe('FIC101');
    expect(normaliseTag('LR022 . 80_150')).toBe('LR02280150');
    expect(normaliseTag('P-101A')).not.toBe(normaliseTag('P-101B'));
  });

  it('finds a text covered by half or at IoU 0.3, and reads its tag exactly', () => {
    const score = scoreText(
      { symbols: [], texts: [tag, label] },
      [
        predicted('p1', [0, 0, 60, 20], { elementType: 'text', name: 'FIC 101' }),
        predicted('p2', [0, 100, 40, 120], { elementType: 'text' }),
      ],
      new Map(),
    );
    // p1 covers 60 % of the tag; p2 covers 40 % of the label at IoU 0.4.
    expect(score.detection).toEqual({ truth: 2, found: 2 });
    expect(score.tags).toEqual({ truth: 1, exact: 1 });
  });

  it('does not find a text from an element without text, nor with too little overlap', () => {
    const score = scoreText(
      { symbols: [], texts: [tag] },
      [predicted('p1', [0, 0, 100, 20], { elementType: 'valve' }), predicted('p2', [0, 0, 25, 20], { elementType: 'text', name: 'FIC' })],
      new Map(),
    );
    expect(score.detection).toEqual({ truth: 1, found: 0 });
    expect(score.tags).toEqual({ truth: 1, exact: 0 });
  });

  it('reads a symbol tag from the prediction matched to the symbol', () => {
    const symbol: TruthSymbol = { id: 't1', elementType: 'instrument', className: 'field_instrument', bbox: [0, 0, 50, 50], tag: 'PI-7' };
    const right = predicted('p1', [0, 0, 50, 50], { elementType: 'instrument', name: 'pi 7' });
    expect(scoreText({ symbols: [symbol], texts: [] }, [right], new Map([['p1', 't1']])).tags).toEqual({ truth: 1, exact: 1 });
    expect(scoreText({ symbols: [symbol], texts: [] }, [right], new Map()).tags).toEqual({ truth: 1, exact: 0 });
  });

  it('reads a truth tag that is a loop number alone (DEXPI) from an instrument tag of that loop, not of another', () => {
    const symbol: TruthSymbol = {
      id: 't1',
      elementType: 'instrument',
      className: 'field_instrument',
      bbox: [0, 0, 50, 50],
      tag: '275003A',
    };
    const tags = (name: string) =>
      scoreText(
        { symbols: [symbol], texts: [] },
        [predicted('p1', [0, 0, 50, 50], { elementType: 'instrument', name })],
        new Map([['p1', 't1']]),
      ).tags.exact;
    expect(tags('PIZ-275003A')).toBe(1);
    expect(tags('PIZ-275003')).toBe(0);
    expect(tags('P-275003A')).toBe(0);
  });

  it("scores the parts of a bubble's tag through the bubble, once, and a symbol's name read beside it where it was read", () => {
    const bubble: TruthSymbol = { id: 't1', elementType: 'instrument', className: 'field_instrument', bbox: [0, 0, 60, 60], tag: 'FT-627' };
    const letters: TruthText = { string: 'FT', bbox: [15, 10, 45, 28], role: 'tag' };
    const number: TruthText = { string: '627', bbox: [12, 32, 48, 50], role: 'tag' };
    const valveTag: TruthText = { string: 'XV-12', bbox: [100, 0, 160, 20], role: 'tag' };
    const elements = [
      predicted('p1', [0, 0, 60, 60], { elementType: 'instrument', name: 'FT-627' }),
      {
        ...predicted('p2', [100, 40, 140, 80], { elementType: 'valve', name: 'XV-12' }),
        tagBox: [100, 0, 160, 20] as [number, number, number, number],
      },
    ];
    const score = scoreText({ symbols: [bubble], texts: [letters, number, valveTag] }, elements, new Map([['p1', 't1']]));
    expect(score.tags).toEqual({ truth: 2, exact: 2 });
    expect(score.detection).toEqual({ truth: 3, found: 3 });
  });
});
