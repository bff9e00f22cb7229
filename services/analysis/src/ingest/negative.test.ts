import { describe, expect, it } from '@jest/globals';
import { invertNegative } from './negative';

describe('negative pages', () => {
  it('turns a blueprint (light lines on dark paper) into dark ink on light paper', () => {
    const gray = new Uint8Array(100 * 100).fill(60);
    gray.fill(230, 50 * 100, 51 * 100);
    expect(invertNegative(gray)).toBe(true);
    expect(gray[0]).toBe(195);
    expect(gray[50 * 100 + 10]).toBe(25);
  });

  it('leaves a page on light paper as it is, however much ink it holds', () => {
    const gray = new Uint8Array(100 * 100).fill(240);
    gray.fill(0, 0, 40 * 100);
    expect(invertNegative(gray)).toBe(false);
    expect([gray[0], gray[99 * 100]]).toEqual([0, 240]);
  });
});
