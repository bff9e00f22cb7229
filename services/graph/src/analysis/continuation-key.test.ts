import { describe, expect, it } from '@jest/globals';
import { continuationKey } from './continuation-key';

describe('continuationKey', () => {
  it('is the same for the two ends of one continuation, whatever the case, spacing, punctuation and direction', () => {
    expect(continuationKey('TO P&ID 2 / LINE 100')).toBe('LINE100');
    expect(continuationKey('from P & ID 1 – line 100')).toBe('LINE100');
    expect(continuationKey('CONT’D ON SHEET 3: line-100')).toBe('LINE100');
    expect(continuationKey('TO P&ID 3/LINE 100')).toBe('LINE100');
    expect(continuationKey('A')).toBe('A');
    expect(continuationKey('6"-P-1023 TO DWG 100-PID-003')).toBe(continuationKey('6" P-1023 FROM DWG 100-PID-002'));
  });

  it('tells different continuations apart', () => {
    expect(continuationKey('TO P&ID 2 / LINE 100')).not.toBe(continuationKey('TO P&ID 2 / LINE 101'));
  });

  it('finds none in a label that only names a sheet or a direction, or in no label', () => {
    expect(continuationKey('TO DWG 102')).toBeUndefined();
    expect(continuationKey('FROM SHEET 4')).toBeUndefined();
    expect(continuationKey(' -- ')).toBeUndefined();
    expect(continuationKey('')).toBeUndefined();
  });
});
