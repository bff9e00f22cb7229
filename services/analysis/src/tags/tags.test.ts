import { describe, expect, it } from 'vitest';
import { parseIsaTag } from './isa-tag';
import { parseLineNumber } from './line-number';
import { cleanReading, parseAmidNoise } from './ocr-noise';

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
});

describe('parseLineNumber', () => {
  it('reads a refinery line number into its parts', () => {
    expect(parseLineNumber('052-MS-001-8"-3CB2S07-H-80')).toEqual({
      text: '052-MS-001-8"-3CB2S07-H-80',
      area: '052',
      service: 'MS',
      sequence: '001',
      size: '8"',
      pipingClass: '3CB2S07',
      insulation: 'H',
      insulationThickness: '80',
    });
  });

  it.each([
    ['2"-P-1001-A1A', { size: '2"', service: 'P', sequence: '1001', pipingClass: 'A1A' }],
    ['6" - CW - 2003 - B2 - IH', { size: '6"', service: 'CW', sequence: '2003', pipingClass: 'B2', insulation: 'IH' }],
    ['1-1/2"-N-0042-CS1', { size: '1-1/2"', service: 'N', sequence: '0042', pipingClass: 'CS1' }],
    ['DN150-PW-301-S2', { size: 'DN150', service: 'PW', sequence: '301', pipingClass: 'S2' }],
    // OCR reads a scanned hyphen as a tilde.
    ['006-SW-500-6"~-1CA1S01-N-50', { text: '006-SW-500-6"-1CA1S01-N-50', size: '6"', service: 'SW', pipingClass: '1CA1S01' }],
  ])('reads %j', (text, parts) => {
    expect(parseLineNumber(text)).toMatchObject(parts);
  });

  it.each(['FIC-101', 'P-101A', 'SEE NOTE 4', '3CB2S07', 'TO V-201', 'C-052-36A'])('rejects %j', (text) => {
    expect(parseLineNumber(text)).toBeUndefined();
  });
});

describe('parseAmidNoise', () => {
  const isaTag = (text: string) => parseIsaTag(text)?.tag;
  it.each([
    ['A TI 305', 'TI-305'],
    ['FT 311 2', 'FT-311'],
    ['EL 2) FV-311', 'FV-311'],
    ['FT 327 NN', 'FT-327'],
    ['|PT-12', 'PT-12'],
    ['LV-302 (lic', 'LV-302'],
    ['FIC 12', 'FIC-12'],
  ])('finds the tag in %j', (text, tag) => {
    expect(parseAmidNoise(text, isaTag)).toBe(tag);
  });

  it.each(['I 308', 'FLOW TO FIC 101', 'NOTE 3', 'TO P&ID 3 / LINE 100', ''])(
    'finds none in %j, where a word that is not noise would be dropped',
    (text) => {
      expect(parseAmidNoise(text, isaTag)).toBeUndefined();
    },
  );
});

describe('cleanReading', () => {
  it.each([
    ['|006-N-391-3"-1CA1S01', '006-N-391-3"-1CA1S01'],
    ['FIC-101 |', 'FIC-101'],
    ['FV-627!', 'FV-627'],
    ['< 006-HC-507-1"-1CA1S01-H-80', '006-HC-507-1"-1CA1S01-H-80'],
    ['[3"-FG-3623-D1E', '3"-FG-3623-D1E'],
    ['[NOTE 1]', '[NOTE 1]'],
    ['<FO>', '<FO>'],
    ['003-P-408-6"-1CAl1S01', '003-P-408-6"-1CA1S01'],
    ['FT-l01', 'FT-101'],
    ['1lCA1S01 P-l', '1CA1S01 P-l'],
    ['Fill line 1 level', 'Fill line 1 level'],
    ['LIC-101', 'LIC-101'],
  ])('reads %j as %j', (text, fixed) => {
    expect(cleanReading(text)).toBe(fixed);
  });
});
