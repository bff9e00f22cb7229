import { describe, expect, it } from '@jest/globals';
import { styledPdfDrawings } from './synthetic';

describe('styled generated PDFs', () => {
  it('hold each drafting style at each density in any nine in a row, one in four on A1', () => {
    const drawings = styledPdfDrawings({ seed: 51511, count: 12 });
    // Names are `syn-<seed>-<style>-<density>-<paper>` (a style's name has hyphens of its own).
    const parts = drawings.map(({ name }) => /^syn-\d+-(.+)-(sparse|normal|dense)-(A\d)$/.exec(name)!.slice(1));
    for (const from of [0, 3]) {
      const nine = parts.slice(from, from + 9).map(([style, density]) => `${style} ${density}`);
      expect(new Set(nine).size).toBe(9);
    }
    expect(parts.map(([, , paper]) => paper)).toEqual(['A3', 'A3', 'A3', 'A1', 'A3', 'A3', 'A3', 'A1', 'A3', 'A3', 'A3', 'A1']);
    expect(drawings.every(({ dataset }) => dataset === 'synthetic-pdf')).toBe(true);
  });
});
