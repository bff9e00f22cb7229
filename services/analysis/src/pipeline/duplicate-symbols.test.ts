import { describe, expect, it } from '@jest/globals';
import type { ElementType } from '@pid/contracts';
import { withoutDuplicates } from './duplicate-symbols';
import { boxedSymbol } from '../testing/symbols';

const symbol = (x0: number, y0: number, x1: number, y1: number, confidence: number, elementType: ElementType = 'fitting') =>
  boxedSymbol(x0, y0, x1, y1, elementType, confidence);

describe('withoutDuplicates', () => {
  it('keeps the surer of two boxes on the same ink, whichever comes first', () => {
    const strainer = symbol(100, 100, 130, 125, 0.8);
    const again = symbol(102, 101, 131, 127, 0.6);
    expect(withoutDuplicates([again, strainer])).toEqual([strainer]);
    expect(withoutDuplicates([strainer, again])).toEqual([strainer]);
  });

  it('drops a less sure box lying inside another of a third its size or more: a strainer grid read as a flange joint', () => {
    const strainer = symbol(555, 366, 580, 388, 0.82);
    const joint = symbol(556, 373, 577, 384, 0.6);
    expect(withoutDuplicates([strainer, joint])).toEqual([strainer]);
    // The surer one stays, also when it is the inner one.
    const sureJoint = { ...joint, confidence: 0.9 };
    expect(withoutDuplicates([strainer, sureJoint])).toEqual([sureJoint]);
  });

  it('drops a flange lying inside a valve, however small, and keeps one beside it on its pipe', () => {
    const valve = symbol(300, 300, 340, 330, 0.6, 'valve');
    const waist = { ...symbol(316, 305, 324, 325, 0.9), description: 'flange' };
    const beside = { ...symbol(342, 305, 348, 325, 0.9), description: 'flange' };
    expect(withoutDuplicates([valve, waist, beside])).toEqual([valve, beside]);
  });

  it('drops a flange lying inside a fitting of no class of ours, and keeps one inside an orifice plate', () => {
    const sightGlass = { ...symbol(300, 300, 330, 340, 0.5), description: 'symbol' };
    const rim = { ...symbol(302, 302, 328, 308, 0.9), description: 'flange' };
    const plate = { ...symbol(400, 300, 420, 340, 0.5), description: 'orifice plate' };
    const face = { ...symbol(402, 302, 408, 338, 0.9), description: 'flange' };
    expect(withoutDuplicates([sightGlass, rim, plate, face])).toEqual([sightGlass, plate, face]);
  });

  it('keeps a small symbol drawn inside a large one, neighbours that touch, and every text', () => {
    const vessel = symbol(0, 0, 200, 400, 0.9, 'equipment');
    const flange = symbol(90, 380, 110, 390, 0.6);
    const valve = symbol(300, 300, 330, 320, 0.7, 'valve');
    const nextValve = symbol(325, 300, 355, 320, 0.5, 'valve');
    const label = symbol(301, 301, 329, 319, 0.4, 'text');
    const all = [vessel, flange, valve, nextValve, label];
    expect(withoutDuplicates(all)).toEqual(all);
  });
});
