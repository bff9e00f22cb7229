import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { makeToken } from '../../test/api-stub';
import { readUsableToken } from './session-storage';
import { decodeTokenPayload, isTokenExpired } from './token';

describe('token expiry (spec §4)', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  afterEach(() => localStorage.clear());

  it('compares exp × 1000 with the current time in milliseconds', () => {
    expect(isTokenExpired(makeToken(60, now), now)).toBe(false);
    expect(isTokenExpired(makeToken(-60, now), now)).toBe(true);
    // exp exactly now: no time left.
    expect(isTokenExpired(makeToken(0, now), now)).toBe(true);
  });

  it('uses the real clock by default', () => {
    jest.useFakeTimers({ now });
    const token = makeToken(10, now);
    expect(isTokenExpired(token)).toBe(false);
    jest.setSystemTime(now + 11_000);
    expect(isTokenExpired(token)).toBe(true);
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object', { exp: 9999999999 }],
    ['a string that is no token', 'not-a-token'],
    ['a token whose payload is not base64 JSON', 'aaa.%%%.ccc'],
    ['a token without exp', `x.${btoa(JSON.stringify({ sub: 'u' }))}.y`],
  ])('treats %s as invalid', (_name, token) => {
    expect(isTokenExpired(token, now)).toBe(true);
  });

  it('decodes base64url payloads', () => {
    expect(decodeTokenPayload(makeToken(60, now))).toMatchObject({ sub: 'user-1', exp: Math.floor(now / 1000) + 60 });
  });

  it('drops an expired stored token, and the stored user with it', () => {
    localStorage.setItem('token', makeToken(-1));
    localStorage.setItem('user', '{"_id":"user-1"}');

    expect(readUsableToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
