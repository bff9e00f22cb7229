import { describe, expect, it } from 'vitest';
import { parseIsaTag } from './isa-tag';

describe('parseIsaTag', () => {
  it.each([
    ['FIC-101', { tag: 'FIC-101', letters: 'FIC', measuredVariable: 'Flow', loop: '101' }],
    ['fic 101', { tag: 'FIC-101', letters: 'FIC', measuredVariable: 'Flow', loop: '101' }],
    ['PT1001A', { tag: 'PT-1001A', letters: 'PT', measuredVariable: 'Pressure', loop: '1001' }],
    ['TT_205', { tag: 'TT-205', letters: 'TT', measuredVariable: 'Temperature', loop: '205' }],
    ['10-LIC-205', { tag: '10-LIC-205', letters: 'LIC', measuredVariable: 'Level', loop: '10-205' }],
    [' PDT - 12 ', { tag: 'PDT-12', letters: 'PDT', measuredVariable: 'Pressure', loop: '12' }],
    ['FIC\n101', { tag: 'FIC-101', letters: 'FIC', measuredVariable: 'Flow', loop: '101' }],
    ['MI-7', { tag: 'MI-7', letters: 'MI', measuredVariable: "User's choice", loop: '7' }],
  ])('reads %j', (name, expected) => {
    expect(parseIsaTag(name)).toEqual(expected);
  });

  it.each(['Pressure gauge', '', 'FIC-', '101', 'ABCDEFG-1', 'FIC-101-B2'])('does not read %j as a tag', (name) => {
    expect(parseIsaTag(name)).toBeUndefined();
  });
});
