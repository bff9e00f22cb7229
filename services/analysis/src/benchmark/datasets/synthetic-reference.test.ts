import { describe, expect, it } from '@jest/globals';
import { parseYolo } from './synthetic-reference';

describe('synthetic_reference loader', () => {
  it('turns normalised YOLO centre boxes into untyped pixel boxes', () => {
    expect(parseYolo('20 0.5 0.25 0.1 0.1\n\n', 1000, 200)).toEqual([
      { id: 's1', elementType: 'node', className: 'class_20', bbox: [450, 40, 550, 60] },
    ]);
  });
});
