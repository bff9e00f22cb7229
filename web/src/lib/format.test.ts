import { describe, expect, it } from '@jest/globals';
import { formatCurrency, formatDate, formatIntervalSuffix, formatMinorUnits } from './format';

describe('formatIntervalSuffix (spec §9)', () => {
  it.each([
    ['year', 1, '/year'],
    ['month', 1, '/month'],
    ['week', 1, '/week'],
    ['day', 1, '/day'],
    ['year', 2, '/2 years'],
    ['month', 3, '/3 months'],
    ['week', 6, '/6 weeks'],
    ['day', 10, '/10 days'],
  ])('%s × %i → %s', (interval, count, suffix) => {
    expect(formatIntervalSuffix(interval, count)).toBe(suffix);
  });

  it('defaults to month, and to a count of 1', () => {
    expect(formatIntervalSuffix()).toBe('/month');
    expect(formatIntervalSuffix(undefined, 2)).toBe('/2 months');
    expect(formatIntervalSuffix('year', null)).toBe('/year');
    expect(formatIntervalSuffix('year', 0)).toBe('/year');
  });
});

describe('formatCurrency', () => {
  it('formats the unit amount en-US, whatever the case of the currency code', () => {
    expect(formatCurrency(100, 'usd')).toBe('$100.00');
    expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatCurrency(100, 'eur')).toBe('€100.00');
    expect(formatCurrency(100, 'gbp')).toBe('£100.00');
  });

  it('defaults to USD', () => {
    expect(formatCurrency(100)).toBe('$100.00');
    expect(formatCurrency(100, null)).toBe('$100.00');
  });

  it('still shows an amount in a currency it does not know', () => {
    expect(formatCurrency(5, 'not-a-code')).toBe('5.00 NOT-A-CODE');
  });
});

describe('formatMinorUnits', () => {
  it('divides by 100', () => {
    expect(formatMinorUnits(10000, 'usd')).toBe('$100.00');
    expect(formatMinorUnits(999)).toBe('$9.99');
  });
});

describe('formatDate', () => {
  it('reads ISO strings, epoch seconds and milliseconds', () => {
    expect(formatDate('2026-03-04T12:00:00Z')).toBe('March 4, 2026');
    expect(formatDate(Date.UTC(2026, 2, 4, 12) / 1000)).toBe('March 4, 2026');
    expect(formatDate(Date.UTC(2026, 2, 4, 12))).toBe('March 4, 2026');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
