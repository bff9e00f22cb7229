import { describe, expect, it } from '@jest/globals';
import { parseIsaTag } from '@pid/platform/tags';
import { parseLineNumber } from './line-number';
import { cleanReading, parseAmidNoise } from './ocr-noise';

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
