import { describe, expect, it } from '@jest/globals';
import { parseIsaTag } from './isa-tag';

describe('parseIsaTag', () => {
  it.each([
    ['FIC-101', 'FIC-101', 'F', ['I', 'C'], []],
    ['FIC 101', 'FIC-101', 'F', ['I', 'C'], []],
    ['FIC101', 'FIC-101', 'F', ['I', 'C'], []],
    ['PT\n008A', 'PT-008A', 'P', ['T'], []],
    ['052 / PT / 008A', '052-PT-008A', 'P', ['T'], []],
    ['PT / 052 / 008A', '052-PT-008A', 'P', ['T'], []],
    ['LAHH-12', 'LAHH-12', 'L', ['A'], ['HH']],
    ['PSH 204', 'PSH-204', 'P', ['S'], ['H']],
    ['F1C-1O1', 'FIC-101', 'F', ['I', 'C'], []],
  ])('reads %j as %s', (text, tag, first, functions, modifiers) => {
    const parsed = parseIsaTag(text);
    expect(parsed?.tag).toBe(tag);
    expect(parsed?.measuredVariable.letter).toBe(first);
    expect(parsed?.functions.map((f) => f.letter)).toEqual(functions);
    expect(parsed?.functionModifiers.map((f) => f.letter)).toEqual(modifiers);
  });

  it('takes exact text (a PDF text layer) as written: digits are no letters there', () => {
    expect(parseIsaTag('200/150', { exact: true })).toBeUndefined();
    expect(parseIsaTag('FIC 101', { exact: true })?.tag).toBe('FIC-101');
  });

  it('reads no letters from a part mostly digits, OCR or not: an area code and a loop are no tag', () => {
    expect(parseIsaTag('200/150')).toBeUndefined();
    expect(parseIsaTag('052 036')).toBeUndefined();
    expect(parseIsaTag('0S2 036')).toBeUndefined();
    expect(parseIsaTag('P1 101')?.tag).toBe('PI-101');
  });

  it('reads IEC 62424 letter codes: limit signs and brackets are no letters', () => {
    const trip = parseIsaTag('PIS⁺Z⁺A 275003', { exact: true });
    expect(trip?.tag).toBe('PISZA-275003');
    expect(trip?.functions.map((f) => f.letter)).toEqual(['I', 'S', 'Z', 'A']);
    expect(trip?.functionModifiers.map((f) => f.meaning)).toEqual(['high', 'high']);
    expect(parseIsaTag('PI(Z)\n275003A', { exact: true })?.tag).toBe('PIZ-275003A');
    expect(parseIsaTag('TIC+ 12')?.functionModifiers.map((f) => f.letter)).toEqual(['H']);
  });

  it('tells a safety valve (PSV) from a pressure switch (PSH) and a differential transmitter', () => {
    expect(parseIsaTag('PSV-1001')?.variableModifiers.map((m) => m.meaning)).toEqual(['safety']);
    expect(parseIsaTag('PSV-1001')?.functions.map((f) => f.meaning)).toEqual(['valve, damper, louver']);
    expect(parseIsaTag('PDT-17')?.variableModifiers.map((m) => m.meaning)).toEqual(['differential']);
    expect(parseIsaTag('PDT-17')?.measuredVariable.meaning).toBe('pressure');
  });

  it.each(['P-101A', 'V-201', 'HELLO WORLD', '2"-P-1001-A1A', 'NOTE 3', '', 'FIC-', 'REBOILER', 'COOLER'])('rejects %j', (text) => {
    expect(parseIsaTag(text)).toBeUndefined();
  });
  it('gives the first letters their ISA-5.1 meanings; C, D, G, M, N and O are the user’s choice', () => {
    expect(parseIsaTag('FIC-101')?.measuredVariable).toEqual({ letter: 'F', meaning: 'flow' });
    for (const letter of ['C', 'D', 'G', 'M', 'N', 'O'])
      expect(parseIsaTag(`${letter}I-101`, { exact: true })?.measuredVariable).toEqual({ letter, meaning: "user's choice" });
  });

  it('reads typed names as written (`exact`): any case, spaces, underscores, line breaks and an area prefix', () => {
    const read = (name: string) => {
      const tag = parseIsaTag(name, { exact: true });
      return tag && { tag: tag.tag, area: tag.area, letters: tag.letters, loop: tag.loop };
    };
    expect(read('fic 101')).toEqual({ tag: 'FIC-101', area: undefined, letters: 'FIC', loop: '101' });
    expect(read('PT1001A')).toEqual({ tag: 'PT-1001A', area: undefined, letters: 'PT', loop: '1001A' });
    expect(read('TT_205')).toEqual({ tag: 'TT-205', area: undefined, letters: 'TT', loop: '205' });
    expect(read('10-LIC-205')).toEqual({ tag: '10-LIC-205', area: '10', letters: 'LIC', loop: '205' });
    expect(read(' PDT - 12 ')).toEqual({ tag: 'PDT-12', area: undefined, letters: 'PDT', loop: '12' });
    expect(read('FIC\n101')).toEqual({ tag: 'FIC-101', area: undefined, letters: 'FIC', loop: '101' });
    for (const name of ['Pressure gauge', '101', 'ABCDEFG-1', 'FIC-101-B2']) expect(read(name)).toBeUndefined();
  });
});
