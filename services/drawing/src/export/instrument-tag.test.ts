import { describe, expect, it } from '@jest/globals';
import { instrumentTag } from './drawing-export';

describe('the Instruments sheet’s reading of a name', () => {
  it.each([
    ['FIC-101', { tag: 'FIC-101', letters: 'FIC', measuredVariable: 'Flow', loop: '101' }],
    ['fic 101', { tag: 'FIC-101', letters: 'FIC', measuredVariable: 'Flow', loop: '101' }],
    ['PT1001A', { tag: 'PT-1001A', letters: 'PT', measuredVariable: 'Pressure', loop: '1001' }],
    ['TT_205', { tag: 'TT-205', letters: 'TT', measuredVariable: 'Temperature', loop: '205' }],
    ['10-LIC-205', { tag: '10-LIC-205', letters: 'LIC', measuredVariable: 'Level', loop: '10-205' }],
    [' PDT - 12 ', { tag: 'PDT-12', letters: 'PDT', measuredVariable: 'Pressure', loop: '12' }],
    ['FIC\n101', { tag: 'FIC-101', letters: 'FIC', measuredVariable: 'Flow', loop: '101' }],
    ['MI-77', { tag: 'MI-77', letters: 'MI', measuredVariable: "User's choice", loop: '77' }],
    // ISA-5.1: C is the user's choice, not conductivity.
    ['CIT-300', { tag: 'CIT-300', letters: 'CIT', measuredVariable: "User's choice", loop: '300' }],
  ])('reads %j', (name, expected) => {
    expect(instrumentTag(name)).toEqual(expected);
  });

  it.each(['Pressure gauge', '', 'FIC-', '101', 'ABCDEFG-1', 'FIC-101-B2', 'P-101'])('does not read %j as a tag', (name) => {
    expect(instrumentTag(name)).toBeUndefined();
  });
});
